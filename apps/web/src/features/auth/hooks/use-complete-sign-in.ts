import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { rememberLanguage, storedLanguage, takePickedWhileSignedOut } from '../../../shared/i18n/language';
import { saveLanguage } from '../../../shared/i18n/save-language';
import { noteAccountLanguage } from '../../../shared/i18n/account-language-note';
import { track } from '../../../shared/metrics/track';
import { session } from '../../../shared/session/session';
import type { SignInResult } from '../api/sign-in';

// Stores the new session and opens the branch list (SPEC 4 "Session and login").
export function useCompleteSignIn() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();

  return useCallback(
    (telegramId: string, result: SignInResult) => {
      // Nothing of a previous user may survive into this session, but the login link's redirect does.
      const { redirectToConnection } = session.get();
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'public-config' });
      session.clear();
      session.update({
        redirectToConnection,
        authenticated: true,
        userId: telegramId,
        accessToken: result.token,
        refreshToken: result.refreshToken,
        user: result.user,
      });
      track('lk_login');
      // The account's saved language applies on every device, unless one was picked on the sign-in
      // page just now: that fresh choice is saved for the account instead.
      const saved = result.user.lang;
      const local = storedLanguage();
      // Until the save lands, the accounts list may still report the old language: that is no change.
      noteAccountLanguage(saved);
      if (takePickedWhileSignedOut() && local !== null && local !== saved) {
        void saveLanguage(local).catch(() => undefined);
      } else {
        rememberLanguage(saved);
        if (i18n.resolvedLanguage !== saved) void i18n.changeLanguage(saved);
      }
      void navigate('/accounts', { replace: true });
    },
    [navigate, queryClient, i18n],
  );
}
