import { queryOptions, useQuery } from '@tanstack/react-query';
import { payData } from '@salon/contract/payments';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { paymentsKeys } from './payments-keys';

export function payDataQuery(accId: number | null) {
  return queryOptions({
    queryKey: paymentsKeys.payData(accId),
    queryFn: ({ signal }) => api.request({ path: '/pay', schema: payData, signal }),
  });
}

// GET /pay: the branch's prices, periods, bonuses, modules and autopay state (SPEC 3 Pay data).
export function usePayData() {
  const { accId } = useSession();
  return useQuery(payDataQuery(accId));
}
