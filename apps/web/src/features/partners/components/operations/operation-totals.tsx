import { Card, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OperationList } from '@salon/contract/partners';
import { formatMoney } from '../../../../shared/i18n/format-money';

const TOTALS = [
  ['totalPaid', 'total_paid'],
  ['totalAccrued', 'total_accrued'],
  ['currentAccrued', 'current_accrued'],
] as const;

// SPEC 3 totals over the operations: salons' income, everything accrued, payable now.
export function OperationTotals({ list }: { list: OperationList }) {
  const { t } = useTranslation('partners');
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" data-testid="operation-totals">
      {TOTALS.map(([label, field]) => (
        <Card key={field} withBorder radius="md" p="md" data-testid={`operation-total-${field}`}>
          <Text size="sm" c="dimmed">
            {t(`operations.totals.${label}`)}
          </Text>
          <Text size="xl" fw={700} data-testid="operation-total-value">
            {formatMoney(list[field], list.currency)}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
