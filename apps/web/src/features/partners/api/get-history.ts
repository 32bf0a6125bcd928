import { queryOptions, useQuery } from '@tanstack/react-query';
import { consultantHistory } from '@salon/contract/partners';
import { api } from '../../../shared/api/api';
import { partnersKeys } from './partners-keys';

export function consultantHistoryQuery(code: string | null) {
  return queryOptions({
    queryKey: partnersKeys.history(code),
    queryFn: ({ signal }) =>
      api.request({
        path: '/reff_consultant/history',
        query: { promo_code: code },
        schema: consultantHistory,
        signal,
      }),
    enabled: code !== null,
  });
}

// GET /reff_consultant/history: a consultant's payout requests by month (SPEC 3 consultant history).
export function useConsultantHistory(code: string | null, enabled = true) {
  return useQuery({ ...consultantHistoryQuery(code), enabled: enabled && code !== null });
}
