import { queryOptions, useQuery } from '@tanstack/react-query';
import { leadList } from '@salon/contract/partners';
import { api } from '../../../shared/api/api';
import { partnersKeys } from './partners-keys';

export function leadsQuery(code: string | null) {
  return queryOptions({
    queryKey: partnersKeys.leads(code),
    queryFn: ({ signal }) =>
      api.request({ path: '/get_promo_leads', query: { promo_code: code }, schema: leadList, signal }),
    enabled: code !== null,
  });
}

// GET /get_promo_leads: the leads registered under the code (SPEC 3 Leads).
export function useLeads(code: string | null) {
  return useQuery(leadsQuery(code));
}
