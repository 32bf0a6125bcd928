import { queryOptions, useQuery } from '@tanstack/react-query';
import { minCostServiceResponse } from '@salon/contract/loyalty';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { loyaltyActionKeys } from './loyalty-action-keys';

export function minCostServiceQuery(accId: number | null) {
  return queryOptions({
    queryKey: loyaltyActionKeys.minCost(accId),
    queryFn: ({ signal }) =>
      api
        .request({ path: '/min_cost_service', schema: minCostServiceResponse, signal })
        .then((answer) => answer.data[0]?.price_min ?? null),
    staleTime: 5 * 60_000,
  });
}

// GET /min_cost_service: the branch's cheapest service (data[0].price_min), a hint for the bonus sizes.
export function useMinCostService() {
  const { accId } = useSession();
  return useQuery(minCostServiceQuery(accId));
}
