import { useMutation } from '@tanstack/react-query';
import type { GetTokenResponse } from '@salon/contract/auth';
import { api } from '../../../shared/api/api';

export interface SignInResult extends GetTokenResponse {
  refreshToken: string;
}

// Loaded with the first answer, not with the login page (see SchemaSource in api-client.ts).
const authSchemas = () => import('@salon/contract/auth');

// POST /tg/check_pin turns the PIN into a refresh token; POST /get_token then opens the session.
// Both are unauthenticated: their 401s (wrong or expired PIN) are answers, not a cue to refresh.
export async function signIn({ telegramId, pin }: { telegramId: string; pin: string }): Promise<SignInResult> {
  const { refresh_token } = await api.request({
    method: 'POST',
    path: '/tg/check_pin',
    query: { pin },
    body: { user_id: telegramId },
    schema: () => authSchemas().then((m) => m.checkPinResponse),
    auth: false,
  });
  const token = await api.request({
    method: 'POST',
    path: '/get_token',
    body: { user_id: telegramId, refresh_token },
    schema: () => authSchemas().then((m) => m.getTokenResponse),
    auth: false,
  });
  // Refresh tokens rotate: get_token spent the one check_pin gave and answered the next.
  return { ...token, refreshToken: token.refresh_token };
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
