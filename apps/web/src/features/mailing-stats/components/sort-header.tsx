import { Group, Table, Tooltip, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { StatsSortColumn } from '@salon/contract/mailing-stats-rules';

interface SortHeaderProps {
  column: StatsSortColumn;
  sort: StatsSortColumn;
  desc: boolean;
  onSort: (column: StatsSortColumn) => void;
  label: string;
  hint?: string;
  numeric?: boolean;
}

// A column header that sorts the table on the server; aria-sort tells assistive tech the order.
export function SortHeader({ column, sort, desc, onSort, label, hint, numeric }: SortHeaderProps) {
  const active = sort === column;
  const Icon = !active ? IconArrowsSort : desc ? IconSortDescending : IconSortAscending;
  const button = (
    <UnstyledButton onClick={() => onSort(column)} fw={600} fz="sm" data-testid={`stats-sort-${column}`}>
      <Group gap={4} wrap="nowrap" justify={numeric ? 'flex-end' : 'flex-start'}>
        {label}
        <Icon size={14} aria-hidden style={{ opacity: active ? 1 : 0.4 }} />
      </Group>
    </UnstyledButton>
  );
  return (
    <Table.Th
      aria-sort={active ? (desc ? 'descending' : 'ascending') : 'none'}
      ta={numeric ? 'right' : 'left'}
      style={{ whiteSpace: 'nowrap' }}
    >
      {hint ? (
        <Tooltip label={hint} withArrow multiline maw={260}>
          {button}
        </Tooltip>
      ) : (
        button
      )}
    </Table.Th>
  );
}
