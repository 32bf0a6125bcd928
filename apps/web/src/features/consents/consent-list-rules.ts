import {
  CONSENT_COMMENT_MAX,
  CONSENT_SEARCH_MAX,
  CONSENT_STATUS,
  consentStatusOf,
  type ConsentAction,
  type ConsentStatus,
  type SettableConsentStatus,
} from '@salon/contract/consents-rules';
import type { ConsentChangeWire, ConsentEntryWire } from '@salon/contract/consents';
import { onlyDigits } from '@salon/contract/telegram-id-rules';
import { isApiError } from '../../shared/api/api-error';

export const STATUS_COLORS: Record<ConsentStatus, string> = {
  consent: 'teal',
  declined: 'red',
  await: 'yellow',
  neutral: 'gray',
};

// The status filter of the list: every entry, or one status.
export type ConsentFilter = ConsentStatus | 'all';
export const CONSENT_FILTERS: readonly ConsentFilter[] = ['all', 'consent', 'declined', 'await', 'neutral'];

export function statusOf(entry: Pick<ConsentEntryWire, 'active' | 'consent'>): ConsentStatus {
  return consentStatusOf(entry.active, entry.consent);
}

// The id of a number's history panel (the disclosure button's aria-controls).
export function historyPanelId(phone: string): string {
  return `consent-history-${phone}-panel`;
}

export function sanitizeSearch(raw: string): string {
  return onlyDigits(raw, CONSENT_SEARCH_MAX);
}

// "Shown 51–100 of 123"; an empty page shows 0–0.
export function pageRange(page: number, pageSize: number, count: number): { from: number; to: number } {
  if (count === 0) return { from: 0, to: 0 };
  const from = Math.min((page - 1) * pageSize + 1, count);
  return { from, to: Math.min(page * pageSize, count) };
}

export function totalPages(pageSize: number, count: number): number {
  return Math.max(1, Math.ceil(count / Math.max(1, pageSize)));
}

// SPEC 5 textarea: the counter shows length / max and turns red over the limit.
export function commentState(value: string): { length: number; max: number; over: boolean } {
  return { length: value.length, max: CONSENT_COMMENT_MAX, over: value.length > CONSENT_COMMENT_MAX };
}

const CONSENT_TOUCHING: readonly ConsentAction[] = [
  'change_consent',
  'user_answered',
  'manual_creation',
  'crm_creation',
  'template_creation',
];

// The current answer is the client's own when the last change of the status was their answer.
export function answeredByClient(entry: Pick<ConsentEntryWire, 'consent' | 'changelog'>): boolean {
  if (entry.consent === null) return false;
  const last = [...entry.changelog].reverse().find((c) => c.actions.some((a) => CONSENT_TOUCHING.includes(a)));
  return last?.actions.includes('user_answered') ?? false;
}

// Why the second status modal asks again before a change (SPEC 4: the two status modals are
// exclusive): overriding the client's own answer, or recording a consent the client never gave in
// the chat (mass messages must only go to people who agreed). null: no question, save at once.
export type ConfirmReason = 'overrideClient' | 'manualConsent';
export function confirmReason(
  entry: Pick<ConsentEntryWire, 'active' | 'consent' | 'changelog'>,
  next: SettableConsentStatus,
): ConfirmReason | null {
  if (next === statusOf(entry)) return null;
  if (answeredByClient(entry)) return 'overrideClient';
  if (next === 'consent') return 'manualConsent';
  return null;
}

export type ChangeActor = 'you' | 'admin' | 'client' | 'system';
// `me`: the signed-in user's Telegram id as the session keeps it (text).
export function changeActor(change: Pick<ConsentChangeWire, 'actions' | 'user_tg_id'>, me: string | null): ChangeActor {
  if (change.user_tg_id !== null) return String(change.user_tg_id) === me ? 'you' : 'admin';
  return change.actions.includes('user_answered') ? 'client' : 'system';
}

// What a log entry shows besides its actions: the status after a change of it, the comment after
// a change of it (or a creation with one), the client's words with their answer.
export function changeDetails(change: ConsentChangeWire): {
  status: ConsentStatus | null;
  comment: string | null | undefined;
  clientText: string | null;
} {
  const touchesStatus = change.actions.some((a) => CONSENT_TOUCHING.includes(a));
  const creation = change.actions.some((a) => a === 'manual_creation' || a === 'crm_creation');
  const status =
    touchesStatus && change.new_active !== null ? consentStatusOf(change.new_active, change.new_consent) : null;
  let comment: string | null | undefined;
  if (change.actions.includes('change_comment')) comment = change.new_comment;
  else if (creation && change.new_comment) comment = change.new_comment;
  return {
    status,
    comment,
    clientText: change.actions.includes('user_answered') ? change.new_client_text : null,
  };
}

// Newest first.
export function sortedChanges(log: readonly ConsentChangeWire[]): ConsentChangeWire[] {
  return [...log].sort((a, b) => b.date.localeCompare(a.date));
}

export interface ExportFlags {
  consent: boolean;
  declines: boolean;
  neutral: boolean;
}

export function canExport(flags: ExportFlags): boolean {
  return flags.consent || flags.declines || flags.neutral;
}

export type ConsentToastKey =
  | 'added'
  | 'alreadyAdded'
  | 'addError'
  | 'statusChanged'
  | 'statusError'
  | 'commentSaved'
  | 'commentError'
  | 'nothingChanged'
  | 'exported'
  | 'noAdminBot'
  | 'exportError';
export interface ConsentToast {
  kind: 'success' | 'warning' | 'error';
  key: ConsentToastKey;
}

const failedWith = (error: unknown, status: string) => isApiError(error) && error.status === status;

// SPEC 8 Consents: number already added, add number error, add number success.
export function addFailureToast(error: unknown): ConsentToast {
  return failedWith(error, CONSENT_STATUS.alreadyAdded)
    ? { kind: 'warning', key: 'alreadyAdded' }
    : { kind: 'error', key: 'addError' };
}

// SPEC 8 Consents: changing status error / success (the comment has its own pair).
export function changeToast(kind: 'status' | 'comment', error?: unknown): ConsentToast {
  if (error === undefined) return { kind: 'success', key: kind === 'status' ? 'statusChanged' : 'commentSaved' };
  if (failedWith(error, CONSENT_STATUS.nothingToChange)) return { kind: 'warning', key: 'nothingChanged' };
  return { kind: 'error', key: kind === 'status' ? 'statusError' : 'commentError' };
}

export function exportFailureToast(error: unknown): ConsentToast {
  return failedWith(error, CONSENT_STATUS.noAdminBot)
    ? { kind: 'error', key: 'noAdminBot' }
    : { kind: 'error', key: 'exportError' };
}
