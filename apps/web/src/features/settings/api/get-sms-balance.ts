import { queryOptions, useQuery } from '@tanstack/react-query';
import { smsBalanceResponse } from '@salon/contract/settings';
import { api } from '../../../shared/api/api';
import { settingsQueryKey } from './settings-query-key';

// GET /settings/sms_balance: the saved provider's balance, asked of the provider on each request.
// Asked when the page shows the line and on the refresh button, not on every window focus.
export function smsBalanceQuery(accId: number | null) {
  return queryOptions({
    queryKey: settingsQueryKey('sms_balance', accId),
    queryFn: ({ signal }) =>
      api.request({ path: '/settings/sms_balance', schema: smsBalanceResponse, signal }).then((a) => a.data),
    refetchOnWindowFocus: false,
    retry: false,
  });
}

export function useSmsBalance(accId: number | null) {
  return useQuery(smsBalanceQuery(accId));
}
