import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PaymentHistoryRow } from '@salon/contract/payments';
import { formatMoney } from '../../../shared/i18n/format-money';
import { useDateFormat } from '../../../shared/i18n/use-date-format';
import { RowCard } from '../../../shared/ui/row-card';
import { SortableTable } from '../../../shared/ui/sortable-table';
import { historyDateKind } from '../history-rules';
import { ReceiptCell } from './receipt-cell';

type Cell = (row: PaymentHistoryRow) => ReactNode;

function useCells(): Record<'date' | 'modules' | 'type' | 'amount' | 'period' | 'receipt', Cell> {
  const { t } = useTranslation('payments');
  const dates = useDateFormat();
  return {
    date: (row) => (historyDateKind(row.date) === 'day' ? dates.day(row.date) : dates.dateTime(row.date)),
    modules: (row) => row.modules.map((m) => t(`modules.names.${m}`)).join(', '),
    // An operator's refund keeps the row; the cell says it was returned and when.
    type: (row) =>
      row.refunded_at
        ? `${t(`history.types.${row.type}`)} · ${t('history.refunded', { date: dates.date(row.refunded_at) })}`
        : t(`history.types.${row.type}`),
    amount: (row) => formatMoney(row.amount, row.currency),
    period: (row) => t('periods.months', { count: row.period }),
    receipt: (row) => <ReceiptCell row={row} />,
  };
}

const COLUMNS = ['date', 'modules', 'type', 'amount', 'period', 'receipt'] as const;
type Column = (typeof COLUMNS)[number];
const NUMERIC: ReadonlySet<Column> = new Set(['amount']);
const WRAPPING: ReadonlySet<Column> = new Set(['modules']);

// The branch's payments: a table, or one card per payment under 640 px.
export function HistoryTable({ rows, mobile }: { rows: readonly PaymentHistoryRow[]; mobile: boolean }) {
  const { t } = useTranslation('payments');
  const cells = useCells();
  const keyOf = (row: PaymentHistoryRow, index: number) => row.receipt?.payment_id ?? `${row.date}-${index}`;
  const label = (column: Column) => t(`history.columns.${column}`);

  if (mobile) {
    return (
      <Stack gap="xs" data-testid="history-cards">
        {rows.map((row, index) => (
          <RowCard
            key={keyOf(row, index)}
            testId="history-card"
            title={cells.date(row)}
            badge={
              <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                {cells.amount(row)}
              </Text>
            }
            fields={(['modules', 'type', 'period', 'receipt'] as const).map((column) => ({
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
      columns={COLUMNS}
      columnLabel={label}
      cells={cells}
      rowKey={keyOf}
      numeric={NUMERIC}
      wrapping={WRAPPING}
      minWidth={760}
      testId="history-table"
      rowTestId="history-row"
    />
  );
}
