import type { ChannelStatus } from '@salon/contract/accounts';
import type { ChannelCode, ChannelStateWire, CONNECT_ACTIONS } from '@salon/contract/connection';

// SPEC 4 Channel: the states the connection page shows.
export const CHANNEL_UI_STATES = [
  'authenticated',
  'noConnect',
  'error',
  'blocked',
  'loading',
  'notPaid',
  'notSetUp',
  'notConnected',
  'requestError',
  'drop',
] as const;
export type ChannelUiState = (typeof CHANNEL_UI_STATES)[number];

// 'got qr code' and 'not_authenticated' both mean "show the QR"; 'no_pay' is not paid.
const FROM_SERVER: Record<ChannelStatus, ChannelUiState> = {
  authenticated: 'authenticated',
  'got qr code': 'noConnect',
  not_authenticated: 'noConnect',
  error: 'error',
  blocked: 'blocked',
  loading: 'loading',
  no_pay: 'notPaid',
  drop: 'drop',
};

// Reasons that say the server has no session for this channel yet, so there is no QR to show.
const NOT_SET_UP_REASONS: readonly string[] = ['not_set_up', 'no_instance', 'no_credentials'];

export interface UiStateInput {
  // null while the first answer is on its way.
  status: ChannelStatus | null;
  reason?: string | null;
  // GET /connection failed and there is nothing to show.
  loadFailed?: boolean;
  // The page stopped waiting for a scan (QR wait or poll count used up).
  gaveUpWaiting?: boolean;
}

export function toUiState({
  status,
  reason = null,
  loadFailed = false,
  gaveUpWaiting = false,
}: UiStateInput): ChannelUiState {
  if (loadFailed) return 'requestError';
  if (status === null) return 'loading';
  const state = FROM_SERVER[status];
  if (state !== 'noConnect') return state;
  if (reason !== null && NOT_SET_UP_REASONS.includes(reason)) return 'notSetUp';
  return gaveUpWaiting ? 'notConnected' : 'noConnect';
}

// The salon's own bots (issue 19): connected with a token, not with a QR or a phone login.
export const BOT_CODES = ['TGB', 'MAX'] as const satisfies readonly ChannelCode[];
export type BotCode = (typeof BOT_CODES)[number];
export type MessengerCode = Exclude<ChannelCode, BotCode>;

export function isBotCode(channel: ChannelCode): channel is BotCode {
  return (BOT_CODES as readonly ChannelCode[]).includes(channel);
}

// The channel the page offers instead: WhatsApp and Telegram stand in for each other; a bot's
// messages fall back to WhatsApp first (the default cascade).
export function otherChannel(channel: ChannelCode): ChannelCode {
  return channel === 'WA' ? 'TG' : 'WA';
}

// SPEC 4: a dropped channel sends the page to the other one, unless that one is dropped too.
export function tabAfterStates(
  current: ChannelCode,
  states: Partial<Record<ChannelCode, ChannelUiState>>,
): ChannelCode {
  const other = otherChannel(current);
  return states[current] === 'drop' && states[other] !== 'drop' ? other : current;
}

// States in which the page polls GET /get_status_channel by itself (the session is changing).
export function pollsByItself(state: ChannelUiState): boolean {
  return state === 'loading';
}

export type ConnectAction = (typeof CONNECT_ACTIONS)[number];

// The actions each state offers: logout needs a session; a channel that is off or unknown has none.
export function actionsFor(state: ChannelUiState): ConnectAction[] {
  switch (state) {
    case 'authenticated':
    case 'error':
    case 'blocked':
    case 'loading':
      return ['logout', 'reboot', 'clean_queue', 'drop_instance'];
    case 'noConnect':
    case 'notConnected':
    case 'notSetUp':
      return ['reboot', 'clean_queue', 'drop_instance'];
    default:
      return [];
  }
}

export interface ChannelUsage {
  sentToday: number;
  dailyCap: number | null;
  // 0..100 when there is a cap.
  percent: number | null;
}

// The governor's numbers: today's count against the daily cap.
export function usageOf(state: Pick<ChannelStateWire, 'sent_today' | 'daily_cap'>): ChannelUsage {
  const cap = state.daily_cap;
  const percent = cap === null || cap <= 0 ? null : Math.min(100, Math.round((state.sent_today / cap) * 100));
  return { sentToday: state.sent_today, dailyCap: cap, percent };
}

export interface ChannelPause {
  until: Date;
  reason: string | null;
}

// The governor's auto-pause, while it lasts.
export function pauseOf(
  state: Pick<ChannelStateWire, 'paused_until' | 'pause_reason'>,
  now: number,
): ChannelPause | null {
  if (state.paused_until === null) return null;
  const until = new Date(state.paused_until);
  if (Number.isNaN(until.getTime()) || until.getTime() <= now) return null;
  return { until, reason: state.pause_reason };
}

// Reasons and pause reasons the page words itself; any other is shown as the server sent it.
export const KNOWN_REASONS = [
  'logged_out',
  'qr_expired',
  'peer_flood',
  'reconnect_paused',
  'reconnecting',
  'connect_failed',
  'connect_loop_failed',
  'auth_check_failed',
  'login_required',
  'dropped',
  'banned',
  'rate_limited',
  'error_burst',
  'token_revoked',
  'poll_failed',
] as const;
export type KnownReason = (typeof KNOWN_REASONS)[number];

export function knownReason(reason: string | null): KnownReason | null {
  return reason !== null && (KNOWN_REASONS as readonly string[]).includes(reason) ? (reason as KnownReason) : null;
}
