import { ActionIcon, Group, Select } from '@mantine/core';
import { IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { ColumnSort } from './sort-header';

interface CardSortBarProps<C extends string> {
  columns: readonly C[];
  columnLabel: (column: C) => string;
  sort: ColumnSort<C>;
  onChange: (sort: ColumnSort<C>) => void;
  // In the calling feature's namespace.
  labels: { sortBy: string; asc: string; desc: string };
  // Gives `${testId}-select` and `${testId}-direction`.
  testId: string;
}

// Phones show cards, not column headers: the sort column and its direction are chosen here.
export function CardSortBar<C extends string>({
  columns,
  columnLabel,
  sort,
  onChange,
  labels,
  testId,
}: CardSortBarProps<C>) {
  const find = (value: string | null) => columns.find((column) => column === value);
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <Select
        label={labels.sortBy}
        data={columns.map((column) => ({ value: column, label: columnLabel(column) }))}
        value={sort.column}
        onChange={(value) => {
          const column = find(value);
          if (column !== undefined) onChange({ column, desc: sort.desc });
        }}
        allowDeselect={false}
        style={{ flex: 1 }}
        data-testid={`${testId}-select`}
      />
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={sort.desc ? labels.desc : labels.asc}
        onClick={() => onChange({ ...sort, desc: !sort.desc })}
        data-testid={`${testId}-direction`}
      >
        {sort.desc ? <IconSortDescending size={18} aria-hidden /> : <IconSortAscending size={18} aria-hidden />}
      </ActionIcon>
    </Group>
  );
}
