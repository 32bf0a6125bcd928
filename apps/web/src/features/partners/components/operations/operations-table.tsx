import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Operation } from '@salon/contract/partners';
import type { Currency } from '@salon/contract/constants';
import { formatMoney } from '../../../../shared/i18n/format-money';
import { useDateFormat } from '../../../../shared/i18n/use-date-format';
import { isDayKey } from '../../../../shared/lib/datetime';
import { CardSortBar } from '../../../../shared/ui/card-sort-bar';
import { RowCard } from '../../../../shared/ui/row-card';
import { SortableTable } from '../../../../shared/ui/sortable-table';
import { OPERATION_COLUMNS, nextOperationSort, type OperationColumn, type OperationSort } from '../../operations-rules';
import { OperationStatusBadge } from './operation-status-badge';

interface OperationsTableProps {
  rows: readonly Operation[];
  currency: Currency;
  sort: OperationSort;
  onSort: (sort: OperationSort) => void;
  mobile: boolean;
}

const NUMERIC: ReadonlySet<OperationColumn> = new Set(['income', 'accrued']);
const WRAPPING: ReadonlySet<OperationColumn> = new Set(['branch_name']);

function useCells(currency: Currency): Record<OperationColumn, (row: Operation) => ReactNode> {
  const { t } = useTranslation('partners');
  const dates = useDateFormat();
  return {
    operation_date: (row) =>
      isDayKey(row.operation_date) ? dates.day(row.operation_date) : dates.date(row.operation_date),
    branch_name: (row) => (
      <Stack gap={0}>
        <Text size="sm">{row.branch_name || `#${row.branch}`}</Text>
        <Text size="xs" c="dimmed">
          ID {row.branch}
        </Text>
      </Stack>
    ),
    promo: (row) => row.promo,
    income: (row) => formatMoney(row.income_amount, currency),
    accrued: (row) => (
      <Text size="sm" c={row.accrued_amount < 0 ? 'red' : undefined} fw={500} span>
        {formatMoney(row.accrued_amount, currency)}
      </Text>
    ),
    status: (row) => (
      <Stack gap={2} align="flex-start">
        <OperationStatusBadge status={row.status} />
        {row.status === 'Начисление' && row.payable_from && (
          <Text size="xs" c="dimmed" data-testid="operation-payable-from">
            {t('operations.payableFrom', { date: dates.day(row.payable_from) })}
          </Text>
        )}
      </Stack>
    ),
  };
}

// SPEC 3 operations: a sortable table, or one card per operation on a phone.
export function OperationsTable({ rows, currency, sort, onSort, mobile }: OperationsTableProps) {
  const { t } = useTranslation('partners');
  const cells = useCells(currency);
  const label = (column: OperationColumn) => t(`operations.columns.${column}`);

  if (mobile) {
    return (
      <Stack gap="xs">
        <CardSortBar
          columns={OPERATION_COLUMNS}
          columnLabel={label}
          sort={sort}
          onChange={onSort}
          labels={{ sortBy: t('operations.sortBy'), asc: t('operations.sortAsc'), desc: t('operations.sortDesc') }}
          testId="operation-sort"
        />
        {rows.map((row) => (
          <RowCard
            key={row.id}
            testId="partner-operation-row"
            title={cells.operation_date(row)}
            badge={cells.status(row)}
            alignTop
            fields={(['branch_name', 'promo', 'income', 'accrued'] as const).map((column) => ({
              key: column,
              label: label(column),
              value: cells[column](row),
            }))}
          />
        ))}
      </Stack>
    );
  }

  return (
    <SortableTable
      rows={rows}
      columns={OPERATION_COLUMNS}
      columnLabel={label}
      cells={cells}
      rowKey={(row) => row.id}
      sorting={{ columns: OPERATION_COLUMNS, sort, onSort: (column) => onSort(nextOperationSort(sort, column)) }}
      numeric={NUMERIC}
      wrapping={WRAPPING}
      minWidth={820}
      testId="partner-operations-table"
      rowTestId="partner-operation-row"
    />
  );
}
