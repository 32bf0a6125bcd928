import { useEffect } from 'react';
import type { Language } from '@salon/contract/constants';
import { useTranslation } from 'react-i18next';
import { useAccounts } from '../accounts/accounts-query';
import { rememberLanguage } from './language';

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

// Applies the account's saved language when the cabinet starts with a saved session and whenever the
// accounts list reports another one.
export function useAccountLanguage(): void {
  const { i18n } = useTranslation();
  const language = useAccounts().data?.user.lang;
  useEffect(() => {
    if (!language || language === lastAccountLanguage) return;
    lastAccountLanguage = language;
    rememberLanguage(language);
    if (i18n.resolvedLanguage !== language) void i18n.changeLanguage(language);
  }, [language, i18n]);
}
