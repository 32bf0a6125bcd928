import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { timeStatsResponse, versionStatsResponse } from '@salon/contract/templates';
import type { StatsGroupBy } from '@salon/contract/templates-rules';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { statsQuery, type StatsRange } from '../template-stats-rules';
import { templateKeys } from './template-keys';

export function versionStatsQuery(accId: number | null, id: number, range: StatsRange) {
  return queryOptions({
    queryKey: templateKeys.versionStats(accId, id, range),
    queryFn: ({ signal }) =>
      api
        .request({
          path: '/one_template_stats/version',
          query: { templ_id: id, ...statsQuery(range) },
          schema: versionStatsResponse,
          signal,
        })
        .then((answer) => answer.data),
  });
}

export function timeStatsQuery(accId: number | null, id: number, range: StatsRange, groupBy: StatsGroupBy) {
  return queryOptions({
    queryKey: templateKeys.timeStats(accId, id, range, groupBy),
    queryFn: ({ signal }) =>
      api
        .request({
          path: '/one_template_stats/time',
          query: { templ_id: id, ...statsQuery(range), group_by: groupBy },
          schema: timeStatsResponse,
          signal,
        })
        .then((answer) => answer.data),
  });
}

// GET /one_template_stats/version: one row per text version of the template.
export function useVersionStats(id: number, range: StatsRange) {
  const { accId } = useSession();
  return useQuery({ ...versionStatsQuery(accId, id, range), placeholderData: keepPreviousData });
}

// GET /one_template_stats/time: one row per week or month.
export function useTimeStats(id: number, range: StatsRange, groupBy: StatsGroupBy) {
  const { accId } = useSession();
  return useQuery({ ...timeStatsQuery(accId, id, range, groupBy), placeholderData: keepPreviousData });
}
