// Zod-free rules of the mailing statistics (SPEC 2 statistics table with its state in the address,
// SPEC 4 reaction filter and per-message status, SPEC 5 mailing stats query, SPEC 9 stats defaults),
// shared by the cabinet's stats pages and the server's stats routes. mailing-stats.ts re-exports
// everything here.

// SPEC 9: mailing page sizes 5, 8, 20; stats default 8.
export const STATS_PAGE_SIZES = [5, 8, 20] as const;
export type StatsPageSize = (typeof STATS_PAGE_SIZES)[number];
export const STATS_PAGE_SIZE_DEFAULT: StatsPageSize = 8;

// SPEC 5 "sort column from an allowed list": the Stats row's server names a column can be sorted by
// (date is the send-out's start, time sorts with it).
export const STATS_SORT_COLUMNS = [
  'date',
  'text',
  'recipients',
  'read',
  'percent_read',
  'answers',
  'conversion_answers',
  'sign_up',
  'conversion_sign_up',
  'summ',
  'summ_one_msg',
  'visits',
  'last_visit_days',
  'date_finish_sendout',
] as const;
export type StatsSortColumn = (typeof STATS_SORT_COLUMNS)[number];
// SPEC 9: default stats sort date descending.
export const STATS_SORT_DEFAULT: StatsSortColumn = 'date';
export const STATS_ORDER_DESC_DEFAULT = true;
// Ours: the search box's limit (longer texts are cut, not refused).
export const STATS_TEXT_MAX = 200;

// The query of /stats_sendout, /stats_sendout_count and /stats_sendout_excel once every value has
// been checked. date_start and date_end are the branch's local days (YYYY-MM-DD); the server reads
// them as date_start 00:00:00 to date_end 23:59:59 in branches.time_zone (SPEC 5, SPEC 9).
export interface MailingStatsQuery {
  date_start: string;
  date_end: string;
  text: string;
  page_size: StatsPageSize;
  order_desc: boolean;
  page: number;
  sort: StatsSortColumn;
}

// The address keys of the statistics table (SPEC 2) are the wire names.
export const STATS_QUERY_KEYS = ['text', 'date_start', 'date_end', 'sort', 'page_size', 'order_desc', 'page'] as const;
export type StatsQueryKey = (typeof STATS_QUERY_KEYS)[number];
export type RawStatsQuery = Partial<Record<StatsQueryKey, unknown>>;

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
// An ISO instant or local date-time: its calendar date is the day as written (the cabinet sends the
// local day it shows; an offset is not converted).
const ISO_RE = /^(\d{4}-\d{2}-\d{2})[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

function isCalendarDate(day: string): boolean {
  const m = DAY_RE.exec(day);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1970 || y > 9999) return false;
  const at = new Date(Date.UTC(y, mo - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d;
}

// SPEC 5 "invalid dates ignored": a YYYY-MM-DD day or an ISO date-time gives its day; anything else
// (including 2025-02-30) gives null.
export function statsDay(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  const day = DAY_RE.test(trimmed) ? trimmed : ISO_RE.exec(trimmed)?.[1];
  return day !== undefined && isCalendarDate(day) ? day : null;
}

// SPEC 9: the range runs from the start of the current year to today (today: the branch's local day).
export function defaultStatsRange(today: string): { date_start: string; date_end: string } {
  return { date_start: `${today.slice(0, 4)}-01-01`, date_end: today };
}

function flagValue(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return null;
}

function intValue(value: unknown): number | null {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) ? n : null;
}

export function isStatsPageSize(value: unknown): value is StatsPageSize {
  return (STATS_PAGE_SIZES as readonly unknown[]).includes(value);
}

export function isStatsSortColumn(value: unknown): value is StatsSortColumn {
  return (STATS_SORT_COLUMNS as readonly unknown[]).includes(value);
}

// SPEC 5: every value outside its allowed list falls back to its default instead of refusing the
// call (an address edited by hand still opens the table). A reversed range is put in order.
export function normalizeStatsQuery(raw: RawStatsQuery, today: string): MailingStatsQuery {
  const defaults = defaultStatsRange(today);
  let date_start = statsDay(raw.date_start) ?? defaults.date_start;
  let date_end = statsDay(raw.date_end) ?? defaults.date_end;
  if (date_start > date_end) [date_start, date_end] = [date_end, date_start];
  const size = intValue(raw.page_size);
  const page = intValue(raw.page);
  return {
    date_start,
    date_end,
    text: typeof raw.text === 'string' ? raw.text.trim().slice(0, STATS_TEXT_MAX) : '',
    page_size: isStatsPageSize(size) ? size : STATS_PAGE_SIZE_DEFAULT,
    order_desc: flagValue(raw.order_desc) ?? STATS_ORDER_DESC_DEFAULT,
    page: page !== null && page >= 1 ? page : 1,
    sort: isStatsSortColumn(raw.sort) ? raw.sort : STATS_SORT_DEFAULT,
  };
}

// The table's state read from the address (SPEC 2); `search` is anything with URLSearchParams' get.
export function statsQueryFromSearch(search: { get(key: string): string | null }, today: string): MailingStatsQuery {
  const raw: RawStatsQuery = {};
  for (const key of STATS_QUERY_KEYS) {
    const value = search.get(key);
    if (value !== null) raw[key] = value;
  }
  return normalizeStatsQuery(raw, today);
}

// The table's state written to the address and to the stats calls (every key, as strings).
export function statsQueryToSearch(query: MailingStatsQuery): Record<StatsQueryKey, string> {
  return {
    text: query.text,
    date_start: query.date_start,
    date_end: query.date_end,
    sort: query.sort,
    page_size: String(query.page_size),
    order_desc: String(query.order_desc),
    page: String(query.page),
  };
}

export function statsTotalPages(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, count) / pageSize));
}

