import { useCallback } from 'react';
import type { Language } from '@salon/contract/constants';
import { useTranslation } from 'react-i18next';
import { session } from '../session/session';
import { showToast } from '../toast/show-toast';
import { rememberLanguage } from './language';
import { saveLanguage } from './save-language';

export function useChangeLanguage() {
  const { i18n, t } = useTranslation('errors');
  return useCallback(
    async (language: Language) => {
      rememberLanguage(language);
      await i18n.changeLanguage(language);
      if (!session.get().authenticated) return;
      // The switch already happened here; a failed save only means the next device starts in the old language.
      await saveLanguage(language).catch(() => showToast('warning', t('language.notSaved')));
    },
    [i18n, t],
  );
}
