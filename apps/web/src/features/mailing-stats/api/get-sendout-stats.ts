import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { mailingStatsCountResponse, mailingStatsResponse } from '@salon/contract/mailing-stats';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { statsKeys } from './stats-keys';

export function sendoutStatsQuery(accId: number | null, query: Record<string, string>) {
  return queryOptions({
    queryKey: statsKeys.page(accId, query),
    queryFn: ({ signal }) =>
      api.request({ host: 'mailing', path: '/stats_sendout', query, schema: mailingStatsResponse, signal }),
    // The previous page stays on screen while the next one loads, never another branch's.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === accId ? previous : undefined),
  });
}

// GET /stats_sendout: one page of send-outs with their results (SPEC 3 Stats row).
export function useSendoutStats(query: Record<string, string>, enabled = true) {
  const { accId } = useSession();
  return useQuery({ ...sendoutStatsQuery(accId, query), enabled });
}

// The mobile view reads the one or two server pages its three cards come from.
export function useSendoutStatsPages(queries: readonly Record<string, string>[]) {
  const { accId } = useSession();
  return useQueries({ queries: queries.map((query) => sendoutStatsQuery(accId, query)) });
}

// GET /stats_sendout_count: how many send-outs the filters give (SPEC 5: the page must be within).
export function useSendoutStatsCount(filters: Record<string, string>) {
  const { accId } = useSession();
  return useQuery({
    queryKey: statsKeys.count(accId, filters),
    queryFn: ({ signal }) =>
      api.request({
        host: 'mailing',
        path: '/stats_sendout_count',
        query: filters,
        schema: mailingStatsCountResponse,
        signal,
      }),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === accId ? previous : undefined),
  });
}
