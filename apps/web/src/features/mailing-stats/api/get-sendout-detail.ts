import { queryOptions, useQuery } from '@tanstack/react-query';
import { detailRowsFromColumns, mailingStatsDetailResponse } from '@salon/contract/mailing-stats';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { statsKeys } from './stats-keys';

export function sendoutDetailQuery(accId: number | null, query: Record<string, string>) {
  return queryOptions({
    queryKey: statsKeys.detail(accId, query),
    queryFn: ({ signal }) =>
      api
        .request({ host: 'mailing', path: '/stats_sendout_detail', query, schema: mailingStatsDetailResponse, signal })
        // The rows, and why the send-out waits when it is started and stalled.
        .then((answer) => ({ rows: detailRowsFromColumns(answer.data), stall: answer.stall })),
    // Another reaction of the same send-out keeps the rows (and the filters) on screen meanwhile.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === accId && previousQuery.queryKey[3].sendout_id === query.sendout_id
        ? previous
        : undefined,
  });
}

// GET /stats_sendout_detail?sendout_id[&reaction]: one row per recipient whose message left.
export function useSendoutDetail(query: Record<string, string> | null) {
  const { accId } = useSession();
  return useQuery({ ...sendoutDetailQuery(accId, query ?? {}), enabled: query !== null });
}
