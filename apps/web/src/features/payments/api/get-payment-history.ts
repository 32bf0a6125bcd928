import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentHistory } from '@salon/contract/payments';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { paymentsKeys } from './payments-keys';

export function paymentHistoryQuery(accId: number | null) {
  return queryOptions({
    queryKey: paymentsKeys.history(accId),
    queryFn: ({ signal }) => api.request({ path: '/payment_history', schema: paymentHistory, signal }),
  });
}

// GET /payment_history: the branch's payments with their receipts (SPEC 3 Payment history).
export function usePaymentHistory() {
  const { accId } = useSession();
  return useQuery(paymentHistoryQuery(accId));
}
