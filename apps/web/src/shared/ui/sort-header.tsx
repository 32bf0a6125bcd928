import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';

export interface ColumnSort<C extends string> {
  column: C;
  desc: boolean;
}

interface SortHeaderProps<C extends string> {
  column: C;
  sort: ColumnSort<C>;
  onSort: (column: C) => void;
  label: string;
  numeric?: boolean;
}

// A column header that sorts the table; aria-sort tells assistive tech the current order.
export function SortHeader<C extends string>({ column, sort, onSort, label, numeric }: SortHeaderProps<C>) {
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
