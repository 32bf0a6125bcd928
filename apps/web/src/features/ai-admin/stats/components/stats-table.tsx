import { Card, ScrollArea, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AiStatsRow } from '@salon/contract/ai-stats';
import { useDateFormat } from '../../../../shared/i18n/use-date-format';
import { addDays } from '../stats-range-rules';

interface StatsTableProps {
  series: readonly AiStatsRow[];
  weekly: boolean;
  number: (value: number) => string;
  money: (value: number) => string;
}

// The chart's figures period by period, for reading exact values.
export function StatsTable({ series, weekly, number, money }: StatsTableProps) {
  const { t } = useTranslation('ai-stats');
  const format = useDateFormat();
  return (
    <Card withBorder radius="md" padding="md">
      <Text fw={600} mb="sm">
        {t('table.title')}
      </Text>
      <ScrollArea type="auto" scrollbars="x">
        <Table striped highlightOnHover miw={760} data-testid="ai-stats-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t(weekly ? 'table.week' : 'table.day')}</Table.Th>
              <Table.Th ta="right">{t('totals.conversations')}</Table.Th>
              <Table.Th ta="right">{t('totals.answered')}</Table.Th>
              <Table.Th ta="right">{t('totals.handedOver')}</Table.Th>
              <Table.Th ta="right">{t('totals.bookings')}</Table.Th>
              <Table.Th ta="right">{t('totals.moved')}</Table.Th>
              <Table.Th ta="right">{t('totals.cancelled')}</Table.Th>
              <Table.Th ta="right">{t('totals.revenue')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {series.map((row) => (
              <Table.Tr key={row.period} data-testid="ai-stats-row">
                <Table.Td>
                  {weekly
                    ? `${format.day(row.period)} – ${format.day(addDays(row.period, 6))}`
                    : format.day(row.period)}
                </Table.Td>
                <Table.Td ta="right">{number(row.conversations)}</Table.Td>
                <Table.Td ta="right">{number(row.answered_by_bot)}</Table.Td>
                <Table.Td ta="right">{number(row.handed_over)}</Table.Td>
                <Table.Td ta="right">{number(row.bookings)}</Table.Td>
                <Table.Td ta="right">{number(row.moved)}</Table.Td>
                <Table.Td ta="right">{number(row.cancelled)}</Table.Td>
                <Table.Td ta="right">{money(row.revenue)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Card>
  );
}
