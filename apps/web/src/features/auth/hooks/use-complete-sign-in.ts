import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { storedLanguage } from '../../../shared/i18n/language';
import { saveLanguage } from '../../../shared/i18n/save-language';
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
      // A language picked on this device wins and is saved for the account; otherwise the account's one applies.
      const local = storedLanguage();
      if (local === null) void i18n.changeLanguage(result.user.lang);
      else if (local !== result.user.lang) void saveLanguage(local).catch(() => undefined);
      void navigate('/accounts', { replace: true });
    },
    [navigate, queryClient, i18n],
  );
}
