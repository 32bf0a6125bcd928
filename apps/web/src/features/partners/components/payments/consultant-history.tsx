import { Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ConsultantHistory as History } from '@salon/contract/partners';
import type { Currency } from '@salon/contract/constants';
import { formatMoney } from '../../../../shared/i18n/format-money';
import { useDateFormat } from '../../../../shared/i18n/use-date-format';
import { ListSkeleton } from '../../../../shared/ui/list-skeleton';
import { PageEmptyState } from '../../../../shared/ui/page-empty-state';
import { QueryErrorView } from '../../../../shared/ui/query-error-view';
import { ScrollTable } from '../../../../shared/ui/scroll-table';
import { useConsultantHistory } from '../../api/get-history';
import { monthTitle } from '../../withdraw-rules';

type Row = History[number];

// SPEC 9: consultant history by period, the latest first; requests of one month newest first.
export function sortHistory(rows: readonly Row[]): Row[] {
  return [...rows].sort((a, b) => b.period.localeCompare(a.period) || b.requested_at.localeCompare(a.requested_at));
}

// A consultant's payout requests: period, amount, paid (yes with the day, or not yet).
export function ConsultantHistory({
  code,
  currency,
  mobile,
}: {
  code: string | null;
  currency: Currency;
  mobile: boolean;
}) {
  const { t, i18n } = useTranslation('partners');
  const dates = useDateFormat();
  const history = useConsultantHistory(code);

  const paid = (row: Row) =>
    row.payed && row.paid_at
      ? t('payments.history.paidOn', { date: dates.date(row.paid_at) })
      : t('payments.history.notPaid', { date: dates.date(row.requested_at) });
  const period = (row: Row) => monthTitle(row.period, i18n.language);

  let body;
  if (history.isPending) body = <ListSkeleton rows={3} height={44} testId="partner-history-skeleton" />;
  else if (history.isError) body = <QueryErrorView error={history.error} onRetry={() => void history.refetch()} />;
  else if (history.data.length === 0)
    body = (
      <PageEmptyState
        testId="partner-history-empty"
        icon={<IconHistory aria-hidden />}
        title={t('payments.history.emptyTitle')}
        description={t('payments.history.emptyDescription')}
      />
    );
  else if (mobile)
    body = (
      <Stack gap="xs">
        {sortHistory(history.data).map((row) => (
          <Card key={row.payout_id} withBorder radius="md" p="sm" data-testid="partner-history-row">
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" fw={600}>
                {period(row)}
              </Text>
              <Text size="sm" fw={700}>
                {formatMoney(row.amount, currency)}
              </Text>
            </Group>
            <Text size="sm" c={row.payed ? 'teal' : 'dimmed'}>
              {paid(row)}
            </Text>
          </Card>
        ))}
      </Stack>
    );
  else
    body = (
      <ScrollTable minWidth={520}>
        <Table striped verticalSpacing="xs" data-testid="partner-history-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('payments.history.columns.period')}</Table.Th>
              <Table.Th ta="right">{t('payments.history.columns.amount')}</Table.Th>
              <Table.Th>{t('payments.history.columns.paid')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sortHistory(history.data).map((row) => (
              <Table.Tr key={row.payout_id} data-testid="partner-history-row">
                <Table.Td>{period(row)}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(row.amount, currency)}
                </Table.Td>
                <Table.Td c={row.payed ? 'teal' : undefined}>{paid(row)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    );

  return (
    <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="partner-history">
      <Title order={2} size="h4" mb="sm">
        {t('payments.history.title')}
      </Title>
      {body}
    </Card>
  );
}
