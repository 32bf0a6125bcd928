import type { ReactNode } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertCircle, IconBrandTelegram, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '@salon/contract/payments';
import { formatMoney } from '../../../shared/i18n/format-money';
import { useDateFormat } from '../../../shared/i18n/use-date-format';
import { ScrollTable } from '../../../shared/ui/scroll-table';
import { useIsMobile } from '../../../shared/ui/use-is-mobile';
import { useInvoices } from '../api/get-invoices';
import { useInvoiceActions } from '../hooks/use-invoice-actions';
import { usePayErrorText } from '../hooks/use-pay-error-text';
import { sortInvoices } from '../invoice-rules';
import { InvoiceStatusBadge } from './invoice-status-badge';

// The branch's invoices: number, day, what for, sum, status; each can be downloaded or sent to Telegram.
export function InvoiceList() {
  const { t } = useTranslation('payments');
  const invoices = useInvoices();
  const errorText = usePayErrorText();
  const mobile = useIsMobile();

  if (invoices.isPending) return <Skeleton height={96} radius="md" data-testid="invoices-loading" />;
  if (invoices.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} data-testid="invoices-error">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorText(invoices.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void invoices.refetch()}>
            {t('invoices.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (invoices.data.data.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="invoices-empty">
        {t('invoices.empty')}
      </Text>
    );
  }
  return <InvoiceRows invoices={sortInvoices(invoices.data.data)} mobile={mobile} />;
}

function InvoiceRows({ invoices, mobile }: { invoices: readonly Invoice[]; mobile: boolean }) {
  const { t } = useTranslation('payments');
  const dates = useDateFormat();
  const { download, send } = useInvoiceActions();
  const busy = (action: { isPending: boolean; variables: { invoice_id: number } | undefined }, invoice: Invoice) =>
    action.isPending && action.variables?.invoice_id === invoice.invoice_id;

  const what = (invoice: Invoice) =>
    `${t('periods.months', { count: invoice.length })} · ${invoice.modules.map((m) => t(`modules.names.${m}`)).join(', ')}`;
  const actions = (invoice: Invoice): ReactNode => (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label={t('invoices.sendToTg')}>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={t('invoices.sendToTgNumber', { number: invoice.number })}
          loading={busy(send, invoice)}
          onClick={() => send.mutate(invoice)}
          data-testid="invoice-row-send"
        >
          <IconBrandTelegram size={20} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('invoices.download')}>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={t('invoices.downloadNumber', { number: invoice.number })}
          loading={busy(download, invoice)}
          onClick={() => download.mutate(invoice)}
          data-testid="invoice-row-download"
        >
          <IconDownload size={20} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );

  if (mobile) {
    return (
      <Stack gap="xs" data-testid="invoice-cards">
        {invoices.map((invoice) => (
          <Card
            key={invoice.invoice_id}
            withBorder
            radius="md"
            p="sm"
            data-testid="invoice-row"
            data-invoice-id={invoice.invoice_id}
            data-number={invoice.number}
          >
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" fw={600} data-column="number">
                  {t('invoices.number', { number: invoice.number })}
                </Text>
                <InvoiceStatusBadge status={invoice.status} />
              </Group>
              <Text size="xs" c="dimmed">
                {dates.date(invoice.created_at)} · {what(invoice)}
              </Text>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" fw={700} data-column="sum">
                  {formatMoney(invoice.cost, invoice.currency)}
                </Text>
                {actions(invoice)}
              </Group>
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <ScrollTable minWidth={680}>
      <Table verticalSpacing="xs" highlightOnHover data-testid="invoice-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('invoices.columns.number')}</Table.Th>
            <Table.Th>{t('invoices.columns.date')}</Table.Th>
            <Table.Th>{t('invoices.columns.items')}</Table.Th>
            <Table.Th ta="right">{t('invoices.columns.sum')}</Table.Th>
            <Table.Th>{t('invoices.columns.status')}</Table.Th>
            <Table.Th ta="right">
              <VisuallyHidden>{t('invoices.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoices.map((invoice) => (
            <Table.Tr
              key={invoice.invoice_id}
              data-testid="invoice-row"
              data-invoice-id={invoice.invoice_id}
              data-number={invoice.number}
            >
              <Table.Td style={{ whiteSpace: 'nowrap' }} data-column="number">
                {invoice.number}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{dates.date(invoice.created_at)}</Table.Td>
              <Table.Td>{what(invoice)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-column="sum">
                {formatMoney(invoice.cost, invoice.currency)}
              </Table.Td>
              <Table.Td>
                <InvoiceStatusBadge status={invoice.status} />
              </Table.Td>
              <Table.Td>{actions(invoice)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
