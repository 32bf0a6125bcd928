import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@salon/contract/constants';

// Kept apart from the session keys: the language survives sign-out.
const LANGUAGE_KEY = 'salon.lang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(): Language | null {
  try {
    const value = window.localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

export function rememberLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Storage disabled: the choice lasts for this page only.
  }
}

export function initialLanguage(): Language {
  return storedLanguage() ?? DEFAULT_LANGUAGE;
}

// A language picked on the sign-in page of this visit is the user's fresh choice and is saved for the
// account at sign-in; otherwise the account's saved language wins over what this device remembers.
let pickedWhileSignedOut = false;

export function notePickedWhileSignedOut(): void {
  pickedWhileSignedOut = true;
}

export function takePickedWhileSignedOut(): boolean {
  const picked = pickedWhileSignedOut;
  pickedWhileSignedOut = false;
  return picked;
}
