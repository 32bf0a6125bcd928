import { queryOptions, useQuery } from '@tanstack/react-query';
import { salonPartner } from '@salon/contract/partners';
import { api } from '../../../shared/api/api';
import { partnersKeys } from './partners-keys';

export function salonPartnerQuery() {
  return queryOptions({
    queryKey: partnersKeys.salon(),
    queryFn: ({ signal }) => api.request({ path: '/reff_salon', schema: salonPartner, signal }),
  });
}

// GET /reff_salon: a salon partner's own terms, promo link and counts.
export function useSalonPartner(enabled = true) {
  return useQuery({ ...salonPartnerQuery(), enabled });
}
