import { queryOptions, useQuery } from '@tanstack/react-query';
import { salonHistory } from '@salon/contract/partners';
import { api } from '../../../shared/api/api';
import { partnersKeys } from './partners-keys';

export function salonHistoryQuery() {
  return queryOptions({
    queryKey: partnersKeys.salonHistory(),
    queryFn: ({ signal }) => api.request({ path: '/reff_salon/payments_history', schema: salonHistory, signal }),
  });
}

// GET /reff_salon/payments_history: a salon partner's bonus days and months (SPEC 3 salon history).
export function useSalonHistory(enabled = true) {
  return useQuery({ ...salonHistoryQuery(), enabled });
}
