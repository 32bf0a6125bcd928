import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AccountsResponse } from '@salon/contract/accounts';
import type { Language } from '@salon/contract/constants';
import { useTranslation } from 'react-i18next';
import { accountsQueryKey } from '../accounts/accounts-keys';
import { session } from '../session/session';
import { showToast } from '../toast/show-toast';
import { notePickedWhileSignedOut, rememberLanguage } from './language';
import { saveLanguage } from './save-language';
import { noteAccountLanguage } from './account-language-note';

export function useChangeLanguage() {
  const { i18n, t } = useTranslation('errors');
  const queryClient = useQueryClient();
  return useCallback(
    async (language: Language) => {
      rememberLanguage(language);
      await i18n.changeLanguage(language);
      if (!session.get().authenticated) {
        notePickedWhileSignedOut();
        return;
      }
      try {
        await saveLanguage(language);
      } catch {
        // The switch already happened here; a failed save only means the next device starts in the old language.
        showToast('warning', t('language.notSaved'));
        return;
      }
      // The cached accounts list still carries the old language; it must not switch the page back.
      noteAccountLanguage(language);
      queryClient.setQueryData<AccountsResponse>(accountsQueryKey, (old) =>
        old ? { ...old, accounts_data: { ...old.accounts_data, lang: language } } : old,
      );
    },
    [i18n, t, queryClient],
  );
}
