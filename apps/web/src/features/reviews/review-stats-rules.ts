import {
  REVIEW_STATS_PAGE_SIZES,
  REVIEW_STATS_PAGE_SIZE_DEFAULT,
  REVIEW_STATS_SORT_DEFAULT,
  type ReviewStatsSortColumn,
} from '@salon/contract/reviews';
import { zonedDayKey } from '../../shared/lib/datetime';
import type { ColumnSort } from '../../shared/ui/sort-header';

// The review statistics table's state (SPEC 7 POST /review_stats query; SPEC 9 defaults).

export interface ReviewStatsRange {
  // 'YYYY-MM-DD' days of the branch's calendar.
  from: string;
  to: string;
}

export interface ReviewStatsState {
  // null: the default range (the current year to today), which the server works out on its own
  // clock in the branch's zone and answers in `range`; the browser's clock may be a day off.
  range: ReviewStatsRange | null;
  sort: ColumnSort<ReviewStatsSortColumn>;
  page: number;
  pageSize: number;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function fallbackDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

// SPEC 9: from January 1 of the current year to today, both in the branch's zone (the server reads
// date_start 00:00:00 and date_end 23:59:59 there).
export function defaultStatsRange(now: Date, timeZone: string): ReviewStatsRange {
  const today = zonedDayKey(now, timeZone) ?? fallbackDay(now);
  return { from: `${today.slice(0, 4)}-01-01`, to: today };
}

// The range the fields show: the chosen one, else the server's answer, else the browser's guess.
export function shownRange(
  state: ReviewStatsState,
  answered: { date_start: string; date_end: string } | undefined,
  now: Date,
  timeZone: string,
): ReviewStatsRange {
  if (state.range) return state.range;
  if (answered) return { from: answered.date_start, to: answered.date_end };
  return defaultStatsRange(now, timeZone);
}

// A new start after the end moves the end with it, and the other way round.
export function withFrom(range: ReviewStatsRange, from: string): ReviewStatsRange {
  if (!ISO_DAY.test(from)) return range;
  return from > range.to ? { from, to: from } : { ...range, from };
}
export function withTo(range: ReviewStatsRange, to: string): ReviewStatsRange {
  if (!ISO_DAY.test(to)) return range;
  return to < range.from ? { from: to, to } : { ...range, to };
}

// SPEC 9: total sends, descending.
export const DEFAULT_REVIEW_SORT: ColumnSort<ReviewStatsSortColumn> = { column: REVIEW_STATS_SORT_DEFAULT, desc: true };

// A click on the sorted column flips it; another column starts descending (numbers: the largest
// first) or ascending for the title.
export function nextSort(
  current: ColumnSort<ReviewStatsSortColumn>,
  column: ReviewStatsSortColumn,
): ColumnSort<ReviewStatsSortColumn> {
  if (current.column === column) return { column, desc: !current.desc };
  return { column, desc: column !== 'title' };
}

export function initialStatsState(): ReviewStatsState {
  return {
    range: null,
    sort: DEFAULT_REVIEW_SORT,
    page: 1,
    pageSize: REVIEW_STATS_PAGE_SIZE_DEFAULT,
  };
}

export function pageSizeOf(value: number): number {
  return (REVIEW_STATS_PAGE_SIZES as readonly number[]).includes(value) ? value : REVIEW_STATS_PAGE_SIZE_DEFAULT;
}

export function totalPages(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / Math.max(1, pageSize)));
}

// The body of POST /review_stats.
export function statsQueryOf(state: ReviewStatsState) {
  return {
    sort: state.sort.column,
    sort_desc: state.sort.desc,
    date_start: state.range?.from,
    date_end: state.range?.to,
    page_size: state.pageSize,
    page: state.page,
  };
}

// The query of GET /review_stats_excel (the same filters, no paging).
export function excelQueryOf(state: ReviewStatsState, sendTg: boolean) {
  return {
    sort: state.sort.column,
    sort_desc: state.sort.desc,
    date_start: state.range?.from,
    date_end: state.range?.to,
    send_tg: sendTg ? true : undefined,
  };
}
