import type settingsRu from '../../locales/ru/settings.json';
import { failureCodes } from '../../shared/api/api-error';
import { isAccessDenied } from '../../shared/api/error-message';

// SPEC 4 Settings: the states every settings page goes through.
export type SettingsPageState = 'loading' | 'success' | 'error' | 'accessDenied' | 'saving' | 'savingError';

// SPEC 4: the save message clears after about 500 ms; SPEC 9: settings reload 500 ms after a save.
export const SAVE_MESSAGE_MS = 500;
export const SETTINGS_RELOAD_MS = 500;

export interface PageStateInput {
  hasData: boolean;
  loadError: unknown;
  saving: boolean;
  saveError: unknown;
}

export function settingsPageState({ hasData, loadError, saving, saveError }: PageStateInput): SettingsPageState {
  // A save or a reload refused for rights (an access taken away meanwhile) ends the page too.
  if (isAccessDenied(saveError) || isAccessDenied(loadError)) return 'accessDenied';
  if (!hasData) return loadError ? 'error' : 'loading';
  if (saving) return 'saving';
  if (saveError) return 'savingError';
  return 'success';
}

// A message shown under an input: a key of settings:fieldErrors.
export type FieldErrorKey = keyof (typeof settingsRu)['fieldErrors'];
// Field name (the draft's key) -> its message.
export type FieldErrors = Readonly<Partial<Record<string, FieldErrorKey>>>;

// What a rejected save says about single fields: each issue (or the status itself) that `known`
// recognises lands under its field.
export function serverFieldErrors(
  error: unknown,
  known: (field: string, code: string) => readonly [field: string, key: FieldErrorKey] | null,
): FieldErrors {
  const errors: Record<string, FieldErrorKey> = {};
  for (const { field, code } of failureCodes(error)) {
    const hit = known(field, code);
    if (hit && !(hit[0] in errors)) errors[hit[0]] = hit[1];
  }
  return errors;
}

export function hasFieldErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some((key) => key !== undefined);
}

// Editing a field clears its own error and nothing else (SPEC 5: changing the INN clears its error).
export function clearFieldErrors(errors: FieldErrors, fields: readonly string[]): FieldErrors {
  if (!fields.some((field) => errors[field] !== undefined)) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([field]) => !fields.includes(field)));
}

// Re-checks some fields (e.g. on leaving an input): their errors follow `problems`, others stay.
export function recheckFields(errors: FieldErrors, problems: FieldErrors, fields: readonly string[]): FieldErrors {
  const kept = Object.entries(errors).filter(([field]) => !fields.includes(field));
  const found = fields.flatMap((field) => {
    const key = problems[field];
    return key === undefined ? [] : [[field, key] as const];
  });
  return Object.fromEntries([...kept, ...found]);
}
