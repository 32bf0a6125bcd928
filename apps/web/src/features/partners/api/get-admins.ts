import { queryOptions, useQuery } from '@tanstack/react-query';
import { partnerAdminList } from '@salon/contract/partners';
import { api } from '../../../shared/api/api';
import { partnersKeys } from './partners-keys';

export function adminsQuery(code: string | null) {
  return queryOptions({
    queryKey: partnersKeys.admins(code),
    queryFn: ({ signal }) =>
      api.request({ path: '/reff_consultant/admins', query: { promo_code: code }, schema: partnerAdminList, signal }),
    enabled: code !== null,
  });
}

// GET /reff_consultant/admins: the partner admins of the selected code (SPEC 4 Partner access).
export function usePartnerAdmins(code: string | null) {
  return useQuery(adminsQuery(code));
}
