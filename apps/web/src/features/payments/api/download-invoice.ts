import type { Invoice } from '@salon/contract/payments';
import { downloadFile } from '../../../shared/api/download-file';
import { invoiceFileName } from '../invoice-rules';

// GET /invoice_pdf?invoice_id: the PDF through the authenticated client (the API needs the bearer,
// so a bare link would not do).
export function downloadInvoice(target: Pick<Invoice, 'invoice_id' | 'number'>): Promise<void> {
  return downloadFile({
    path: '/invoice_pdf',
    query: { invoice_id: target.invoice_id },
    fallbackName: invoiceFileName(target),
  });
}
