import type { Operation } from '@salon/contract/partners';
import { OPERATION_STATUSES, type OperationStatus } from '@salon/contract/partners-rules';
import type { ColumnSort } from '../../shared/ui/sort-header';

// SPEC 5 partner filters of "All operations", kept in the address so a reload or a link shows the
// same list. A sum bound or a date bound may be open (null). The start date defaults to the start of
// the branch's current year: an absent `date_from` means that default, an empty one means open.
export interface OperationFilters {
  sumFrom: number | null;
  sumTo: number | null;
  dateFrom: string | null;
  dateTo: string | null;
  branches: number[];
  filialNames: string[];
  statuses: OperationStatus[];
}

export const OPERATION_COLUMNS = ['operation_date', 'branch_name', 'promo', 'income', 'accrued', 'status'] as const;
export type OperationColumn = (typeof OPERATION_COLUMNS)[number];
export type OperationSort = ColumnSort<OperationColumn>;

// SPEC 9: operations newest first by operation date.
export const DEFAULT_OPERATION_SORT: OperationSort = { column: 'operation_date', desc: true };

export interface OperationsView {
  filters: OperationFilters;
  sort: OperationSort;
}

export const SUM_MAX = 1_000_000_000;
export const OPEN_START_DAY = '1970-01-01';
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MAX_VALUES = 200;

export function startOfYear(today: string): string {
  return `${today.slice(0, 4)}-01-01`;
}

// A typed sum bound: digits with one decimal separator (comma or point), 0…1e9; anything else is open.
export function parseSum(raw: string | null | undefined): number | null {
  const text = (raw ?? '').trim().replace(',', '.');
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(text)) return null;
  const value = Number(text);
  return value <= SUM_MAX ? value : null;
}

function readDay(raw: string | null, fallback: string | null): string | null {
  if (raw === null) return fallback;
  return DAY.test(raw) ? raw : null;
}

const isStatus = (value: string): value is OperationStatus => (OPERATION_STATUSES as readonly string[]).includes(value);
const isColumn = (value: string): value is OperationColumn => (OPERATION_COLUMNS as readonly string[]).includes(value);
const unique = <T>(values: readonly T[]) => [...new Set(values)].slice(0, MAX_VALUES);

export function readOperationsView(params: URLSearchParams, today: string): OperationsView {
  const branches = params
    .getAll('branches')
    .filter((v) => /^\d{1,10}$/.test(v))
    .map(Number)
    .filter((n) => n > 0);
  const sortRaw = params.get('sort') ?? '';
  const column = sortRaw.replace(/^-/, '');
  return {
    filters: {
      sumFrom: parseSum(params.get('sum_from')),
      sumTo: parseSum(params.get('sum_to')),
      dateFrom: readDay(params.get('date_from'), startOfYear(today)),
      dateTo: readDay(params.get('date_to'), null),
      branches: unique(branches),
      filialNames: unique(params.getAll('filial_names').filter((v) => v.length > 0 && v.length <= 200)),
      statuses: unique(params.getAll('statuses').filter(isStatus)),
    },
    sort: isColumn(column) ? { column, desc: sortRaw.startsWith('-') } : DEFAULT_OPERATION_SORT,
  };
}

export type OperationsPatch = Partial<OperationFilters> & { sort?: OperationSort };

// The next address for a change; other parameters (the promo code) stay. Defaults are left out.
export function nextOperationsSearch(current: URLSearchParams, patch: OperationsPatch, today: string): URLSearchParams {
  const view = readOperationsView(current, today);
  const filters = { ...view.filters, ...patch };
  const sort = patch.sort ?? view.sort;
  const next = new URLSearchParams(current);
  const set = (key: string, value: string | null) => (value === null ? next.delete(key) : next.set(key, value));
  const setAll = (key: string, values: readonly (string | number)[]) => {
    next.delete(key);
    for (const value of values) next.append(key, String(value));
  };
  set('sum_from', filters.sumFrom === null ? null : String(filters.sumFrom));
  set('sum_to', filters.sumTo === null ? null : String(filters.sumTo));
  set('date_from', filters.dateFrom === startOfYear(today) ? null : (filters.dateFrom ?? ''));
  set('date_to', filters.dateTo);
  setAll('branches', filters.branches);
  setAll('filial_names', filters.filialNames);
  setAll('statuses', filters.statuses);
  const isDefaultSort = sort.column === DEFAULT_OPERATION_SORT.column && sort.desc === DEFAULT_OPERATION_SORT.desc;
  set('sort', isDefaultSort ? null : `${sort.desc ? '-' : ''}${sort.column}`);
  return next;
}

