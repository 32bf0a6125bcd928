// Zod-free rules of templates (SPEC 3 Template, SPEC 4 Template editing, SPEC 5, SPEC 9 Templates),
// shared by the cabinet's editor and the server's engine.

import type { OptInLinkVariable } from './bot-links.js';

export const TEMPLATE_CATEGORIES = [
  'before_start',
  'after_end',
  'after_deletion',
  'all_day_recs_notifications',
  'event',
  'consent',
  'happy_birthday',
] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

export const EVENT_KINDS = [
  'record_create',
  'record_update',
  'record_delete',
  'record_paid',
  'record_canceled',
  'record_done',
  'integration',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];
export const CONSENT_KINDS = ['record_create_consent', 'record_confirm_consent'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

// SPEC 3: a template is event-based (em) if whenSend is event or consent, else time-based (tm).
export type TemplateKind = 'tm' | 'em';
export function templateKind(category: TemplateCategory): TemplateKind {
  return category === 'event' || category === 'consent' ? 'em' : 'tm';
}
// SPEC 3 List item: the id's first character is a prefix of the kind.
export const LIST_ID_PREFIX: Record<TemplateKind, string> = { tm: 't', em: 'e' };

// SPEC 3 Record client status.
export const ATTENDANCE = { didNotCome: -1, expectation: 0, came: 1, confirmed: 2 } as const;
export type Attendance = (typeof ATTENDANCE)[keyof typeof ATTENDANCE];

// Categories whose whenSend2 is an offset in hours (days + minutes/60) from a record's moment.
export const OFFSET_CATEGORIES = ['before_start', 'after_end', 'after_deletion'] as const;
// Categories whose whenSend2 is a signed day count sent at whenTime (SPEC 4).
export const DAY_CATEGORIES = ['all_day_recs_notifications', 'happy_birthday'] as const;
export function isOffsetCategory(c: TemplateCategory): c is (typeof OFFSET_CATEGORIES)[number] {
  return (OFFSET_CATEGORIES as readonly string[]).includes(c);
}
export function isDayCategory(c: TemplateCategory): c is (typeof DAY_CATEGORIES)[number] {
  return (DAY_CATEGORIES as readonly string[]).includes(c);
}
// all-day notice: 1 the record will be (the day before), 0 today, -1 done (the day after).
// birthday: 1 the day before, 0 on the day, -1 the day after.
export const DAY_OPTIONS = [1, 0, -1] as const;

// SPEC 9 Templates: minutes round to 15; minimum offsets; default before-start 0.25 h.
export const OFFSET_MINUTES_STEP = 15;
export const TIME_STEP_MINUTES = 5;
export const MAX_OFFSET_DAYS = 60;
export const MIN_OFFSET_MINUTES: Record<(typeof OFFSET_CATEGORIES)[number], number> = {
  before_start: 15,
  after_end: 15,
  after_deletion: 15,
};
export const DEFAULT_WHEN_SEND2: Record<TemplateCategory, number | string> = {
  before_start: 0.25,
  after_end: 0.25,
  after_deletion: 0.25,
  all_day_recs_notifications: 1,
  event: 'record_create',
  consent: 'record_create_consent',
  happy_birthday: 0,
};
export const DEFAULT_WHEN_TIME = '10:00';
export const DEFAULT_TEMPLATE_TITLE = 'New template';
// SPEC 4: a copy's title gets a tag, in the language of the person copying.
export const COPY_TAGS = { ru: ' (копия)', en: ' (copy)' } as const;
export const COPY_TAG = COPY_TAGS.ru;
export const MAX_CONTENT_ITEMS = 5;
export const TEMPLATE_TEXT_MAX = 4096;
export const TEMPLATE_TITLE_MAX = 120;

// whenSend2 of an offset category from its editor fields, and back.
export function offsetHours(days: number, minutes: number): number {
  return days * 24 + minutes / 60;
}
export function splitOffset(hours: number): { days: number; minutes: number } {
  const total = Math.round(hours * 60);
  return { days: Math.floor(total / 1440), minutes: total % 1440 };
}
// SPEC 5: clamp the day and minute fields and round minutes to 15; never below the category minimum.
export function clampOffset(
  category: (typeof OFFSET_CATEGORIES)[number],
  days: number,
  minutes: number,
): { days: number; minutes: number } {
  const d = Math.min(MAX_OFFSET_DAYS, Math.max(0, Math.floor(Number.isFinite(days) ? days : 0)));
  let m = Math.round((Number.isFinite(minutes) ? minutes : 0) / OFFSET_MINUTES_STEP) * OFFSET_MINUTES_STEP;
  m = Math.min(1440 - OFFSET_MINUTES_STEP, Math.max(0, m));
  if (d === 0 && m < MIN_OFFSET_MINUTES[category]) m = MIN_OFFSET_MINUTES[category];
  return { days: d, minutes: m };
}
export function isValidOffsetHours(category: (typeof OFFSET_CATEGORIES)[number], hours: number): boolean {
  if (!Number.isFinite(hours)) return false;
  const minutes = hours * 60;
  return (
    Math.abs(minutes - Math.round(minutes / OFFSET_MINUTES_STEP) * OFFSET_MINUTES_STEP) < 1e-6 &&
    minutes >= MIN_OFFSET_MINUTES[category] &&
    hours <= MAX_OFFSET_DAYS * 24 + 23.75
  );
}

// SPEC 4: changing whenSend presets the attendance flags.
export const ATTENDANCE_PRESETS: Record<TemplateCategory, Attendance[]> = {
  before_start: [0, 2],
  after_end: [1, 2],
  after_deletion: [-1],
  all_day_recs_notifications: [0],
  event: [-1, 0, 1, 2],
  consent: [-1, 0, 1, 2],
  happy_birthday: [-1, 0, 1, 2],
};

// SPEC 3 Variables. Written in a text as {name}.
export const RECORD_VARIABLES = [
  'name',
  'full_name',
  'day_of_week',
  'day_month',
  'digital_date',
  'start_time',
  'end_time',
  'start_end_time',
  'master',
  'price',
  'filial_name',
  'client_phone',
  'services',
  'time_service',
  'time_master',
  'review_link',
  'record_link',
  'tips_link',
  'bonus_add',
  'bonus_withdraw',
  'bonus_balance',
] as const;
export const BIRTHDAY_VARIABLES = ['name'] as const;
export const MAILING_VARIABLES = ['name', 'phone'] as const;
export const PARTNER_LINK_VARIABLE = 'partner_link';
// Issue 19: the client's invite to the salon's MAX bot or Telegram bot (bot-links.ts), in every
// template and send-out; empty while the branch has no such bot connected.
export const OPT_IN_VARIABLES = ['max_link', 'tg_bot_link'] as const satisfies readonly OptInLinkVariable[];
export type TemplateVariable =
  (typeof RECORD_VARIABLES)[number] | typeof PARTNER_LINK_VARIABLE | (typeof OPT_IN_VARIABLES)[number];

export function allowedVariables(category: TemplateCategory, withLoyaltyAction: boolean): string[] {
  const base: string[] = category === 'happy_birthday' ? [...BIRTHDAY_VARIABLES] : [...RECORD_VARIABLES];
  base.push(...OPT_IN_VARIABLES);
  if (withLoyaltyAction) base.push(PARTNER_LINK_VARIABLE);
  return base;
}

const VARIABLE_PATTERN = /\{([^{}\s]*)\}/g;
export function variablesIn(text: string): string[] {
  return [...text.matchAll(VARIABLE_PATTERN)].map((m) => m[1]!);
}
// The keys of a text that are not variables of its category (SPEC 8 'Некорректные ключи в сообщении').
export function unknownVariables(text: string, allowed: readonly string[]): string[] {
  return [...new Set(variablesIn(text).filter((v) => !allowed.includes(v)))];
}
export function renderVariables(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(VARIABLE_PATTERN, (whole, key: string) => (key in values ? values[key]! : whole));
}

// Client answers to a confirm-record question.
export const CONFIRM_ANSWERS = ['1', 'да', 'yes', 'подтверждаю', 'ok', 'ок'];
export const CANCEL_ANSWERS = ['2', 'нет', 'no', 'отмена', 'отменить', 'cancel'];
// How long after a confirm question an answer still counts, and after a send a booking is attributed.
export const CONFIRM_ANSWER_WINDOW_HOURS = 48;
export const ANSWER_WINDOW_HOURS = 72;
export const BOOKING_ATTRIBUTION_DAYS = 7;

// SPEC 9: template statistics baseline date.
export const TEMPLATE_STATS_BASELINE = '2020-01-01';
// A statistics range day: a real calendar day (2026-02-31 is not) of the years the review and AI
// statistics take too. JavaScript's Date reads year 0 as 1 BC, Postgres has no year 0 at all.
export const STATS_YEAR_MIN = 1970;
export const STATS_YEAR_MAX = 2999;
export function isStatsDay(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < STATS_YEAR_MIN || year > STATS_YEAR_MAX) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
export const STATS_GROUP_BY = ['week', 'month'] as const;
export type StatsGroupBy = (typeof STATS_GROUP_BY)[number];
