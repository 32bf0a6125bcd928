import { API_BASE_URLS } from '../config/api-config';
import { session } from '../session/session';
import { createApiClient } from './api-client';

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
});