// Whether anything differs from the defaults (the reset button's state).
export function hasOperationFilters(filters: OperationFilters, today: string): boolean {
  return (
    filters.sumFrom !== null ||
    filters.sumTo !== null ||
    filters.dateFrom !== startOfYear(today) ||
    filters.dateTo !== null ||
    filters.branches.length > 0 ||
    filters.filialNames.length > 0 ||
    filters.statuses.length > 0
  );
}

export const defaultOperationFilters = (today: string): OperationFilters => ({
  sumFrom: null,
  sumTo: null,
  dateFrom: startOfYear(today),
  dateTo: null,
  branches: [],
  filialNames: [],
  statuses: [],
});

export type WireValue = string | readonly string[];

// GET /reff_consultant/operations: the filters as the contract's operationsQuery reads them (a
// repeated parameter per list value). Reversed bounds are swapped rather than refused.
export function operationsWireQuery(code: string, filters: OperationFilters): Record<string, WireValue> {
  const query: Record<string, WireValue> = { promo_code: code };
  let [from, to] = [filters.sumFrom, filters.sumTo];
  if (from !== null && to !== null && from > to) [from, to] = [to, from];
  if (from !== null) query.sum_from = String(from);
  if (to !== null) query.sum_to = String(to);
  let [dateFrom, dateTo] = [filters.dateFrom, filters.dateTo];
  if (dateFrom !== null && dateTo !== null && dateFrom > dateTo) [dateFrom, dateTo] = [dateTo, dateFrom];
  // The server reads a missing start as the start of the year, so an open start is sent as a day
  // before any operation.
  query.date_from = dateFrom ?? OPEN_START_DAY;
  if (dateTo !== null) query.date_to = dateTo;
  if (filters.branches.length > 0) query.branches = filters.branches.map(String);
  if (filters.filialNames.length > 0) query.filial_names = [...filters.filialNames];
  if (filters.statuses.length > 0) query.statuses = [...filters.statuses];
  return query;
}

// The list filters applied to rows on the client as well: harmless on rows the server has already
// narrowed (it keeps the table right while a new answer is on its way).
export function narrowOperations(rows: readonly Operation[], filters: OperationFilters): Operation[] {
  const branches = new Set(filters.branches);
  const names = new Set(filters.filialNames);
  const statuses = new Set<string>(filters.statuses);
  return rows.filter(
    (row) =>
      (branches.size === 0 || branches.has(row.branch)) &&
      (names.size === 0 || names.has(row.branch_name)) &&
      (statuses.size === 0 || statuses.has(row.status)),
  );
}

const at = (value: string) => {
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : 0;
};

const STATUS_ORDER = new Map<string, number>(OPERATION_STATUSES.map((s, i) => [s, i]));

export function sortOperations(rows: readonly Operation[], sort: OperationSort, locale: string): Operation[] {
  const collator = new Intl.Collator(locale);
  const compare: Record<OperationColumn, (a: Operation, b: Operation) => number> = {
    operation_date: (a, b) => at(a.operation_date) - at(b.operation_date),
    branch_name: (a, b) => collator.compare(a.branch_name, b.branch_name) || a.branch - b.branch,
    promo: (a, b) => collator.compare(a.promo, b.promo),
    income: (a, b) => a.income_amount - b.income_amount,
    accrued: (a, b) => a.accrued_amount - b.accrued_amount,
    status: (a, b) => (STATUS_ORDER.get(a.status) ?? 0) - (STATUS_ORDER.get(b.status) ?? 0),
  };
  const direction = sort.desc ? -1 : 1;
  // Ties keep the newest first, then the higher id, so the order is stable between loads.
  return [...rows].sort(
    (a, b) => direction * compare[sort.column](a, b) || at(b.operation_date) - at(a.operation_date) || b.id - a.id,
  );
}

// A click on a header: the same column flips, another starts descending for numbers and dates.
export function nextOperationSort(sort: OperationSort, column: OperationColumn): OperationSort {
  if (sort.column === column) return { column, desc: !sort.desc };
  return { column, desc: column !== 'branch_name' && column !== 'promo' };
}

// The filter's choices from the response: branches by id and the distinct filial names.
export function filterChoices(branches: readonly { branch: number; branch_name: string }[]) {
  const byId = new Map<number, string>();
  for (const b of branches) if (!byId.has(b.branch)) byId.set(b.branch, b.branch_name);
  return {
    branches: [...byId].sort((a, b) => a[0] - b[0]).map(([id, name]) => ({ id, name })),
    filialNames: [...new Set(branches.map((b) => b.branch_name).filter((n) => n.length > 0))].sort(),
  };
}
