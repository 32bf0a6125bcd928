import { queryOptions, useQuery } from '@tanstack/react-query';
import { invoiceList } from '@salon/contract/payments';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { paymentsKeys } from './payments-keys';

export function invoicesQuery(accId: number | null) {
  return queryOptions({
    queryKey: paymentsKeys.invoices(accId),
    queryFn: ({ signal }) => api.request({ path: '/invoices', schema: invoiceList, signal }),
  });
}

// GET /invoices: the branch's invoices for legal entities (issued, paid, canceled).
export function useInvoices() {
  const { accId } = useSession();
  return useQuery(invoicesQuery(accId));
}
