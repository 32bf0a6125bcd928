import { queryOptions, useQuery } from '@tanstack/react-query';
import { allTemplatesStatsResponse } from '@salon/contract/templates';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { statsQuery, type StatsRange } from '../template-stats-rules';
import { templateKeys } from './template-keys';

export function allTemplatesStatsQuery(accId: number | null, range: StatsRange) {
  return queryOptions({
    queryKey: templateKeys.allStats(accId, range),
    queryFn: ({ signal }) =>
      api
        .request({ path: '/all_templates_stats', query: statsQuery(range), schema: allTemplatesStatsResponse, signal })
        .then((answer) => answer.data),
  });
}

// GET /all_templates_stats?date_from&date_to: one row per template, deleted ones included.
export function useAllTemplatesStats(range: StatsRange) {
  const { accId } = useSession();
  return useQuery(allTemplatesStatsQuery(accId, range));
}
