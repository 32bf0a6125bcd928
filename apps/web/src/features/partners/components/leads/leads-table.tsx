import { formatPhone } from '@salon/contract/phone';
import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Lead } from '@salon/contract/partners';
import { useDateFormat } from '../../../../shared/i18n/use-date-format';
import { CardSortBar } from '../../../../shared/ui/card-sort-bar';
import { RowCard } from '../../../../shared/ui/row-card';
import { SortableTable } from '../../../../shared/ui/sortable-table';
import { LEAD_COLUMNS, nextLeadSort, type LeadColumn, type LeadSort } from '../../leads-rules';
import { LeadStatusBadge } from './lead-status-badge';

interface LeadsTableProps {
  rows: readonly Lead[];
  sort: LeadSort;
  onSort: (sort: LeadSort) => void;
  mobile: boolean;
}

function useCells(): Record<LeadColumn | 'comment', (row: Lead) => ReactNode> {
  const dates = useDateFormat();
  return {
    created_at: (row) => dates.dateTime(row.created_at),
    phone: (row) => formatPhone(row.phone),
    branch_name: (row) => (
      <Stack gap={0}>
        <Text size="sm">{row.branch_name || '—'}</Text>
        {row.branch !== null && (
          <Text size="xs" c="dimmed">
            ID {row.branch}
          </Text>
        )}
      </Stack>
    ),
    status: (row) => <LeadStatusBadge status={row.status} />,
    protected_till: (row) => dates.day(row.protected_till),
    comment: (row) => row.comment || '—',
  };
}

const WRAPPING: ReadonlySet<LeadColumn | 'comment'> = new Set(['branch_name', 'comment']);

// SPEC 3 leads: a sortable table, or one card per lead on a phone.
export function LeadsTable({ rows, sort, onSort, mobile }: LeadsTableProps) {
  const { t } = useTranslation('partners');
  const cells = useCells();
  const label = (column: LeadColumn | 'comment') => t(`leads.columns.${column}`);

  if (mobile) {
    return (
      <Stack gap="xs">
        <CardSortBar
          columns={LEAD_COLUMNS}
          columnLabel={label}
          sort={sort}
          onChange={onSort}
          labels={{ sortBy: t('operations.sortBy'), asc: t('operations.sortAsc'), desc: t('operations.sortDesc') }}
          testId="lead-sort"
        />
        {rows.map((row) => (
          <RowCard
            key={row.id}
            testId="partner-lead-row"
            title={formatPhone(row.phone)}
            badge={cells.status(row)}
            fields={(['branch_name', 'created_at', 'protected_till', 'comment'] as const).map((column) => ({
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
      columns={[...LEAD_COLUMNS, 'comment']}
      columnLabel={label}
      cells={cells}
      rowKey={(row) => row.id}
      sorting={{ columns: LEAD_COLUMNS, sort, onSort: (column) => onSort(nextLeadSort(sort, column)) }}
      wrapping={WRAPPING}
      minWidth={860}
      testId="partner-leads-table"
      rowTestId="partner-lead-row"
    />
  );
}
