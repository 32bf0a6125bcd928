import { Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SalonHistory as History } from '@salon/contract/partners';
import type { Currency } from '@salon/contract/constants';
import { formatMoney } from '../../../../shared/i18n/format-money';
import { localeOf } from '../../../../shared/i18n/format-date-time';
import { ListSkeleton } from '../../../../shared/ui/list-skeleton';
import { PageEmptyState } from '../../../../shared/ui/page-empty-state';
import { QueryErrorView } from '../../../../shared/ui/query-error-view';
import { ScrollTable } from '../../../../shared/ui/scroll-table';
import { StatCard } from '../../../../shared/ui/stat-card';
import { useSalonHistory } from '../../api/get-salon-history';
import { monthTitle } from '../../withdraw-rules';

type Month = History['months'][number];
const COLUMNS = ['period', 'monthsAccrued', 'sum', 'count'] as const;

// SPEC 3 salon history: days left of the salon's subscription, bonus days received, and by month
// what its promo code brought (latest month first).
export function SalonHistory({ currency, mobile }: { currency: Currency; mobile: boolean }) {
  const { t, i18n } = useTranslation('partners');
  const history = useSalonHistory();
  const number = new Intl.NumberFormat(localeOf(i18n.language), { maximumFractionDigits: 2 });
  const cells: Record<(typeof COLUMNS)[number], (m: Month) => string> = {
    period: (m) => monthTitle(m.period, i18n.language),
    monthsAccrued: (m) => number.format(m.months_accrued),
    sum: (m) => formatMoney(m.sum, currency),
    count: (m) => number.format(m.count),
  };

  if (history.isPending) return <ListSkeleton rows={3} height={56} testId="salon-history-skeleton" />;
  if (history.isError) return <QueryErrorView error={history.error} onRetry={() => void history.refetch()} />;
  const months = [...history.data.months].sort((a, b) => b.period.localeCompare(a.period));

  return (
    <Stack gap="md" data-testid="salon-history">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Card withBorder radius="md" p="md" data-testid="salon-days-left">
          <Text size="sm" c="dimmed">
            {t('payments.salon.daysLeft')}
          </Text>
          <Text size="xl" fw={700}>
            {number.format(history.data.days_left)}
          </Text>
        </Card>
        <Card withBorder radius="md" p="md" data-testid="salon-total-bonuses">
          <Text size="sm" c="dimmed">
            {t('payments.salon.totalBonuses')}
          </Text>
          <Text size="xl" fw={700}>
            {number.format(history.data.total_bonuses)}
          </Text>
        </Card>
      </SimpleGrid>
      <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Title order={2} size="h4" mb="sm">
          {t('payments.salon.title')}
        </Title>
        {months.length === 0 ? (
          <PageEmptyState
            testId="salon-history-empty"
            icon={<IconCalendarPlus aria-hidden />}
            title={t('payments.salon.emptyTitle')}
            description={t('payments.salon.emptyDescription')}
          />
        ) : mobile ? (
          <Stack gap="xs">
            {months.map((m) => (
              <StatCard
                key={m.period}
                testId="salon-history-row"
                title={
                  <Text size="sm" fw={600}>
                    {cells.period(m)}
                  </Text>
                }
                fields={COLUMNS.slice(1).map((c) => ({
                  key: c,
                  label: t(`payments.salon.columns.${c}`),
                  value: cells[c](m),
                }))}
              />
            ))}
          </Stack>
        ) : (
          <ScrollTable minWidth={560}>
            <Table striped verticalSpacing="xs" data-testid="salon-history-table">
              <Table.Thead>
                <Table.Tr>
                  {COLUMNS.map((c) => (
                    <Table.Th key={c} ta={c === 'period' ? undefined : 'right'}>
                      {t(`payments.salon.columns.${c}`)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {months.map((m) => (
                  <Table.Tr key={m.period} data-testid="salon-history-row">
                    {COLUMNS.map((c) => (
                      <Table.Td key={c} ta={c === 'period' ? undefined : 'right'}>
                        {cells[c](m)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Card>
    </Stack>
  );
}
