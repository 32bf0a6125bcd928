import type { Language } from '@salon/contract/constants';

// Kept apart from the hook that reads the accounts list, so the sign-in can note the language
// without loading the accounts query and its schemas on the login page.
// The account's language as last read from the server (or just saved from this tab). A newer one
// from the server (switched on another device) applies; an unchanged one does not undo a switch
// made here while the accounts list is still the old one.
let lastAccountLanguage: Language | null = null;

export function noteAccountLanguage(language: Language): void {
  lastAccountLanguage = language;
}

export function forgetAccountLanguage(): void {
  lastAccountLanguage = null;
}

export function lastNotedAccountLanguage(): Language | null {
  return lastAccountLanguage;
}
