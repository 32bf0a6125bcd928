import { Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@salon/contract/constants';
import type { versionStatsRow } from '@salon/contract/templates';
import type { TemplateCategory } from '@salon/contract/templates-rules';
import type { z } from 'zod';
import { localeOf } from '../../../shared/i18n/format-date-time';
import { useDateFormat } from '../../../shared/i18n/use-date-format';
import { formatMoney } from '../../../shared/i18n/format-money';
import { sendTimeWords } from '../template-list-rules';
import { sendTimeText } from './send-time-text';
import { formatCount, formatPercent } from './stats-format';
import { ScrollTable } from '../../../shared/ui/scroll-table';

type Row = z.infer<typeof versionStatsRow>;

interface VersionStatsTableProps {
  rows: Row[];
  category: TemplateCategory | null;
  currency: Currency;
}

// One row per text version (SPEC 3 Template statistics version rows).
export function VersionStatsTable({ rows, category, currency }: VersionStatsTableProps) {
  const { t, i18n } = useTranslation('templates');
  const fmt = useDateFormat();
  const language = i18n.language;
  const rate = (count: number, value: number) => (
    <Stack gap={0} align="flex-end">
      <Text size="sm">{formatCount(count, language)}</Text>
      <Text size="xs" c="dimmed">
        {formatPercent(value, language)}
      </Text>
    </Stack>
  );
  return (
    <ScrollTable minWidth={900} stickyFirstColumn>
      <Table striped verticalSpacing="xs" data-testid="version-stats-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('stats.columns.version')}</Table.Th>
            <Table.Th>{t('stats.columns.text')}</Table.Th>
            <Table.Th>{t('stats.columns.sendTime')}</Table.Th>
            <Table.Th ta="right">{t('stats.columns.sends')}</Table.Th>
            <Table.Th ta="right">{t('stats.columns.delivered')}</Table.Th>
            <Table.Th ta="right">{t('stats.columns.answered')}</Table.Th>
            <Table.Th ta="right">{t('stats.columns.recorded')}</Table.Th>
            <Table.Th ta="right">{t('stats.columns.earned')}</Table.Th>
            <Table.Th ta="right">{t('stats.columns.perMessage')}</Table.Th>
            <Table.Th ta="right">{t('stats.columns.daysToRecord')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...rows]
            .sort((a, b) => b.version - a.version)
            .map((row) => (
              <Table.Tr key={`${row.id}-${row.version}`} data-testid={`version-row-${row.version}`}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm" fw={600}>
                    {t('stats.versionNumber', { version: row.version })}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {fmt.dateTime(row.time)}
                  </Text>
                </Table.Td>
                <Table.Td miw={200} maw={300}>
                  <Text size="sm" lineClamp={3} title={row.text} style={{ whiteSpace: 'pre-wrap' }}>
                    {row.text}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {category ? sendTimeText(sendTimeWords(category, row.send_time, null), t) : String(row.send_time)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{formatCount(row.send_count, language)}</Table.Td>
                <Table.Td ta="right">{rate(row.sent, row.send_rate)}</Table.Td>
                <Table.Td ta="right">{rate(row.answered_count, row.answered_rate)}</Table.Td>
                <Table.Td ta="right">{rate(row.recorded_count, row.recorded_rate)}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(row.earned_count, currency)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(row.earn_one_msg, currency)}
                </Table.Td>
                <Table.Td ta="right">
                  {row.send_after_days === null
                    ? '—'
                    : new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 1 }).format(
                        row.send_after_days,
                      )}
                </Table.Td>
              </Table.Tr>
            ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
