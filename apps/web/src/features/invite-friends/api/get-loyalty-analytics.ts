import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { loyaltyAnalyticsResponse } from '@salon/contract/loyalty';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { analyticsQueryOf, type LoyaltyStatsState } from '../loyalty-stats-rules';
import { loyaltyActionKeys } from './loyalty-action-keys';

export function loyaltyAnalyticsQuery(accId: number | null, state: LoyaltyStatsState) {
  return queryOptions({
    queryKey: loyaltyActionKeys.statsOf(accId, state),
    queryFn: ({ signal }) =>
      api.request({
        path: '/loyalty/loyalty_analytics',
        query: analyticsQueryOf(state),
        schema: loyaltyAnalyticsResponse,
        signal,
      }),
  });
}

// GET /loyalty/loyalty_analytics: one row per action for the chosen days, sorted by the server;
// the previous answer stays on screen while the next loads.
export function useLoyaltyAnalytics(state: LoyaltyStatsState) {
  const { accId } = useSession();
  return useQuery({ ...loyaltyAnalyticsQuery(accId, state), placeholderData: keepPreviousData });
}
