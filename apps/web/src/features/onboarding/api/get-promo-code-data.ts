import { queryOptions, useQuery } from '@tanstack/react-query';
import { PARTNER_STATUS, promoCodeData } from '@salon/contract/partners';
import { api } from '../../../shared/api/api';
import { isApiError } from '../../../shared/api/api-error';
import { onboardingKeys } from './onboarding-keys';

export function promoCodeDataQuery(code: string | null) {
  return queryOptions({
    queryKey: onboardingKeys.promoCode(code),
    queryFn: ({ signal }) =>
      api.request({
        path: '/promo_code_data',
        query: { promo_code: code },
        schema: promoCodeData,
        auth: false,
        signal,
      }),
    enabled: code !== null,
    // An unknown code is an answer, not a fault to retry.
    retry: false,
    staleTime: 5 * 60_000,
  });
}

// GET /promo_code_data (public): the partner's code card, "N days free" (SPEC 3 promoCodeData).
export function usePromoCodeData(code: string | null) {
  return useQuery(promoCodeDataQuery(code));
}

// The server does not know the code (a network fault is not that: the code still goes with the form).
export function isUnknownPromoCode(error: unknown): boolean {
  return isApiError(error) && error.status === PARTNER_STATUS.promoUnknown;
}
