import { Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '@salon/contract/payments';
import { formatMoney } from '../../../shared/i18n/format-money';
import { useDateFormat } from '../../../shared/i18n/use-date-format';
import { invoiceItems } from '../invoice-rules';
import { InvoiceStatusBadge } from './invoice-status-badge';

interface InvoiceDetailsProps {
  invoice: Invoice;
  // The buyer's name from the billing data (the invoice itself carries the INN).
  buyerName: string | null;
}

// A created invoice as the modal shows it: number, day, buyer, what it buys and the sum.
export function InvoiceDetails({ invoice, buyerName }: InvoiceDetailsProps) {
  const { t } = useTranslation('payments');
  const dates = useDateFormat();
  return (
    <Stack gap="md" data-testid="invoice-details" data-invoice-id={invoice.invoice_id}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Stack gap={2}>
          <Text fw={700} size="lg" data-testid="invoice-number">
            {t('invoices.number', { number: invoice.number })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('invoices.issuedOn', { date: dates.date(invoice.created_at) })}
          </Text>
        </Stack>
        <InvoiceStatusBadge status={invoice.status} />
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs">
        <div>
          <Text size="xs" c="dimmed">
            {t('invoices.buyer')}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="invoice-buyer">
            {buyerName ? `${buyerName}, ` : ''}
            {t('invoices.inn', { inn: invoice.inn })}
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            {t('invoices.total')}
          </Text>
          <Text size="sm" fw={700} data-testid="invoice-total">
            {formatMoney(invoice.cost, invoice.currency)}
          </Text>
        </div>
      </SimpleGrid>
      <Table verticalSpacing={4} data-testid="invoice-items">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('invoices.columns.item')}</Table.Th>
            <Table.Th ta="right">{t('invoices.columns.period')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoiceItems(invoice).map((item) => (
            <Table.Tr key={item.module} data-testid={`invoice-item-${item.module}`}>
              <Table.Td>{t(`modules.names.${item.module}`)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {t('periods.months', { count: item.months })}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
