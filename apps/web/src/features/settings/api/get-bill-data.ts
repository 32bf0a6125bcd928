import { queryOptions } from '@tanstack/react-query';
import { billDataResponse } from '@salon/contract/settings';
import { api } from '../../../shared/api/api';
import { settingsQueryKey } from './settings-query-key';

// GET /settings/bill_data {inn, kpp, name}.
export function billDataQuery(accId: number | null) {
  return queryOptions({
    queryKey: settingsQueryKey('bill_data', accId),
    queryFn: ({ signal }) =>
      api.request({ path: '/settings/bill_data', schema: billDataResponse, signal }).then((a) => a.data),
  });
}
