import { queryOptions, useQuery } from '@tanstack/react-query';
import { bonuses } from '@salon/contract/partners';
import { api } from '../../../shared/api/api';
import { partnersKeys } from './partners-keys';

export function bonusesQuery(code: string | null) {
  return queryOptions({
    queryKey: partnersKeys.bonuses(code),
    queryFn: ({ signal }) =>
      api.request({ path: '/reff_consultant/order_payment', query: { promo_code: code }, schema: bonuses, signal }),
    enabled: code !== null,
  });
}

// GET /reff_consultant/order_payment: what is payable now, by month of accrual (SPEC 3 Bonuses).
export function useBonuses(code: string | null) {
  return useQuery(bonusesQuery(code));
}
