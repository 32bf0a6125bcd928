import { MantineProvider } from '@mantine/core';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CardSortBar } from './card-sort-bar';
import { RowCard } from './row-card';
import { SortableTable } from './sortable-table';

interface Row {
  id: number;
  name: string;
  sum: number;
}

const ROWS: Row[] = [
  { id: 7, name: 'Первый', sum: 100 },
  { id: 9, name: 'Второй', sum: 250 },
];
const COLUMNS = ['name', 'sum', 'note'] as const;
type Column = (typeof COLUMNS)[number];
const CELLS: Record<Column, (row: Row) => string> = {
  name: (row) => row.name,
  sum: (row) => `${row.sum} ₽`,
  note: () => '—',
};

const render = (node: ReactElement) => renderToStaticMarkup(<MantineProvider>{node}</MantineProvider>);
const cell = (html: string, column: Column) =>
  [...html.matchAll(new RegExp(`<td[^>]*data-column="${column}"[^>]*>`, 'g'))].map((m) => m[0]);

function table(sorted: boolean) {
  return render(
    <SortableTable
      rows={ROWS}
      columns={COLUMNS}
      columnLabel={(column) => `label-${column}`}
      cells={CELLS}
      rowKey={(row) => row.id}
      sorting={
        sorted
          ? { columns: ['name', 'sum'] as const, sort: { column: 'sum', desc: true }, onSort: () => {} }
          : undefined
      }
      numeric={new Set<Column>(['sum'])}
      wrapping={new Set<Column>(['note'])}
      rowData={(row) => ({ 'data-row-id': row.id })}
      minWidth={600}
      testId="demo-table"
      rowTestId="demo-row"
    />,
  );
}

describe('SortableTable', () => {
  it('renders one row per item with its test id, data and one cell per column', () => {
    const html = table(true);
    expect(html).toContain('data-testid="demo-table"');
    expect(html.match(/data-testid="demo-row"/g)).toHaveLength(2);
    expect(html).toContain('data-row-id="9"');
    expect(html).toContain('250 ₽');
    expect(cell(html, 'note')).toHaveLength(2);
  });

  it('sorts only the sortable columns and marks the current order', () => {
    const html = table(true);
    expect(html).toContain('data-testid="sort-name"');
    expect(html).toContain('data-testid="sort-sum"');
    expect(html).not.toContain('data-testid="sort-note"');
    expect(html).toContain('aria-sort="descending"');
    expect(table(false)).not.toContain('data-testid="sort-');
  });

  it('keeps cells on one line unless they may wrap, and right-aligns numbers', () => {
    const html = table(false);
    for (const td of cell(html, 'name')) expect(td).toContain('white-space:nowrap');
    for (const td of cell(html, 'note')) expect(td).not.toContain('nowrap');
    for (const td of cell(html, 'sum')) expect(td).toContain('text-align:right');
    for (const td of cell(html, 'name')) expect(td).not.toContain('text-align:right');
  });
});

describe('RowCard and CardSortBar', () => {
  it('shows the title, the badge and each labelled field', () => {
    const html = render(
      <RowCard
        testId="demo-card"
        title="Заголовок"
        badge={<span data-testid="demo-badge">Статус</span>}
        fields={[
          { key: 'a', label: 'Поле А', value: 'Значение А' },
          { key: 'b', label: 'Поле Б', value: 'Значение Б' },
        ]}
      />,
    );
    for (const text of ['data-testid="demo-card"', 'Заголовок', 'data-testid="demo-badge"', 'Поле Б', 'Значение А'])
      expect(html).toContain(text);
  });

  it('gives its select and direction button the prefixed test ids and the direction label', () => {
    const html = render(
      <CardSortBar
        columns={['name', 'sum'] as const}
        columnLabel={(column) => column}
        sort={{ column: 'sum', desc: true }}
        onChange={() => {}}
        labels={{ sortBy: 'Сортировка', asc: 'По возрастанию', desc: 'По убыванию' }}
        testId="demo-sort"
      />,
    );
    expect(html).toContain('data-testid="demo-sort-select"');
    expect(html).toContain('data-testid="demo-sort-direction"');
    expect(html).toContain('aria-label="По убыванию"');
  });
});
