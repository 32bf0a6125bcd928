import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '@salon/contract/payments';
import { showToast } from '../../../shared/toast/show-toast';
import { downloadInvoice } from '../api/download-invoice';
import { sendInvoiceToTg } from '../api/send-invoice-to-tg';
import { reachGoal } from '../visit-goals';
import { usePayErrorText } from './use-pay-error-text';

type InvoiceRef = Pick<Invoice, 'invoice_id' | 'number'>;

// Download the PDF and send it to Telegram, each with its own waiting state and toasts. `variables`
// tells which invoice of a list is busy.
export function useInvoiceActions() {
  const { t } = useTranslation('payments');
  const errorText = usePayErrorText();
  const download = useMutation({
    mutationFn: (target: InvoiceRef) => downloadInvoice(target),
    onSuccess: () => reachGoal('invoice_download'),
    onError: (error) => showToast('error', errorText(error)),
  });
  const send = useMutation({
    mutationFn: (target: InvoiceRef) => sendInvoiceToTg(target.invoice_id),
    onSuccess: () => showToast('success', t('invoices.sent')),
    onError: (error) => showToast('error', errorText(error)),
  });
  return { download, send };
}
