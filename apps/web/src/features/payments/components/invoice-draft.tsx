import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconFileInvoice } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PayCurrency } from '@salon/contract/payments';
import type { BillData } from '@salon/contract/settings';
import { formatMoney } from '../../../shared/i18n/format-money';
import { useSession } from '../../../shared/session/use-session';
import type { PriceRequest } from '../api/calculate-price';
import { missingBillData } from '../invoice-rules';

interface InvoiceDraftProps {
  request: PriceRequest;
  // The calculated price of the same choice, when known.
  total: number | undefined;
  currency: PayCurrency;
  bill: { data: BillData | undefined; loading: boolean; error: string | null; onRetry: () => void };
  creating: boolean;
  onCreate: () => void;
}

// Before the invoice exists: whom it is for (the branch's billing data, or a way to fill them in) and
// what it buys.
export function InvoiceDraft({ request, total, currency, bill, creating, onCreate }: InvoiceDraftProps) {
  const { t } = useTranslation('payments');
  const { accId } = useSession();

  if (bill.loading) {
    return (
      <Stack gap="xs" aria-busy="true" data-testid="invoice-draft-loading">
        <Skeleton height={14} width="70%" />
        <Skeleton height={14} width="50%" />
        <Skeleton height={36} width="40%" mt="sm" />
      </Stack>
    );
  }
  if (bill.error !== null || !bill.data) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} data-testid="invoice-draft-error">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{bill.error}</Text>
          <Button size="xs" variant="light" color="red" onClick={bill.onRetry}>
            {t('invoices.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  const missing = missingBillData(bill.data);
  if (missing.length > 0) {
    return (
      <Alert color="yellow" variant="light" icon={<IconAlertCircle aria-hidden />} data-testid="invoice-no-bill-data">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            {t('invoices.noBillData', { fields: missing.map((field) => t(`invoices.fields.${field}`)).join(', ') })}
          </Text>
          <Button
            component={Link}
            to={accId === null ? '/bill_data' : `/bill_data?accId=${accId}`}
            size="xs"
            variant="light"
            data-testid="invoice-bill-data-link"
          >
            {t('invoices.toBillData')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  const { inn, kpp, name } = bill.data;
  const rows: [string, string][] = [
    [t('invoices.buyer'), name],
    [t('invoices.fields.inn'), kpp ? `${inn} / ${t('invoices.fields.kpp')} ${kpp}` : inn],
    [t('invoices.columns.period'), t('periods.months', { count: request.months })],
    [t('invoices.columns.items'), request.modules.map((m) => t(`modules.names.${m}`)).join(', ')],
  ];
  if (total !== undefined) rows.push([t('invoices.total'), formatMoney(total, currency)]);

  return (
    <Stack gap="md" data-testid="invoice-draft">
      <Stack gap={6}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </div>
        ))}
      </Stack>
      <Text size="xs" c="dimmed">
        {t('invoices.draftHint')}
      </Text>
      <Button
        onClick={onCreate}
        loading={creating}
        leftSection={<IconFileInvoice size={18} aria-hidden />}
        w={{ base: '100%', xs: 'auto' }}
        data-autofocus
        data-testid="invoice-create"
      >
        {t('invoices.create')}
      </Button>
    </Stack>
  );
}