// SPEC 5 "page accepted only if within total pages": a page past the end (the count from
// /stats_sendout_count shrank, or the address was edited) goes back to the first.
export function acceptStatsPage(page: number, count: number, pageSize: number): number {
  return Number.isInteger(page) && page >= 1 && page <= statsTotalPages(count, pageSize) ? page : 1;
}

// Rounded to 2 decimals (SPEC 3 conversions and per-message sums); 0 when there is no one to divide by.
export function statsRatio(part: number, whole: number, scale = 1): number {
  if (!(whole > 0)) return 0;
  return Math.round((part / whole) * scale * 100) / 100;
}

export function statsPercent(part: number, whole: number): number {
  return statsRatio(part, whole, 100);
}

// The wire's date-times are ISO instants written with the branch's offset
// ('2025-03-05T14:30:00+03:00'): their first characters are the local day and time the table shows.
export function splitStatsDateTime(value: string | null): { date: string; time: string } {
  if (!value) return { date: '', time: '' };
  return { date: value.slice(0, 10), time: value.slice(11, 16) };
}

// --- Detail (SPEC 3 Detail row, SPEC 4 reaction filter and per-message status) ---

// Highest reached wins: recorded > answered > read > sent. pending (ours, issue 12): a recipient whose
// message has not left yet; one the dispatcher refused for good is not in the detail.
export const DETAIL_STATUSES = ['read', 'recorded', 'sent', 'answered', 'pending'] as const;
export type DetailStatus = (typeof DETAIL_STATUSES)[number];
export const DETAIL_STATUS_RANK: Record<DetailStatus, number> = {
  pending: -1,
  sent: 0,
  read: 1,
  answered: 2,
  recorded: 3,
};

export interface RecipientReaction {
  read: boolean;
  answered: boolean;
  recorded: boolean;
  // false while the message waits to go; absent means it left.
  sent?: boolean;
}

export function detailStatusOf(r: RecipientReaction): DetailStatus {
  if (r.sent === false) return 'pending';
  if (r.recorded) return 'recorded';
  if (r.answered) return 'answered';
  if (r.read) return 'read';
  return 'sent';
}

// SPEC 4 reaction filter. not_replied: the client did not answer (a booking made without a reply
// is still "not replied"); answered and recorded overlap when a client did both.
export const REACTION_FILTERS = ['all', 'not_replied', 'answered', 'recorded'] as const;
export type ReactionFilter = (typeof REACTION_FILTERS)[number];
// SPEC 7 segment_filter {answered, recorded, not_replied}: the reaction filter as checkboxes.
export const SEGMENT_FILTERS = ['answered', 'recorded', 'not_replied'] as const;
export type SegmentFilterKey = (typeof SEGMENT_FILTERS)[number];
export type StatusFilter = Record<DetailStatus, boolean>;
export type SegmentFilter = Record<SegmentFilterKey, boolean>;

// SPEC 4 "Detail filters: 'all' selects everything; clearing clears all".
export const ALL_STATUS_FILTER: StatusFilter = {
  answered: true,
  read: true,
  sent: true,
  recorded: true,
  pending: true,
};
export const ALL_SEGMENT_FILTER: SegmentFilter = { answered: true, recorded: true, not_replied: true };
export const NO_STATUS_FILTER: StatusFilter = {
  answered: false,
  read: false,
  sent: false,
  recorded: false,
  pending: false,
};
export const NO_SEGMENT_FILTER: SegmentFilter = { answered: false, recorded: false, not_replied: false };

export function matchesReaction(
  r: Pick<RecipientReaction, 'answered' | 'recorded'>,
  reaction: ReactionFilter,
): boolean {
  switch (reaction) {
    case 'all':
      return true;
    case 'not_replied':
      return !r.answered;
    case 'answered':
      return r.answered;
    case 'recorded':
      return r.recorded;
  }
}

export interface DetailFilters {
  // Digits anywhere in the number; empty or absent: every number.
  client_phone?: string | null;
  status_filter: StatusFilter;
  segment_filter: SegmentFilter;
}

// A detail row is kept when its status is ticked, it falls in one ticked segment and its number
// holds the searched digits.
export function matchesDetailFilters(r: RecipientReaction & { phone: string }, filters: DetailFilters): boolean {
  if (!filters.status_filter[detailStatusOf(r)]) return false;
  const inSegment = SEGMENT_FILTERS.some((key) => filters.segment_filter[key] && matchesReaction(r, key));
  if (!inSegment) return false;
  const digits = (filters.client_phone ?? '').replace(/\D/g, '');
  return digits === '' || r.phone.includes(digits);
}

// Status texts of the stats calls; the cabinet maps them to its toasts.
export const MAILING_STATS_STATUS = {
  notFound: 'sendout not found',
  sentToTelegram: 'SENT_TO_TELEGRAM',
  // The admin bot could not write to the user (most often: they never pressed Start).
  noAdminBot: 'NO_ADMIN_BOT',
} as const;
