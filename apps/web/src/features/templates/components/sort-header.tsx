import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { StatsSort, StatsSortColumn } from '../template-stats-rules';

interface SortHeaderProps {
  column: StatsSortColumn;
  sort: StatsSort;
  onSort: (column: StatsSortColumn) => void;
  label: string;
  numeric?: boolean;
}

// A column header that sorts the table; aria-sort tells assistive tech the current order.
export function SortHeader({ column, sort, onSort, label, numeric }: SortHeaderProps) {
  const active = sort.column === column;
  const Icon = !active ? IconArrowsSort : sort.desc ? IconSortDescending : IconSortAscending;
  return (
    <Table.Th
      aria-sort={active ? (sort.desc ? 'descending' : 'ascending') : 'none'}
      ta={numeric ? 'right' : 'left'}
      style={{ whiteSpace: 'nowrap' }}
    >
      <UnstyledButton onClick={() => onSort(column)} fw={600} fz="sm" data-testid={`sort-${column}`}>
        <Group gap={4} wrap="nowrap" justify={numeric ? 'flex-end' : 'flex-start'}>
          {label}
          <Icon size={14} aria-hidden style={{ opacity: active ? 1 : 0.4 }} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
