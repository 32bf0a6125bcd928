import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InvoiceStatus } from '@salon/contract/payments';

const COLORS: Record<InvoiceStatus, string> = { issued: 'blue', paid: 'teal', canceled: 'gray' };

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation('payments');
  return (
    <Badge
      variant="light"
      color={COLORS[status]}
      style={{ textTransform: 'none' }}
      data-testid="invoice-status"
      data-status={status}
    >
      {t(`invoices.statuses.${status}`)}
    </Badge>
  );
}
