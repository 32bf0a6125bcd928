import { describe, expect, it } from 'vitest';
import type { Operation } from '@salon/contract/partners';
import {
  DEFAULT_OPERATION_SORT,
  OPEN_START_DAY,
  defaultOperationFilters,
  filterChoices,
  hasOperationFilters,
  narrowOperations,
  nextOperationSort,
  nextOperationsSearch,
  operationsWireQuery,
  parseSum,
  readOperationsView,
  sortOperations,
  startOfYear,
} from './operations-rules';

const TODAY = '2026-11-26';
const params = (search: string) => new URLSearchParams(search);

const op = (patch: Partial<Operation>): Operation => ({
  id: 1,
  branch: 10,
  branch_name: 'Бархат',
  operation_date: '2026-03-01T10:00:00Z',
  promo: 'BARHAT',
  income_amount: 1000,
  accrued_amount: 100,
  status: 'Начислено',
  payable_from: null,
  ...patch,
});

describe('readOperationsView', () => {
  it('starts at the start of the year, with open sums and no lists, by date newest first', () => {
    const view = readOperationsView(params('promo_code=VOLKOV'), TODAY);
    expect(view.filters).toEqual(defaultOperationFilters(TODAY));
    expect(view.filters.dateFrom).toBe('2026-01-01');
    expect(view.sort).toEqual(DEFAULT_OPERATION_SORT);
    expect(hasOperationFilters(view.filters, TODAY)).toBe(false);
  });

  it('reads an emptied start date as open, and repeated lists', () => {
    const view = readOperationsView(
      params(
        'date_from=&date_to=2026-06-30&branches=3&branches=5&branches=x&statuses=Возврат&statuses=bogus&filial_names=A',
      ),
      TODAY,
    );
    expect(view.filters.dateFrom).toBeNull();
    expect(view.filters.dateTo).toBe('2026-06-30');
    expect(view.filters.branches).toEqual([3, 5]);
    expect(view.filters.statuses).toEqual(['Возврат']);
    expect(view.filters.filialNames).toEqual(['A']);
    expect(hasOperationFilters(view.filters, TODAY)).toBe(true);
  });

  it('reads the sort and falls back on an unknown column', () => {
    expect(readOperationsView(params('sort=income'), TODAY).sort).toEqual({ column: 'income', desc: false });
    expect(readOperationsView(params('sort=-accrued'), TODAY).sort).toEqual({ column: 'accrued', desc: true });
    expect(readOperationsView(params('sort=-nope'), TODAY).sort).toEqual(DEFAULT_OPERATION_SORT);
  });
});

describe('nextOperationsSearch', () => {
  it('keeps the promo code and leaves the defaults out of the address', () => {
    const next = nextOperationsSearch(params('promo_code=VOLKOV&sum_from=5'), { sumFrom: null }, TODAY);
    expect(next.toString()).toBe('promo_code=VOLKOV');
  });

  it('writes open bounds, lists and the sort, and reads back the same view', () => {
    const next = nextOperationsSearch(
      params('promo_code=VOLKOV'),
      {
        sumTo: 500,
        dateFrom: null,
        branches: [7, 9],
        statuses: ['Начисление'],
        sort: { column: 'income', desc: true },
      },
      TODAY,
    );
    expect(next.getAll('branches')).toEqual(['7', '9']);
    expect(next.get('date_from')).toBe('');
    expect(next.has('sum_from')).toBe(false);
    expect(next.get('sort')).toBe('-income');
    const view = readOperationsView(next, TODAY);
    expect(view.filters).toMatchObject({ sumFrom: null, sumTo: 500, dateFrom: null, branches: [7, 9] });
    expect(view.sort).toEqual({ column: 'income', desc: true });
  });
});

