import { STATS_GROUP_BY, TEMPLATE_STATS_BASELINE, type StatsGroupBy } from '@salon/contract/templates-rules';
import { zonedDayKey } from '../../shared/lib/datetime';

// Statistics filter (SPEC 3 Template statistics: dateFrom, dateTo (now), groupBy), kept in the
// address so a reload or a shared link shows the same numbers.
export interface StatsRange {
  // YYYY-MM-DD in the user's calendar.
  from: string;
  to: string;
  // No end was chosen: "up to today" is then the server's today in the branch's zone, which may be
  // ahead of this browser's calendar (a branch further east; a dev clock moved forward). `to` is
  // only what the date field shows.
  open?: boolean;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

// A real calendar day: 2024-02-30 is not one.
export function isIsoDate(value: string | null | undefined): value is string {
  const match = value ? ISO_DATE.exec(value) : null;
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
}

// The branch's today (its zone, not this browser's): the server counts "up to now" on its calendar.
export function branchToday(now: Date, timeZone: string): string {
  return zonedDayKey(now, timeZone) ?? isoDate(now);
}

// SPEC 9: the template statistics baseline 2020-01-01 up to the branch's today.
export function defaultStatsRange(now: Date, timeZone: string): StatsRange {
  return { from: TEMPLATE_STATS_BASELINE, to: branchToday(now, timeZone), open: true };
}

// The range in an address; invalid dates fall back to the defaults, a reversed range is put right.
export function readStatsRange(params: URLSearchParams, now: Date, timeZone: string): StatsRange {
  const defaults = defaultStatsRange(now, timeZone);
  const fromParam = params.get('from');
  const toParam = params.get('to');
  const from = isIsoDate(fromParam) ? fromParam : defaults.from;
  if (!isIsoDate(toParam)) return from <= defaults.to ? { ...defaults, from } : { from: defaults.to, to: from };
  return from <= toParam ? { from, to: toParam } : { from: toParam, to: from };
}

export function readGroupBy(params: URLSearchParams): StatsGroupBy {
  const value = params.get('group_by');
  return (STATS_GROUP_BY as readonly string[]).includes(value ?? '') ? (value as StatsGroupBy) : 'week';
}

// SPEC 5: statistics dates run from the start of the first day to 23:59:59 of the last.
export function rangeBounds(range: StatsRange): { start: Date; end: Date } {
  const [fy, fm, fd] = range.from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = range.to.split('-').map(Number) as [number, number, number];
  return { start: new Date(fy, fm - 1, fd, 0, 0, 0, 0), end: new Date(ty, tm - 1, td, 23, 59, 59, 999) };
}

export function inRange(moment: string | null, range: StatsRange): boolean {
  if (!moment) return false;
  const time = new Date(moment).getTime();
  if (Number.isNaN(time)) return false;
  const { start, end } = rangeBounds(range);
  return time >= start.getTime() && (range.open === true || time <= end.getTime());
}

// An open range leaves the end to the server (SPEC 3: dateTo defaults to now).
export function statsQuery(range: StatsRange): { date_from: string; date_to?: string } {
  return range.open ? { date_from: range.from } : { date_from: range.from, date_to: range.to };
}

// --- Sorting of the all-templates table ------------------------------------------------------

export const STATS_SORT_COLUMNS = [
  'title',
  'send_count',
  'sent',
  'answered_count',
  'recorded_count',
  'recorded_rate',
  'earned_count',
  'earn_one_msg',
] as const;
export type StatsSortColumn = (typeof STATS_SORT_COLUMNS)[number];
export interface StatsSort {
  column: StatsSortColumn;
  desc: boolean;
}
// Most sent first, like the other statistics (SPEC 9 review stats: total sends).
export const DEFAULT_STATS_SORT: StatsSort = { column: 'send_count', desc: true };

type SortableRow = { title: string } & Record<Exclude<StatsSortColumn, 'title'>, number>;

export function sortStatsRows<T extends SortableRow>(rows: readonly T[], sort: StatsSort, locale: string): T[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const sign = sort.desc ? -1 : 1;
  return [...rows].sort((a, b) => {
    const order = sort.column === 'title' ? collator.compare(a.title, b.title) : a[sort.column] - b[sort.column];
    return order !== 0 ? order * sign : collator.compare(a.title, b.title);
  });
}

// A click on a header: the same column flips direction, a new one starts descending (text ascending).
export function nextSort(current: StatsSort, column: StatsSortColumn): StatsSort {
  if (current.column === column) return { column, desc: !current.desc };
  return { column, desc: column !== 'title' };
}

// --- Numbers ---------------------------------------------------------------------------------

// Rates come as percentages (0..100); a share given as 0..1 would be shown x100.
export function percent(rate: number): number {
  if (!Number.isFinite(rate)) return 0;
  return Math.round(rate * 10) / 10;
}

// Bar lengths in % of the largest value; 0 stays 0, any other value shows at least a sliver.
export function barPercents(values: readonly number[]): number[] {
  const max = Math.max(0, ...values.filter(Number.isFinite));
  if (max <= 0) return values.map(() => 0);
  return values.map((value) => (value > 0 ? Math.max(2, Math.round((value / max) * 100)) : 0));
}

export const DETAIL_PAGE_SIZES = [5, 8, 20] as const;
// SPEC 9: statistics pages default to 8 rows.
export const DETAIL_DEFAULT_PAGE_SIZE = 8;
