import { BILL_NAME_MAX, isValidInn, KPP_PATTERN } from '@salon/contract/inn-rules';
import type { BillData } from '@salon/contract/settings';
import { SETTINGS_STATUS } from '@salon/contract/settings-rules';
import { onlyDigits } from '@salon/contract/telegram-id-rules';
import type { FieldErrorKey, FieldErrors } from './settings-page-state';

export const INN_MAX = 12;
export const KPP_LENGTH = 9;

// SPEC 5 Tax id: numeric only.
export function sanitizeInn(raw: string): string {
  return onlyDigits(raw, INN_MAX);
}

// КПП: digits, and capital Latin letters in the 5th and 6th places; typed lower case is raised.
export function sanitizeKpp(raw: string): string {
  return raw
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .slice(0, KPP_LENGTH);
}

// SPEC 5: an invalid INN gives 'INN is not valid'; empty fields are allowed (not filled in yet).
export function billDataProblems(draft: BillData): FieldErrors {
  const errors: Record<string, FieldErrorKey> = {};
  if (draft.inn !== '' && !isValidInn(draft.inn)) errors.inn = 'innInvalid';
  if (draft.kpp !== '' && !KPP_PATTERN.test(draft.kpp)) errors.kpp = 'kppInvalid';
  if (draft.name.trim().length > BILL_NAME_MAX) errors.name = 'tooLong';
  return errors;
}

export function toBillDataBody(draft: BillData): BillData {
  return { inn: draft.inn, kpp: draft.kpp, name: draft.name.trim() };
}

export function billDataServerError(field: string, code: string): readonly [string, FieldErrorKey] | null {
  if (field === 'inn' || code === SETTINGS_STATUS.innInvalid) return ['inn', 'innInvalid'];
  if (field === 'kpp') return ['kpp', 'kppInvalid'];
  if (field === 'name') return ['name', 'tooLong'];
  return null;
}
