import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { allowedToRunResponse, type AllowedToRunQuery } from '@salon/contract/mailing-plan';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { mailingKeys } from './mailing-keys';

// Other send-outs start and stop meanwhile: an answer is good for a short while only.
const ALLOWED_STALE_MS = 15_000;

export function fetchAllowedToRun(query: AllowedToRunQuery, signal?: AbortSignal) {
  return api.request({
    host: 'mailing',
    path: '/allowed_to_run',
    query: { ...query },
    schema: allowedToRunResponse,
    signal,
  });
}

export function allowedToRunOptions(accId: number | null, query: AllowedToRunQuery) {
  return queryOptions({
    queryKey: mailingKeys.allowedToRun(accId, query),
    queryFn: ({ signal }) => fetchAllowedToRun(query, signal),
    staleTime: ALLOWED_STALE_MS,
  });
}

// GET /allowed_to_run for the launch as it stands (SPEC 4: the send button waits for it).
export function useAllowedToRun(query: AllowedToRunQuery | null) {
  const { accId } = useSession();
  return useQuery({
    queryKey: mailingKeys.allowedToRun(accId, query),
    queryFn: query ? ({ signal }) => fetchAllowedToRun(query, signal) : skipToken,
    staleTime: ALLOWED_STALE_MS,
  });
}
