import { API_BASE_URLS } from '../config/api-config';
import { session } from '../session/session';
import { SESSION_FIELDS, type SessionField } from '../session/session-fields';
import { createApiClient } from './api-client';

// Everything but the tokens stays as this tab has it (its branch selection in particular).
const TOKEN_FIELDS: readonly SessionField[] = ['authenticated', 'accessToken', 'refreshToken'];
const NON_TOKEN_FIELDS = (Object.keys(SESSION_FIELDS) as SessionField[]).filter((f) => !TOKEN_FIELDS.includes(f));
export const syncTokens = () => session.reload(NON_TOKEN_FIELDS);

let authLostHandler: () => void = () => session.clear();

// The app decides what "signed out" means (clear caches, go to /); the client only reports it.
export function setAuthLostHandler(handler: () => void): void {
  authLostHandler = handler;
}

export const api = createApiClient({
  baseUrls: API_BASE_URLS,
  fetch: (input, init) => fetch(input, init),
  session,
  // Loaded on the first refresh: the login page never refreshes and stays free of zod.
  tokenSchema: () => import('@salon/contract/auth').then((m) => m.tokenResponse),
  onAuthLost: () => authLostHandler(),
  syncTokens,
});
