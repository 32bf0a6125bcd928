import { useState } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { IconBrandTelegram, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Invoice, PayCurrency } from '@salon/contract/payments';
import { showToast } from '../../../shared/toast/show-toast';
import { useIsMobile } from '../../../shared/ui/use-is-mobile';
import type { PriceRequest } from '../api/calculate-price';
import { useCreateInvoice } from '../api/create-invoice';
import { useBillData } from '../api/get-bill-data';
import { useInvoiceActions } from '../hooks/use-invoice-actions';
import { usePayErrorText } from '../hooks/use-pay-error-text';
import { InvoiceDetails } from './invoice-details';
import { InvoiceDraft } from './invoice-draft';

interface InvoiceModalProps {
  // The period and modules to invoice; null keeps the modal closed.
  request: PriceRequest | null;
  total: number | undefined;
  currency: PayCurrency;
  onClose: () => void;
}

// SPEC 4 Pay: an invoice for a legal entity is created, shown in a modal, downloaded as a PDF and
// sent to Telegram.
export function InvoiceModal({ request, total, currency, onClose }: InvoiceModalProps) {
  const { t } = useTranslation('payments');
  const mobile = useIsMobile();
  const [created, setCreated] = useState<Invoice | null>(null);
  const bill = useBillData(request !== null);
  const create = useCreateInvoice();
  const { download, send } = useInvoiceActions();
  const errorText = usePayErrorText();

  const close = () => {
    setCreated(null);
    create.reset();
    onClose();
  };

  // On a phone the buttons stack: the main action first, Close last (and in that order for the keyboard).
  const actions = created
    ? [
        <Button
          key="close"
          variant="default"
          onClick={close}
          w={{ base: '100%', xs: 'auto' }}
          data-testid="invoice-close"
        >
          {t('invoices.close')}
        </Button>,
        <Button
          key="send"
          variant="light"
          leftSection={<IconBrandTelegram size={18} aria-hidden />}
          loading={send.isPending}
          onClick={() => send.mutate(created)}
          w={{ base: '100%', xs: 'auto' }}
          data-testid="invoice-send-tg"
        >
          {t('invoices.sendToTg')}
        </Button>,
        <Button
          key="download"
          leftSection={<IconDownload size={18} aria-hidden />}
          loading={download.isPending}
          onClick={() => download.mutate(created)}
          w={{ base: '100%', xs: 'auto' }}
          data-testid="invoice-download"
        >
          {t('invoices.download')}
        </Button>,
      ]
    : [];

  return (
    <Modal
      opened={request !== null}
      onClose={close}
      title={created ? t('invoices.createdTitle') : t('invoices.draftTitle')}
      centered
      fullScreen={mobile}
      size="lg"
    >
      <div data-testid="invoice-modal">
        {created ? (
          <Stack gap="lg">
            <InvoiceDetails invoice={created} buyerName={bill.data?.name ?? null} />
            <Group justify="flex-end" gap="sm" wrap="wrap">
              {mobile ? [...actions].reverse() : actions}
            </Group>
          </Stack>
        ) : (
          request && (
            <InvoiceDraft
              request={request}
              total={total}
              currency={currency}
              bill={{
                data: bill.data,
                loading: bill.isFetching,
                error: bill.isError ? errorText(bill.error) : null,
                onRetry: () => void bill.refetch(),
              }}
              creating={create.isPending}
              onCreate={() =>
                create.mutate(request, {
                  onSuccess: setCreated,
                  onError: (error) => showToast('error', errorText(error)),
                })
              }
            />
          )
        )}
      </div>
    </Modal>
  );
}
