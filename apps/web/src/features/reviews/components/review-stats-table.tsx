import { Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReviewStatsRow, ReviewStatsSortColumn } from '@salon/contract/reviews';
import { localeOf } from '../../../shared/i18n/format-date-time';
import { RowStateBadge } from '../../../shared/ui/row-state-badge';
import { ScrollTable } from '../../../shared/ui/scroll-table';
import { SortHeader, type ColumnSort } from '../../../shared/ui/sort-header';
import { StatCard } from '../../../shared/ui/stat-card';

interface ReviewStatsTableProps {
  rows: ReviewStatsRow[];
  sort: ColumnSort<ReviewStatsSortColumn>;
  onSort: (column: ReviewStatsSortColumn) => void;
  mobile: boolean;
}

const NUMERIC = [
  { column: 'total_sends', key: 'totalSends' },
  { column: 'first_step_conversion', key: 'firstStepConversion' },
  { column: 'full_conversion', key: 'fullConversion' },
  { column: 'negative_results', key: 'negativeResults' },
  { column: 'link_clicks', key: 'linkClicks' },
] as const satisfies readonly { column: Exclude<ReviewStatsSortColumn, 'title'>; key: string }[];

function useFormat() {
  const { i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const count = new Intl.NumberFormat(locale);
  const share = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  return { count: (n: number) => count.format(n), percent: (n: number) => `${share.format(n)}%` };
}

function TitleCell({ row }: { row: ReviewStatsRow }) {
  const { t } = useTranslation('reviews');
  return (
    <Group gap={6} wrap="wrap">
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {row.title}
      </Text>
      <RowStateBadge
        deleted={row.deleted}
        active={row.active}
        labels={{ deleted: t('stats.deleted'), inactive: t('stats.inactive') }}
      />
    </Group>
  );
}

// SPEC 3 Review stats row per chain: a sortable table, or cards under 640 px.
export function ReviewStatsTable({ rows, sort, onSort, mobile }: ReviewStatsTableProps) {
  const { t } = useTranslation('reviews');
  const format = useFormat();
  const value = (row: ReviewStatsRow, column: (typeof NUMERIC)[number]['column']) => {
    if (column === 'first_step_conversion')
      return `${format.percent(row.first_step_conversion)} (${format.count(row.first_step_count)})`;
    if (column === 'full_conversion') return `${format.percent(row.full_conversion)} (${format.count(row.full_count)})`;
    return format.count(row[column]);
  };

  if (mobile) {
    return (
      <Stack gap="xs" data-testid="review-stats-cards">
        {rows.map((row) => (
          <StatCard
            key={row._id}
            title={<TitleCell row={row} />}
            fields={NUMERIC.map(({ column, key }) => ({
              key: column,
              label: t(`stats.columns.${key}`),
              value: value(row, column),
            }))}
            testId={`review-stats-card-${row._id}`}
          />
        ))}
      </Stack>
    );
  }

  return (
    <ScrollTable minWidth={760} stickyFirstColumn>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="review-stats-table">
        <Table.Thead>
          <Table.Tr>
            <SortHeader column="title" sort={sort} onSort={onSort} label={t('stats.columns.title')} />
            {NUMERIC.map(({ column, key }) => (
              <SortHeader
                key={column}
                column={column}
                sort={sort}
                onSort={onSort}
                label={t(`stats.columns.${key}`)}
                numeric
              />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row._id} data-testid={`review-stats-row-${row._id}`}>
              <Table.Td miw={200} maw={320}>
                <TitleCell row={row} />
              </Table.Td>
              {NUMERIC.map(({ column }) => (
                <Table.Td key={column} ta="right" style={{ whiteSpace: 'nowrap' }} data-column={column}>
                  {value(row, column)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
