import { BLACKLIST_STATUS } from '@salon/contract/blacklist';
import { PHONE_MAX_DIGITS, isCompletePhone, normalizePhone } from '@salon/contract/phone';
import { onlyDigits } from '@salon/contract/telegram-id-rules';

export const BLACKLIST_PHONE_MAX = PHONE_MAX_DIGITS;
// Chips are a quick view; the table pages through the rest.
export const MAX_CHIPS = 30;

// SPEC 5 Blacklist: digits only.
export function sanitizeBlacklistInput(raw: string): string {
  return onlyDigits(raw, BLACKLIST_PHONE_MAX);
}

// The contract's phone rule: '8 999 …' and '999 …' are the listed '7999 …'.
export function isValidBlacklistPhone(value: string): boolean {
  return isCompletePhone(value);
}

function isListed(input: string, listed: ReadonlySet<string>): boolean {
  return listed.has(normalizePhone(input) ?? input);
}

export interface AddButtonState {
  // An already listed number turns the button into "remove".
  mode: 'add' | 'remove';
  disabled: boolean;
}

// The button is disabled while adding and when the number is invalid (SPEC 5).
export function addButtonState(input: string, listed: ReadonlySet<string>, busy: boolean): AddButtonState {
  return { mode: isListed(input, listed) ? 'remove' : 'add', disabled: busy || !isValidBlacklistPhone(input) };
}

// Enter adds only a valid number that is not listed yet.
export function addsOnEnter(input: string, listed: ReadonlySet<string>, busy: boolean): boolean {
  return !busy && isValidBlacklistPhone(input) && !isListed(input, listed);
}

// The search keeps digits and matches anywhere in the number.
export function filterNumbers(numbers: readonly string[], search: string): string[] {
  const digits = onlyDigits(search);
  return digits === '' ? [...numbers] : numbers.filter((phone) => phone.includes(digits));
}

export type BlacklistAction = 'add' | 'delete';
export type BlacklistToastKey = 'added' | 'alreadyAdded' | 'deleted' | 'notFound' | 'addError' | 'deleteError';

// SPEC 8: the server's status text of POST /blacklist becomes a readable toast.
export function toastForStatus(
  action: BlacklistAction,
  status: string,
): { kind: 'success' | 'warning'; key: BlacklistToastKey } {
  if (status === BLACKLIST_STATUS.alreadyAdded) return { kind: 'warning', key: 'alreadyAdded' };
  if (status === BLACKLIST_STATUS.notFound) return { kind: 'warning', key: 'notFound' };
  return { kind: 'success', key: action === 'add' ? 'added' : 'deleted' };
}

export function toastForFailure(action: BlacklistAction): { kind: 'error'; key: BlacklistToastKey } {
  return { kind: 'error', key: action === 'add' ? 'addError' : 'deleteError' };
}
