import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccounts } from '../accounts/accounts-query';
import { lastNotedAccountLanguage, noteAccountLanguage } from './account-language-note';
import { rememberLanguage } from './language';

// Applies the account's saved language when the cabinet starts with a saved session and whenever the
// accounts list reports another one.
export function useAccountLanguage(): void {
  const { i18n } = useTranslation();
  const language = useAccounts().data?.user.lang;
  useEffect(() => {
    if (!language || language === lastNotedAccountLanguage()) return;
    noteAccountLanguage(language);
    rememberLanguage(language);
    if (i18n.resolvedLanguage !== language) void i18n.changeLanguage(language);
  }, [language, i18n]);
}
