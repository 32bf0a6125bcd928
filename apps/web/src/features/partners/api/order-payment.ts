import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderPaymentBody, orderPaymentResult } from '@salon/contract/partners';
import { api } from '../../../shared/api/api';
import { withdrawBody, withoutPaidMonths } from '../withdraw-rules';
import { partnersKeys } from './partners-keys';

export interface OrderPaymentInput {
  months: readonly string[];
  message: string;
}

export function orderPayment(code: string, input: OrderPaymentInput) {
  return api.request({
    method: 'POST',
    path: '/reff_consultant/order_payment',
    query: { promo_code: code },
    body: orderPaymentBody.parse(withdrawBody(input.months, input.message)),
    schema: orderPaymentResult,
  });
}

// POST /reff_consultant/order_payment: withdraws the checked months. The paid months leave the
// bonuses at once; the payout history (and a salon partner's days) changed too.
export function useOrderPayment(code: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: OrderPaymentInput) => {
      if (code === null) throw new Error('No promo code');
      return orderPayment(code, input);
    },
    onSuccess: (result, input) => {
      client.setQueryData(partnersKeys.bonuses(code), withoutPaidMonths(result.bonuses, input.months));
      void client.invalidateQueries({ queryKey: partnersKeys.history(code) });
      void client.invalidateQueries({ queryKey: partnersKeys.salonHistory() });
      void client.invalidateQueries({ queryKey: ['partners', 'operations', code] });
    },
  });
}
