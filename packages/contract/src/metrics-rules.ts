// Zod-free half of metrics.ts: the event names, for the web's `track` that runs on the login page
// too (its JS budget cannot carry zod). metrics.ts re-exports everything here.

export const METRIC_EVENTS = [
  'start_connect_request',
  'autoconnect_page_opened',
  'lk_login',
  'connect_qr',
  'connect_qr_open',
  'connect_qr_error',
  'connect_stop',
  'connect_reload',
  'open_template_all',
  'open_template_event',
  'open_template_time',
  'open_template_chain',
  'view_template_stats',
  'open_template',
  'save_template_changes',
  'toggle_template_on',
  'toggle_template_off',
  'open_new_template',
  'save_template_chain',
  'open_sendout_page',
  'download_template',
  'import_sendout_list',
  'sendout_list_error',
  'preview_sendout',
  'schedule_sendout',
  'sendout_advanced_stats',
  'friend_new_promo_open',
  'friend_promo_create',
  'friend_promo_stop',
  'friend_read',
  'friend_video',
] as const;
export type MetricEvent = (typeof METRIC_EVENTS)[number];

export const CUSTOM_EVENT_PATH = 'send_custom_event';
// SPEC 7 "Custom event names include login, Connect_open, Sample_new_done, Spam_go".
export const CUSTOM_EVENTS = ['login', 'Connect_open', 'Sample_new_done', 'Spam_go'] as const;
export type CustomEvent = (typeof CUSTOM_EVENTS)[number];
export const CUSTOM_EVENT_NAME = /^[A-Za-z0-9_ -]{1,64}$/;

export function isMetricEvent(name: string): name is MetricEvent {
  return (METRIC_EVENTS as readonly string[]).includes(name);
}
