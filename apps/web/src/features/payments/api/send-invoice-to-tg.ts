import { invoiceSent } from '@salon/contract/payments';
import { api } from '../../../shared/api/api';

// POST /send_invoice_to_tg?invoice_id: the admin bot sends the PDF to the caller's Telegram.
export function sendInvoiceToTg(invoiceId: number) {
  return api.request({
    method: 'POST',
    path: '/send_invoice_to_tg',
    query: { invoice_id: invoiceId },
    schema: invoiceSent,
  });
}
