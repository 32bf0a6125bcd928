import { queryOptions, useQuery } from '@tanstack/react-query';
import { billDataResponse } from '@salon/contract/settings';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { paymentsKeys } from './payments-keys';

export function billDataQuery(accId: number | null) {
  return queryOptions({
    queryKey: paymentsKeys.billData(accId),
    queryFn: ({ signal }) =>
      api.request({ path: '/settings/bill_data', schema: billDataResponse, signal }).then((a) => a.data),
    // The owner may have just filled them in on the settings page: read them each time the modal opens.
    staleTime: 0,
  });
}

// GET /settings/bill_data: the buyer's INN, KPP and name printed on an invoice.
export function useBillData(enabled: boolean) {
  const { accId } = useSession();
  return useQuery({ ...billDataQuery(accId), enabled });
}
