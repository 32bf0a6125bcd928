import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { modulesBody, priceCalculation, type PayModule, type PayPeriod } from '@salon/contract/payments';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { paymentsKeys } from './payments-keys';

export interface PriceRequest {
  months: PayPeriod;
  modules: PayModule[];
}

export function calculatePrice({ months, modules }: PriceRequest, signal?: AbortSignal) {
  return api.request({
    method: 'POST',
    path: '/calculate_price',
    query: { months },
    body: modulesBody.parse({ modules }),
    schema: priceCalculation,
    ...(signal ? { signal } : {}),
  });
}

// POST /calculate_price: answers the cost of a card for the chosen modules. It changes nothing on the
// server, so it is a query: the same choice is not asked twice and a newer choice cancels the older.
export function usePriceCalculation(request: PriceRequest | null) {
  const { accId } = useSession();
  return useQuery({
    ...queryOptions({
      queryKey: paymentsKeys.price(accId, request),
      queryFn: ({ signal }) => {
        if (!request) throw new Error('No price request');
        return calculatePrice(request, signal);
      },
    }),
    enabled: request !== null,
    // A failed price is shown at once; the user retries by choosing again.
    retry: false,
    placeholderData: keepPreviousData,
  });
}
