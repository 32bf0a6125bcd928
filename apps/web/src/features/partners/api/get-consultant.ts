import { queryOptions, useQuery } from '@tanstack/react-query';
import { consultant } from '@salon/contract/partners';
import { api } from '../../../shared/api/api';
import { partnersKeys } from './partners-keys';

export function consultantQuery(code: string | null) {
  return queryOptions({
    queryKey: partnersKeys.consultant(code),
    queryFn: ({ signal }) =>
      api.request({ path: '/reff_consultant', query: { promo_code: code }, schema: consultant, signal }),
    enabled: code !== null,
  });
}

// GET /reff_consultant: a consultant's terms for the selected promo code (SPEC 3 Partner).
export function useConsultant(code: string | null, enabled = true) {
  return useQuery({ ...consultantQuery(code), enabled: enabled && code !== null });
}
