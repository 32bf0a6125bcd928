import {
  DEFAULT_CHAT_STATUS,
  HANDOVER_REASONS,
  type ChatState,
  type ChatStatus,
  type HandoverReason,
} from '@salon/contract/ai-chat';
import { zonedDayKey } from '../../../shared/lib/datetime';

// SPEC 4: until the first answer the test chat reads as locked because of the exclusion list.
export const INITIAL_CHAT_STATUS: ChatStatus = { ...DEFAULT_CHAT_STATUS };

// What the status line shows: 'ok' the bot answers, 'wait' an admin has something to do, 'off'
// the bot stays silent until something changes.
export type StatusTone = 'ok' | 'wait' | 'off';

export interface StatusView {
  // The state as the server names it (what the page is in).
  key: ChatState;
  // The key under `status.` in the ai-chat namespace (label and what to do): a lock the bot put on
  // itself by handing over reads apart from a lock by the salon.
  text: ChatState | 'handed_over';
  // Why the bot handed over (its hint under `handover.`), else null.
  handover: HandoverReason | null;
  tone: StatusTone;
  // The lock's end (ISO), for "until HH:MM".
  until: string | null;
  // A known reason's key under `reason.`, else the server's text as is, else nothing.
  reason: { key: ReasonKey } | { text: string } | null;
}

const REASON_KEYS = ['exclude_list', 'salon_wrote', 'admin', ...HANDOVER_REASONS] as const;
export type ReasonKey = (typeof REASON_KEYS)[number];
// The test chat's server says 'admin_wrote' where the live conversations say 'salon_wrote'.
const REASON_ALIASES: Record<string, ReasonKey> = { admin_wrote: 'salon_wrote' };

const TONES: Record<ChatState, StatusTone> = {
  active: 'ok',
  waiting_admin: 'wait',
  message_edited: 'ok',
  message_deleted: 'ok',
  locked_by_admin: 'off',
  exclude_list: 'off',
  disabled: 'off',
};

function reasonOf(reason: string | null): StatusView['reason'] {
  if (!reason || reason.trim() === '') return null;
  const alias = REASON_ALIASES[reason];
  if (alias) return { key: alias };
  return (REASON_KEYS as readonly string[]).includes(reason) ? { key: reason as ReasonKey } : { text: reason };
}

const handoverOf = (reason: string | null): HandoverReason | null =>
  (HANDOVER_REASONS as readonly (string | null)[]).includes(reason) ? (reason as HandoverReason) : null;

// A lock whose reason is the exclusion list (the SPEC 4 default) reads as the exclusion state:
// what to do about it is the same. A lock whose reason is one of HANDOVER_REASONS is the bot's
// own hand-over (SPEC 8), not the salon stepping in.
export function statusView(status: ChatStatus): StatusView {
  const key: ChatState =
    status.state === 'locked_by_admin' && status.reason === 'exclude_list' ? 'exclude_list' : status.state;
  const handover = key === 'locked_by_admin' ? handoverOf(status.reason) : null;
  return {
    key,
    text: handover ? 'handed_over' : key,
    handover,
    tone: TONES[key],
    until: key === 'locked_by_admin' ? status.lasts_till : null,
    reason: key === 'locked_by_admin' ? reasonOf(status.reason) : null,
  };
}

// "until 14:30" on the lock's own day, "until 27.11 14:30" when it ends on another day (branch zone).
export function untilShowsDay(until: string, now: number, timeZone: string): boolean {
  return zonedDayKey(until, timeZone) !== zonedDayKey(now, timeZone);
}

// A lock that has ended is not shown as one any more, whatever the last answer said.
export function isLockOver(view: StatusView, now: number): boolean {
  return view.until !== null && Date.parse(view.until) <= now;
}
