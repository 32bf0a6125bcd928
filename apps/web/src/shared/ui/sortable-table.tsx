import type { ReactNode } from 'react';
import { Table } from '@mantine/core';
import { ScrollTable } from './scroll-table';
import { SortHeader, type ColumnSort } from './sort-header';

interface Sorting<S extends string> {
  // The columns with a sort button in their header; the others get a plain header.
  columns: readonly S[];
  sort: ColumnSort<S>;
  onSort: (column: S) => void;
}

interface SortableTableProps<R, C extends string, S extends C> {
  rows: readonly R[];
  columns: readonly C[];
  columnLabel: (column: C) => string;
  cells: Record<C, (row: R) => ReactNode>;
  rowKey: (row: R, index: number) => string | number;
  sorting?: Sorting<S>;
  // Right-aligned (money, ids).
  numeric?: ReadonlySet<C>;
  // Long text that may wrap; every other cell stays on one line.
  wrapping?: ReadonlySet<C>;
  // Extra data-* attributes of a row.
  rowData?: (row: R) => Record<`data-${string}`, string | number>;
  minWidth: number;
  stickyFirstColumn?: boolean;
  testId: string;
  rowTestId: string;
}

// The cabinet's list table: headers that sort it, one cell per column, scrolled sideways when narrow.
export function SortableTable<R, C extends string, S extends C = never>({
  rows,
  columns,
  columnLabel,
  cells,
  rowKey,
  sorting,
  numeric,
  wrapping,
  rowData,
  minWidth,
  stickyFirstColumn,
  testId,
  rowTestId,
}: SortableTableProps<R, C, S>) {
  const sortable = (column: C): column is S =>
    (sorting?.columns as readonly C[] | undefined)?.includes(column) ?? false;
  return (
    <ScrollTable minWidth={minWidth} stickyFirstColumn={stickyFirstColumn}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) =>
              sorting && sortable(column) ? (
                <SortHeader
                  key={column}
                  column={column}
                  sort={sorting.sort}
                  onSort={sorting.onSort}
                  label={columnLabel(column)}
                  numeric={numeric?.has(column)}
                />
              ) : (
                <Table.Th key={column} ta={numeric?.has(column) ? 'right' : undefined}>
                  {columnLabel(column)}
                </Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={rowKey(row, index)} data-testid={rowTestId} {...rowData?.(row)}>
              {columns.map((column) => (
                <Table.Td
                  key={column}
                  ta={numeric?.has(column) ? 'right' : undefined}
                  style={{ whiteSpace: wrapping?.has(column) ? undefined : 'nowrap' }}
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
