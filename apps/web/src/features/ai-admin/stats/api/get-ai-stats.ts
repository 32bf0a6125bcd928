import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { aiStatsResponse } from '@salon/contract/ai-stats';
import { api } from '../../../../shared/api/api';
import { useSession } from '../../../../shared/session/use-session';

export type GroupBy = 'day' | 'week';

export interface AiStatsFilter {
  from: string;
  to: string;
  groupBy: GroupBy;
}

// GET /api/ai/api/v1/statistics?acc_id&date_start&date_end&group_by (branch-local days, inclusive).
export function useAiStats({ from, to, groupBy }: AiStatsFilter) {
  const { accId } = useSession();
  return useQuery({
    queryKey: ['ai-agent', accId, 'statistics', from, to, groupBy] as const,
    queryFn: ({ signal }) =>
      api.request({
        host: 'ai',
        path: '/api/v1/statistics',
        query: { date_start: from, date_end: to, group_by: groupBy },
        schema: aiStatsResponse,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
