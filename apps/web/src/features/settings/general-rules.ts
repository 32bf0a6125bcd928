import type { GeneralSettings } from '@salon/contract/settings';
import { CUSTOM_NAME_MAX, HIDDEN_PHONE_ENTRY_MAX, HIDDEN_PHONES_MAX } from '@salon/contract/settings-rules';
import { onlyDigits } from '@salon/contract/telegram-id-rules';
import type { FieldErrorKey, FieldErrors } from './settings-page-state';

export const SETTINGS_PHONE_MAX = 15;
const PHONE = /^\d{10,15}$/;

// SPEC 5: a 'do not show in bot' entry is at most 12 characters. Entries are trimmed, empty and
// repeated ones dropped; a pasted over-long entry is refused rather than silently cut.
export function cleanHiddenEntries(entries: readonly string[]): { entries: string[]; refused: boolean } {
  const kept: string[] = [];
  let refused = false;
  for (const raw of entries) {
    const entry = raw.trim();
    if (entry === '' || kept.includes(entry)) continue;
    if (entry.length > HIDDEN_PHONE_ENTRY_MAX || kept.length >= HIDDEN_PHONES_MAX) {
      refused = true;
      continue;
    }
    kept.push(entry);
  }
  return { entries: kept, refused };
}

// The text being typed into the tags input never grows past one entry's limit.
export function limitHiddenEntryInput(value: string): string {
  return value.slice(0, HIDDEN_PHONE_ENTRY_MAX);
}

export function sanitizeSettingsPhone(raw: string): string {
  return onlyDigits(raw, SETTINGS_PHONE_MAX);
}

// SPEC 4: turning the chat back on (disable_chat true -> false) needs a confirmation first.
export function needsEnableChatConfirm(current: boolean, next: boolean): boolean {
  return current && !next;
}

export function generalProblems(draft: GeneralSettings): FieldErrors {
  const errors: Record<string, FieldErrorKey> = {};
  if (draft.phone !== '' && !PHONE.test(draft.phone)) errors.phone = 'phoneInvalid';
  if (draft.custom_name.trim().length > CUSTOM_NAME_MAX) errors.custom_name = 'tooLong';
  if (draft.phones_dont_show_in_bot.some((entry) => entry.length > HIDDEN_PHONE_ENTRY_MAX))
    errors.phones_dont_show_in_bot = 'tooLong';
  return errors;
}

// The saved form: trimmed text, as the server keeps it.
export function toGeneralBody(draft: GeneralSettings): GeneralSettings {
  return {
    ...draft,
    phones_dont_show_in_bot: cleanHiddenEntries(draft.phones_dont_show_in_bot).entries,
    custom_name: draft.custom_name.trim(),
  };
}

// A rejected save: the server's codes of the general form (contract settings.ts) by field.
// (Each of these fields has one rule, so the field alone names the message.)
export function generalServerError(field: string): readonly [string, FieldErrorKey] | null {
  if (field === 'phone') return ['phone', 'phoneInvalid'];
  if (field.startsWith('phones_dont_show_in_bot')) return ['phones_dont_show_in_bot', 'tooLong'];
  if (field === 'custom_name') return ['custom_name', 'tooLong'];
  return null;
}
