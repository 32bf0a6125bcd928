import { useMemo, useState } from 'react';
import { Anchor, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Currency } from '@salon/contract/constants';
import type { allTemplatesStatsRow } from '@salon/contract/templates';
import type { z } from 'zod';
import { formatMoney } from '../../../shared/i18n/format-money';
import { DEFAULT_STATS_SORT, nextSort, sortStatsRows, type StatsSort } from '../template-stats-rules';
import { formatCount, formatPercent } from './stats-format';
import { localeOf } from '../../../shared/i18n/format-date-time';
import { RowStateBadge } from '../../../shared/ui/row-state-badge';
import { ScrollTable } from '../../../shared/ui/scroll-table';
import { SortHeader } from '../../../shared/ui/sort-header';

type Row = z.infer<typeof allTemplatesStatsRow>;

interface AllTemplatesStatsTableProps {
  rows: Row[];
  accId: number | null;
  currency: Currency;
}

// SPEC 2 Template statistics "list": every template with its sends and results, sortable; a row
// opens the template's own statistics.
export function AllTemplatesStatsTable({ rows, accId, currency }: AllTemplatesStatsTableProps) {
  const { t, i18n } = useTranslation('templates');
  const language = i18n.language;
  const [sort, setSort] = useState<StatsSort>(DEFAULT_STATS_SORT);
  const sorted = useMemo(() => sortStatsRows(rows, sort, localeOf(language)), [rows, sort, language]);
  const onSort = (column: StatsSort['column']) => setSort((current) => nextSort(current, column));
  const countWithRate = (count: number, rate: number) => (
    <Stack gap={0} align="flex-end">
      <Text size="sm">{formatCount(count, language)}</Text>
      <Text size="xs" c="dimmed">
        {formatPercent(rate, language)}
      </Text>
    </Stack>
  );

  return (
    <ScrollTable minWidth={880} stickyFirstColumn>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="all-stats-table">
        <Table.Thead>
          <Table.Tr>
            <SortHeader column="title" sort={sort} onSort={onSort} label={t('stats.columns.template')} />
            <SortHeader column="send_count" sort={sort} onSort={onSort} label={t('stats.columns.sends')} numeric />
            <SortHeader column="sent" sort={sort} onSort={onSort} label={t('stats.columns.delivered')} numeric />
            <SortHeader
              column="answered_count"
              sort={sort}
              onSort={onSort}
              label={t('stats.columns.answered')}
              numeric
            />
            <SortHeader
              column="recorded_count"
              sort={sort}
              onSort={onSort}
              label={t('stats.columns.recorded')}
              numeric
            />
            <SortHeader
              column="recorded_rate"
              sort={sort}
              onSort={onSort}
              label={t('stats.columns.conversion')}
              numeric
            />
            <SortHeader column="earned_count" sort={sort} onSort={onSort} label={t('stats.columns.earned')} numeric />
            <SortHeader
              column="earn_one_msg"
              sort={sort}
              onSort={onSort}
              label={t('stats.columns.perMessage')}
              numeric
            />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.map((row) => (
            <Table.Tr key={row.id} data-testid={`all-stats-row-${row.id}`}>
              <Table.Td miw={200} maw={320}>
                <Stack gap={2}>
                  <Anchor component={Link} to={`/template/stat?id=${row.id}&accId=${accId ?? ''}`} fw={500} size="sm">
                    {row.title}
                  </Anchor>
                  <Group gap={4}>
                    <Text size="xs" c="dimmed">
                      {t(`category.${row.name}`)}
                    </Text>
                    <RowStateBadge
                      deleted={row.deleted}
                      active={row.active}
                      labels={{ deleted: t('stats.deleted'), inactive: t('stats.inactive') }}
                    />
                  </Group>
                </Stack>
              </Table.Td>
              <Table.Td ta="right">{formatCount(row.send_count, language)}</Table.Td>
              <Table.Td ta="right">{countWithRate(row.sent, row.send_rate)}</Table.Td>
              <Table.Td ta="right">{countWithRate(row.answered_count, row.answered_rate)}</Table.Td>
              <Table.Td ta="right">{formatCount(row.recorded_count, language)}</Table.Td>
              <Table.Td ta="right">{formatPercent(row.recorded_rate, language)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(row.earned_count, currency)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(row.earn_one_msg, currency)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
