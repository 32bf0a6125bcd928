import { useState, type ReactNode } from 'react';
import { Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PartnerTableRow } from '@salon/contract/partners';
import { useDateFormat } from '../../../../shared/i18n/use-date-format';
import { SortableTable } from '../../../../shared/ui/sortable-table';
import { StatCard } from '../../../../shared/ui/stat-card';
import { useIsMobile } from '../../../../shared/ui/use-is-mobile';
import {
  DEFAULT_TABLE_SORT,
  NO_TABLE_FILTERS,
  TABLE_COLUMNS,
  filterRows,
  hasFilters,
  nextSort,
  paidTill,
  sortRows,
  type TableColumn,
} from '../../program-rules';
import { FilialStatusBadge } from './filial-status-badge';
import { PartnerFilters } from './partner-filters';

type Column = TableColumn | 'comment';
const NUMERIC: ReadonlySet<Column> = new Set(['acc_id']);
const WRAPPING: ReadonlySet<Column> = new Set(['filial_name', 'comment']);

// The salons that came through one promo code: filters, a sortable table (account id by default,
// SPEC 9), one card per salon under 640 px.
export function PartnerTable({ rows, testId }: { rows: readonly PartnerTableRow[]; testId: string }) {
  const { t } = useTranslation('partners');
  const dates = useDateFormat();
  const mobile = useIsMobile();
  const [sort, setSort] = useState(DEFAULT_TABLE_SORT);
  const [filters, setFilters] = useState(NO_TABLE_FILTERS);
  const shown = sortRows(filterRows(rows, filters), sort);
  const day = (value: string | null) => (value ? dates.day(value) : '—');
  const cells: Record<Column, (row: PartnerTableRow) => ReactNode> = {
    acc_id: (row) => row.acc_id,
    filial_name: (row) => row.filial_name,
    connection_date: (row) => day(row.connection_date),
    first_pay_date: (row) => day(row.first_pay_date),
    paid_till: (row) => day(paidTill(row)),
    filial_status: (row) => <FilialStatusBadge status={row.filial_status} />,
    comment: (row) => row.comment || '—',
  };
  const label = (column: Column) => t(`program.columns.${column}`);

  let list: ReactNode;
  if (shown.length === 0) {
    list = (
      <Text size="sm" c="dimmed" ta="center" py="md" data-testid={`${testId}-nothing`}>
        {hasFilters(filters) ? t('program.table.nothingFound') : t('program.table.empty')}
      </Text>
    );
  } else if (mobile) {
    list = (
      <Stack gap="xs">
        {shown.map((row) => (
          <StatCard
            key={row.acc_id}
            testId={`${testId}-row`}
            title={
              <Text size="sm" fw={600}>
                {row.filial_name} · {row.acc_id}
              </Text>
            }
            fields={(['filial_status', 'connection_date', 'first_pay_date', 'paid_till', 'comment'] as const).map(
              (column) => ({ key: column, label: label(column), value: cells[column](row) }),
            )}
          />
        ))}
      </Stack>
    );
  } else {
    list = (
      <SortableTable
        rows={shown}
        columns={[...TABLE_COLUMNS, 'comment']}
        columnLabel={label}
        cells={cells}
        rowKey={(row) => row.acc_id}
        sorting={{ columns: TABLE_COLUMNS, sort, onSort: (next) => setSort(nextSort(sort, next)) }}
        numeric={NUMERIC}
        wrapping={WRAPPING}
        rowData={(row) => ({ 'data-acc-id': row.acc_id })}
        minWidth={860}
        stickyFirstColumn
        testId={`${testId}-table`}
        rowTestId={`${testId}-row`}
      />
    );
  }

  return (
    <Stack gap="sm">
      {rows.length > 0 && <PartnerFilters value={filters} onChange={setFilters} testId={`${testId}-filters`} />}
      {mobile && shown.length > 1 && (
        // Phones have no column headers to click: the same order is chosen here.
        <Select
          label={t('program.table.sortBy')}
          data={TABLE_COLUMNS.flatMap((column) =>
            [false, true].map((desc) => ({
              value: `${column}:${desc ? 'desc' : 'asc'}`,
              label: `${label(column)} ${desc ? '↓' : '↑'}`,
            })),
          )}
          value={`${sort.column}:${sort.desc ? 'desc' : 'asc'}`}
          onChange={(value) => {
            const [column, direction] = (value ?? '').split(':');
            const found = TABLE_COLUMNS.find((c) => c === column);
            if (found) setSort({ column: found, desc: direction === 'desc' });
          }}
          allowDeselect={false}
          data-testid={`${testId}-sort`}
        />
      )}
      {list}
    </Stack>
  );
}
