import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invoice, modulesBody } from '@salon/contract/payments';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import type { PriceRequest } from './calculate-price';
import { paymentsKeys } from './payments-keys';

export function createInvoice({ months, modules }: PriceRequest) {
  return api.request({
    method: 'POST',
    path: '/create_invoice',
    query: { months },
    body: modulesBody.parse({ modules }),
    schema: invoice,
  });
}

// POST /create_invoice: an invoice for the chosen period and modules; the invoice list gains it.
export function useCreateInvoice() {
  const { accId } = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: createInvoice,
    onSuccess: () => client.invalidateQueries({ queryKey: paymentsKeys.invoices(accId) }),
  });
}
