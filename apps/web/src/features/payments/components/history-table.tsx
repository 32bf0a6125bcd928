import type { ReactNode } from 'react';
import { Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PaymentHistoryRow } from '@salon/contract/payments';
import { formatMoney } from '../../../shared/i18n/format-money';
import { useDateFormat } from '../../../shared/i18n/use-date-format';
import { ScrollTable } from '../../../shared/ui/scroll-table';
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

// The branch's payments: a table, or one card per payment under 640 px.
export function HistoryTable({ rows, mobile }: { rows: readonly PaymentHistoryRow[]; mobile: boolean }) {
  const { t } = useTranslation('payments');
  const cells = useCells();
  const keyOf = (row: PaymentHistoryRow, index: number) => row.receipt?.payment_id ?? `${row.date}-${index}`;

  if (mobile) {
    return (
      <Stack gap="xs" data-testid="history-cards">
        {rows.map((row, index) => (
          <Card key={keyOf(row, index)} withBorder radius="md" p="sm" data-testid="history-card">
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" fw={600}>
                  {cells.date(row)}
                </Text>
                <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                  {cells.amount(row)}
                </Text>
              </Group>
              <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
                {(['modules', 'type', 'period', 'receipt'] as const).map((column) => (
                  <div key={column} style={{ minWidth: 0 }}>
                    <Text size="xs" c="dimmed">
                      {t(`history.columns.${column}`)}
                    </Text>
                    <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
                      {cells[column](row)}
                    </Text>
                  </div>
                ))}
              </SimpleGrid>
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <ScrollTable minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="history-table">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column} ta={column === 'amount' ? 'right' : undefined}>
                {t(`history.columns.${column}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={keyOf(row, index)} data-testid="history-row">
              {COLUMNS.map((column) => (
                <Table.Td
                  key={column}
                  ta={column === 'amount' ? 'right' : undefined}
                  style={{ whiteSpace: column === 'modules' ? undefined : 'nowrap' }}
                  data-column={column}
                >
                  {cells[column](row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
