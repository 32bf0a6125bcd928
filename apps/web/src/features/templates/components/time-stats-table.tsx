import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@salon/contract/constants';
import type { timeStatsRow } from '@salon/contract/templates';
import type { StatsGroupBy } from '@salon/contract/templates-rules';
import type { z } from 'zod';
import { formatMoney } from '../../../shared/i18n/format-money';
import { formatCount, formatDay, formatMonth, formatPercent } from './stats-format';
import { ScrollTable } from '../../../shared/ui/scroll-table';

type Row = z.infer<typeof timeStatsRow>;

export function periodLabel(period: string, groupBy: StatsGroupBy, language: string | undefined, short = false) {
  return groupBy === 'month' ? formatMonth(period, language) : formatDay(period, language, short);
}

// One row per week or month (SPEC 3 Template statistics time rows).
export function TimeStatsTable({
  rows,
  groupBy,
  currency,
}: {
  rows: Row[];
  groupBy: StatsGroupBy;
  currency: Currency;
}) {
  const { t, i18n } = useTranslation('templates');
  const language = i18n.language;
  return (
    <ScrollTable minWidth={760} stickyFirstColumn>
      <Table striped verticalSpacing="xs" data-testid="time-stats-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t(groupBy === 'week' ? 'stats.columns.week' : 'stats.columns.month')}</Table.Th>
            <Table.Th>{t('stats.columns.versions')}</Table.Th>
            <Table.Th ta="right">{t('stats.columns.sends')}</Table.Th>
            <Table.Th ta="right">{t('stats.columns.delivered')}</Table.Th>
            <Table.Th ta="right">{t('stats.columns.answered')}</Table.Th>
            <Table.Th ta="right">{t('stats.columns.recorded')}</Table.Th>
            <Table.Th ta="right">{t('stats.columns.conversion')}</Table.Th>
            <Table.Th ta="right">{t('stats.columns.earned')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.period} data-testid={`time-row-${row.period}`}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {groupBy === 'week'
                  ? t('stats.weekOf', { date: periodLabel(row.period, groupBy, language) })
                  : periodLabel(row.period, groupBy, language)}
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {row.versions.map((v) => t('stats.versionNumber', { version: v })).join(', ') || '—'}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{formatCount(row.send_count, language)}</Table.Td>
              <Table.Td ta="right">{formatCount(row.sent, language)}</Table.Td>
              <Table.Td ta="right">{formatCount(row.answered_count, language)}</Table.Td>
              <Table.Td ta="right">{formatCount(row.recorded_count, language)}</Table.Td>
              <Table.Td ta="right">{formatPercent(row.recorded_rate, language)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(row.earned_count, currency)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
