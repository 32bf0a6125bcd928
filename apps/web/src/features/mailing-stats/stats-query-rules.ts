import {
  STATS_ORDER_DESC_DEFAULT,
  STATS_PAGE_SIZE_DEFAULT,
  STATS_SORT_DEFAULT,
  STATS_TEXT_MAX,
  statsDay,
  statsQueryFromSearch,
  statsQueryToSearch,
  statsTotalPages,
  type MailingStatsQuery,
  type StatsPageSize,
  type StatsQueryKey,
  type StatsSortColumn,
} from '@salon/contract/mailing-stats-rules';
import { isoDay } from './date-range-rules';

// The statistics table's state lives in the address (SPEC 2: search text, dates, sort column, rows
// per page, sort direction, page) under the wire names, so a reload, back/forward or a shared link
// shows the same view. Values are checked on every read (SPEC 5); a bad one falls back to its default.
export interface StatsView extends MailingStatsQuery {
  // Which days the address names. A day nobody chose is left to the server, whose today is the
  // branch's (a branch further east, a dev clock moved forward); the field shows the server's answer.
  chosenStart: boolean;
  chosenEnd: boolean;
}

export function readStatsView(params: URLSearchParams, now: Date): StatsView {
  const query = statsQueryFromSearch(params, isoDay(now));
  return {
    ...query,
    chosenStart: statsDay(params.get('date_start')) !== null,
    chosenEnd: statsDay(params.get('date_end')) !== null,
  };
}

// SPEC 9 mobile lists: three cards a page whatever the desktop rows per page.
export const MOBILE_PAGE_SIZE = 3;

// SPEC 5 "page accepted only if within total pages": once the count is known a page past the end
// shows the last page there is (rows were deleted, the link is old); before that it stands.
export function pageWithin(page: number, count: number | undefined, pageSize: number): number {
  const wanted = Number.isInteger(page) && page >= 1 ? page : 1;
  if (count === undefined) return wanted;
  return Math.min(wanted, statsTotalPages(count, pageSize));
}

export type StatsPatch = Partial<Pick<MailingStatsQuery, 'text' | 'sort' | 'order_desc' | 'page_size' | 'page'>> & {
  // null: back to the default range.
  range?: { date_start: string; date_end: string } | null;
};

const DEFAULTS: Partial<Record<StatsQueryKey, string>> = {
  text: '',
  sort: STATS_SORT_DEFAULT,
  page_size: String(STATS_PAGE_SIZE_DEFAULT),
  order_desc: String(STATS_ORDER_DESC_DEFAULT),
  page: '1',
};

// The next address: a change of what is shown (text, dates, sort, rows per page) starts again at
// page 1; default values are left out so links stay short; other parameters (accId) are kept.
export function nextStatsSearch(current: URLSearchParams, view: StatsView, patch: StatsPatch): URLSearchParams {
  const next = new URLSearchParams(current);
  const merged: MailingStatsQuery = {
    ...view,
    ...patch,
    text: (patch.text ?? view.text).slice(0, STATS_TEXT_MAX),
    page: patch.page ?? 1,
  };
  const values = statsQueryToSearch(merged);
  for (const key of Object.keys(DEFAULTS) as StatsQueryKey[]) {
    const value = key === 'text' ? values.text.trim() : values[key];
    if (value === DEFAULTS[key]) next.delete(key);
    else next.set(key, value);
  }
  if (patch.range === null) {
    next.delete('date_start');
    next.delete('date_end');
  } else if (patch.range) {
    next.set('date_start', patch.range.date_start);
    next.set('date_end', patch.range.date_end);
  }
  return next;
}

// The query of /stats_sendout, /stats_sendout_count and /stats_sendout_excel. Days nobody chose are
// not sent (see StatsView); the page is the one actually shown.
export function statsWireQuery(view: StatsView, page: number, pageSize: number): Record<string, string> {
  const all = statsQueryToSearch({ ...view, page, page_size: pageSize as StatsPageSize });
  const query: Record<string, string> = { ...all };
  if (!view.chosenStart) delete query.date_start;
  if (!view.chosenEnd) delete query.date_end;
  if (!query.text) delete query.text;
  return query;
}

// The count and Excel calls take the filters only.
export function statsFilterQuery(view: StatsView): Record<string, string> {
  const { page: _page, page_size: _size, ...filters } = statsWireQuery(view, 1, STATS_PAGE_SIZE_DEFAULT);
  return filters;
}

// A click on a header: the same column flips its direction; a new one starts descending (the
// biggest, newest first), the message text ascending.
export function nextSort(view: Pick<MailingStatsQuery, 'sort' | 'order_desc'>, column: StatsSortColumn) {
  if (view.sort === column) return { sort: column, order_desc: !view.order_desc };
  return { sort: column, order_desc: column !== 'text' };
}

// One mobile page of three cards read from the server's pages (the wire knows 5, 8 and 20 rows a
// page): the pages of 20 that hold the cards and where the cards start in the first of them.
export interface MobileWindow {
  pages: number[];
  pageSize: StatsPageSize;
  offset: number;
}
const MOBILE_SOURCE_SIZE: StatsPageSize = 20;

export function mobileWindow(page: number): MobileWindow {
  const first = (Math.max(1, page) - 1) * MOBILE_PAGE_SIZE;
  const last = first + MOBILE_PAGE_SIZE - 1;
  const from = Math.floor(first / MOBILE_SOURCE_SIZE) + 1;
  const to = Math.floor(last / MOBILE_SOURCE_SIZE) + 1;
  return {
    pages: from === to ? [from] : [from, to],
    pageSize: MOBILE_SOURCE_SIZE,
    offset: first - (from - 1) * MOBILE_SOURCE_SIZE,
  };
}

export function mobileSlice<T>(window: MobileWindow, pages: readonly (readonly T[])[]): T[] {
  return pages.flat().slice(window.offset, window.offset + MOBILE_PAGE_SIZE);
}
