import { isPayLink, PAY_EXTRA_STATUS, PAY_STATUS, type PayStatusKey } from '@salon/contract/payments';
import { isApiError } from '../../shared/api/api-error';

export type PayLinkOutcome = { kind: 'open'; url: string } | { kind: 'invalid' };

// SPEC 8: a pay link that is not a valid URL is an error, never a navigation.
export function payLinkOutcome(answer: unknown): PayLinkOutcome {
  const url = typeof answer === 'string' ? answer.trim() : answer;
  return isPayLink(url) ? { kind: 'open', url } : { kind: 'invalid' };
}

// Every refusal of a payments call: the pay statuses and those of autopay, invoices and receipts.
export type PayErrorKey = PayStatusKey | keyof typeof PAY_EXTRA_STATUS;

const KEY_BY_STATUS = new Map<string, PayErrorKey>(
  (Object.entries({ ...PAY_STATUS, ...PAY_EXTRA_STATUS }) as [PayErrorKey, string][]).map(([key, text]) => [text, key]),
);

// The payment statuses the payments namespace translates (every PAY_STATUS and PAY_EXTRA_STATUS has
// a text there); null sends the caller to the common texts.
export function payErrorKey(error: unknown): PayErrorKey | null {
  if (!isApiError(error)) return null;
  return KEY_BY_STATUS.get(error.status) ?? null;
}