describe('operationsWireQuery', () => {
  it('sends only the bounds that are set (either sum end may be open)', () => {
    const only = operationsWireQuery('VOLKOV', { ...defaultOperationFilters(TODAY), sumFrom: 100 });
    expect(only).toEqual({ promo_code: 'VOLKOV', sum_from: '100', date_from: '2026-01-01' });
    const upTo = operationsWireQuery('VOLKOV', { ...defaultOperationFilters(TODAY), sumTo: 50, dateFrom: null });
    expect(upTo).toEqual({ promo_code: 'VOLKOV', sum_to: '50', date_from: OPEN_START_DAY });
  });

  it('swaps reversed bounds and repeats list values', () => {
    const wire = operationsWireQuery('VOLKOV', {
      sumFrom: 900,
      sumTo: 100,
      dateFrom: '2026-05-01',
      dateTo: '2026-02-01',
      branches: [1, 2],
      filialNames: ['A'],
      statuses: ['Выплачено', 'Возврат'],
    });
    expect(wire).toMatchObject({ sum_from: '100', sum_to: '900', date_from: '2026-02-01', date_to: '2026-05-01' });
    expect(wire.branches).toEqual(['1', '2']);
    expect(wire.statuses).toEqual(['Выплачено', 'Возврат']);
  });

  it('narrows rows by the list filters while a new answer is on its way', () => {
    const rows = [op({ id: 1, branch: 1 }), op({ id: 2, branch: 2 }), op({ id: 3, branch: 3 })];
    const narrowed = narrowOperations(rows, { ...defaultOperationFilters(TODAY), branches: [1, 2] });
    expect(narrowed.map((r) => r.id)).toEqual([1, 2]);
  });
});

describe('parseSum', () => {
  it('takes digits with a comma or point, and nothing else', () => {
    expect(parseSum('1500')).toBe(1500);
    expect(parseSum('12,5')).toBe(12.5);
    expect(parseSum('')).toBeNull();
    expect(parseSum('-3')).toBeNull();
    expect(parseSum('1e3')).toBeNull();
    expect(parseSum('2000000000')).toBeNull();
  });
});

describe('startOfYear', () => {
  it('is the first of January of the given day', () => {
    expect(startOfYear('2027-01-01')).toBe('2027-01-01');
    expect(startOfYear(TODAY)).toBe('2026-01-01');
  });
});

describe('sortOperations', () => {
  const rows = [
    op({ id: 1, operation_date: '2026-02-01T00:00:00Z', income_amount: 300, status: 'Выплачено' }),
    op({ id: 2, operation_date: '2026-04-01T00:00:00Z', income_amount: 100, status: 'Возврат' }),
    op({ id: 3, operation_date: '2026-03-01T00:00:00Z', income_amount: 200, status: 'Начисление' }),
  ];
  it('defaults to the newest operation first', () => {
    expect(sortOperations(rows, DEFAULT_OPERATION_SORT, 'ru').map((r) => r.id)).toEqual([2, 3, 1]);
  });
  it('sorts by a column either way', () => {
    expect(sortOperations(rows, { column: 'income', desc: false }, 'ru').map((r) => r.id)).toEqual([2, 3, 1]);
    expect(sortOperations(rows, { column: 'status', desc: false }, 'ru').map((r) => r.id)).toEqual([3, 1, 2]);
  });
  it('flips the same column and starts numbers descending, names ascending', () => {
    expect(nextOperationSort(DEFAULT_OPERATION_SORT, 'operation_date')).toEqual({
      column: 'operation_date',
      desc: false,
    });
    expect(nextOperationSort(DEFAULT_OPERATION_SORT, 'accrued')).toEqual({ column: 'accrued', desc: true });
    expect(nextOperationSort(DEFAULT_OPERATION_SORT, 'branch_name')).toEqual({ column: 'branch_name', desc: false });
  });
});

describe('filterChoices', () => {
  it('lists each branch once and the distinct names', () => {
    const choices = filterChoices([
      { branch: 5, branch_name: 'B' },
      { branch: 2, branch_name: 'A' },
      { branch: 5, branch_name: 'B' },
      { branch: 7, branch_name: 'A' },
    ]);
    expect(choices.branches).toEqual([
      { id: 2, name: 'A' },
      { id: 5, name: 'B' },
      { id: 7, name: 'A' },
    ]);
    expect(choices.filialNames).toEqual(['A', 'B']);
  });
});
