import { formatPhone } from '@salon/contract/phone';
import type { ReactNode } from 'react';
import { ActionIcon, Card, Group, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Lead } from '@salon/contract/partners';
import { useDateFormat } from '../../../../shared/i18n/use-date-format';
import { ScrollTable } from '../../../../shared/ui/scroll-table';
import { SortHeader } from '../../../../shared/ui/sort-header';
import { LEAD_COLUMNS, nextLeadSort, type LeadColumn, type LeadSort } from '../../leads-rules';
import { LeadStatusBadge } from './lead-status-badge';

interface LeadsTableProps {
  rows: readonly Lead[];
  sort: LeadSort;
  onSort: (sort: LeadSort) => void;
  mobile: boolean;
}

const isColumn = (value: string | null): value is LeadColumn =>
  (LEAD_COLUMNS as readonly (string | null)[]).includes(value);

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

// SPEC 3 leads: a sortable table, or one card per lead on a phone.
export function LeadsTable({ rows, sort, onSort, mobile }: LeadsTableProps) {
  const { t } = useTranslation('partners');
  const cells = useCells();

  if (mobile) {
    return (
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <Select
            label={t('operations.sortBy')}
            data={LEAD_COLUMNS.map((c) => ({ value: c, label: t(`leads.columns.${c}`) }))}
            value={sort.column}
            onChange={(value) => isColumn(value) && onSort({ column: value, desc: sort.desc })}
            allowDeselect={false}
            style={{ flex: 1 }}
            data-testid="lead-sort-select"
          />
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={sort.desc ? t('operations.sortDesc') : t('operations.sortAsc')}
            onClick={() => onSort({ ...sort, desc: !sort.desc })}
            data-testid="lead-sort-direction"
          >
            {sort.desc ? <IconSortDescending size={18} aria-hidden /> : <IconSortAscending size={18} aria-hidden />}
          </ActionIcon>
        </Group>
        {rows.map((row) => (
          <Card key={row.id} withBorder radius="md" p="sm" data-testid="partner-lead-row">
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" fw={600}>
                  {formatPhone(row.phone)}
                </Text>
                {cells.status(row)}
              </Group>
              <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
                {(['branch_name', 'created_at', 'protected_till', 'comment'] as const).map((column) => (
                  <div key={column} style={{ minWidth: 0 }}>
                    <Text size="xs" c="dimmed">
                      {t(`leads.columns.${column}`)}
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
    <ScrollTable minWidth={860}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="partner-leads-table">
        <Table.Thead>
          <Table.Tr>
            {LEAD_COLUMNS.map((column) => (
              <SortHeader
                key={column}
                column={column}
                sort={sort}
                onSort={(c) => onSort(nextLeadSort(sort, c))}
                label={t(`leads.columns.${column}`)}
              />
            ))}
            <Table.Th>{t('leads.columns.comment')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid="partner-lead-row">
              {[...LEAD_COLUMNS, 'comment' as const].map((column) => (
                <Table.Td
                  key={column}
                  style={{ whiteSpace: column === 'comment' || column === 'branch_name' ? undefined : 'nowrap' }}
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
