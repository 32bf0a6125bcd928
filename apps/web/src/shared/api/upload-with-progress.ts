import { API_BASE_URLS } from '../config/api-config';
import { session } from '../session/session';
import { createApiClient, type ApiClient } from './api-client';
import { progressFetch } from './progress-fetch';
import { queryClient } from './query-client';

// The API client for a multipart upload whose progress a page shows.
export function uploadWithProgress(onProgress: (fraction: number) => void): ApiClient {
  return createApiClient({
    baseUrls: API_BASE_URLS,
    fetch: progressFetch(onProgress),
    session,
    tokenSchema: () => import('@salon/contract/auth').then((m) => m.tokenResponse),
    // A refused refresh token ends the session, as for every other call (app.tsx).
    onAuthLost: () => {
      session.clear();
      queryClient.clear();
    },
  });
}
