import type { ReactNode } from 'react';
import { ActionIcon, Card, Group, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Operation } from '@salon/contract/partners';
import type { Currency } from '@salon/contract/constants';
import { formatMoney } from '../../../../shared/i18n/format-money';
import { useDateFormat } from '../../../../shared/i18n/use-date-format';
import { isDayKey } from '../../../../shared/lib/datetime';
import { ScrollTable } from '../../../../shared/ui/scroll-table';
import { SortHeader } from '../../../../shared/ui/sort-header';
import { OPERATION_COLUMNS, nextOperationSort, type OperationColumn, type OperationSort } from '../../operations-rules';
import { OperationStatusBadge } from './operation-status-badge';

interface OperationsTableProps {
  rows: readonly Operation[];
  currency: Currency;
  sort: OperationSort;
  onSort: (sort: OperationSort) => void;
  mobile: boolean;
}

const NUMERIC = new Set<OperationColumn>(['income', 'accrued']);
const isColumn = (value: string | null): value is OperationColumn =>
  (OPERATION_COLUMNS as readonly (string | null)[]).includes(value);

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

  if (mobile) {
    return (
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <Select
            label={t('operations.sortBy')}
            data={OPERATION_COLUMNS.map((c) => ({ value: c, label: t(`operations.columns.${c}`) }))}
            value={sort.column}
            onChange={(value) => isColumn(value) && onSort({ column: value, desc: sort.desc })}
            allowDeselect={false}
            style={{ flex: 1 }}
            data-testid="operation-sort-select"
          />
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={sort.desc ? t('operations.sortDesc') : t('operations.sortAsc')}
            onClick={() => onSort({ ...sort, desc: !sort.desc })}
            data-testid="operation-sort-direction"
          >
            {sort.desc ? <IconSortDescending size={18} aria-hidden /> : <IconSortAscending size={18} aria-hidden />}
          </ActionIcon>
        </Group>
        {rows.map((row) => (
          <Card key={row.id} withBorder radius="md" p="sm" data-testid="partner-operation-row">
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                <Text size="sm" fw={600}>
                  {cells.operation_date(row)}
                </Text>
                {cells.status(row)}
              </Group>
              <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
                {(['branch_name', 'promo', 'income', 'accrued'] as const).map((column) => (
                  <div key={column} style={{ minWidth: 0 }}>
                    <Text size="xs" c="dimmed">
                      {t(`operations.columns.${column}`)}
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
    <ScrollTable minWidth={820}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="partner-operations-table">
        <Table.Thead>
          <Table.Tr>
            {OPERATION_COLUMNS.map((column) => (
              <SortHeader
                key={column}
                column={column}
                sort={sort}
                onSort={(c) => onSort(nextOperationSort(sort, c))}
                label={t(`operations.columns.${column}`)}
                numeric={NUMERIC.has(column)}
              />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid="partner-operation-row">
              {OPERATION_COLUMNS.map((column) => (
                <Table.Td
                  key={column}
                  ta={NUMERIC.has(column) ? 'right' : undefined}
                  style={{ whiteSpace: column === 'branch_name' ? undefined : 'nowrap' }}
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
