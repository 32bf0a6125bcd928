import type { AllowedToRunResponse } from '@salon/contract/mailing-plan';
import { PLAN_STATUS, quotaExceededDay } from '@salon/contract/mailing-plan-rules';
import { SENDOUT_STATUS_TEXT } from '@salon/contract/mailing-sendouts';
import { isApiError } from '../../shared/api/api-error';
import { statusMessageKey, type StatusMessageKey } from '../../shared/api/error-message';

// SPEC 8 Mailing: start errors pass through a text mapper (the /allowed_to_run and /start_sendout
// statuses become translated messages); the key-error status gives the key message; any other
// detail shows as is; otherwise the common error. Test messages: a detail, otherwise the common error.

export type PlanStatusKey = Exclude<keyof typeof PLAN_STATUS, 'allowed'>;
export type SendoutStatusKey = Exclude<keyof typeof SENDOUT_STATUS_TEXT, 'badKeys'>;

export type MailingMessage =
  | { kind: 'plan'; key: PlanStatusKey; day?: string }
  | { kind: 'sendout'; key: SendoutStatusKey }
  | { kind: 'badKeys'; keys: string | null }
  | { kind: 'text'; text: string }
  | { kind: 'common'; key: StatusMessageKey };

const PLAN_KEYS = new Map<string, PlanStatusKey>(
  (Object.entries(PLAN_STATUS) as [keyof typeof PLAN_STATUS, string][])
    .filter((entry): entry is [PlanStatusKey, string] => entry[0] !== 'allowed')
    .map(([key, text]) => [text, key]),
);
const SENDOUT_KEYS = new Map<string, SendoutStatusKey>(
  (Object.entries(SENDOUT_STATUS_TEXT) as [keyof typeof SENDOUT_STATUS_TEXT, string][])
    .filter((entry): entry is [SendoutStatusKey, string] => entry[0] !== 'badKeys')
    .map(([key, text]) => [text, key]),
);

// A status of /allowed_to_run or /start_sendout as a message; null for a text we do not know.
export function statusTextMessage(status: string): MailingMessage | null {
  const day = quotaExceededDay(status);
  if (day !== null) return { kind: 'plan', key: 'quotaExceeded', day };
  const plan = PLAN_KEYS.get(status);
  if (plan) return { kind: 'plan', key: plan };
  const sendout = SENDOUT_KEYS.get(status);
  if (sendout) return { kind: 'sendout', key: sendout };
  return null;
}

// The server names the bad keys in the detail ('visits, {city}'); they show as {visits}, {city}.
function badKeys(detail: string | undefined): MailingMessage {
  const keys = (detail ?? '')
    .split(/,\s*/)
    .map((key) => key.trim())
    .filter(Boolean)
    .map((key) => (key.startsWith('{') ? key : `{${key}}`));
  return { kind: 'badKeys', keys: keys.length > 0 ? keys.join(', ') : null };
}

// A failed /start_sendout or /allowed_to_run call.
export function launchErrorMessage(error: unknown): MailingMessage {
  if (!isApiError(error)) return { kind: 'common', key: 'status.unknown' };
  // SPEC 8's 'Некорректные ключи в сообщении' (the same text as STATUS.badKeys).
  if (error.status === SENDOUT_STATUS_TEXT.badKeys) return badKeys(error.detail);
  const mapped = statusTextMessage(error.status) ?? (error.detail ? statusTextMessage(error.detail) : null);
  if (mapped) return mapped;
  if (error.detail) return { kind: 'text', text: error.detail };
  return { kind: 'common', key: statusMessageKey(error) };
}

// A check that ran and said no; null when the start is allowed.
export function allowedRefusal(answer: AllowedToRunResponse): MailingMessage | null {
  if (answer.ok && answer.allowed) return null;
  const mapped = statusTextMessage(answer.status);
  if (mapped) return mapped;
  return answer.status ? { kind: 'text', text: answer.status } : { kind: 'plan', key: 'invalid' };
}

// A failed /test_sendout: our statuses translated, else the detail, else the common error.
export function testErrorMessage(error: unknown): MailingMessage {
  if (!isApiError(error)) return { kind: 'common', key: 'status.unknown' };
  if (error.status === SENDOUT_STATUS_TEXT.badKeys) return badKeys(error.detail);
  const sendout = SENDOUT_KEYS.get(error.status);
  if (sendout) return { kind: 'sendout', key: sendout };
  if (error.detail) return { kind: 'text', text: error.detail };
  return { kind: 'common', key: statusMessageKey(error) };
}

// A failed stop or resume: the same statuses as a start.
export const actionErrorMessage = launchErrorMessage;
