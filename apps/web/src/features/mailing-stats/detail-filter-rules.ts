import {
  ALL_STATUS_FILTER,
  DETAIL_STATUSES,
  NO_STATUS_FILTER,
  REACTION_FILTERS,
  STATS_PAGE_SIZE_DEFAULT,
  isStatsPageSize,
  type DetailStatus,
  type ReactionFilter,
  type SegmentFilter,
  type StatsPageSize,
  type StatusFilter,
} from '@salon/contract/mailing-stats-rules';
import type { MailingDetailRow, MailingStatsDetailExcelBody } from '@salon/contract/mailing-stats';

// The detail page's state (one send-out, SPEC 4 reaction filter and per-message status chips, a
// phone search, paging) lives in the address like the table's, so a link opens the same view.
export interface DetailView {
  sendoutId: string | null;
  reaction: ReactionFilter;
  statuses: StatusFilter;
  phone: string;
  page: number;
  pageSize: StatsPageSize;
}

// The contract's client_phone limit.
export const PHONE_SEARCH_MAX = 20;
const SENDOUT_ID_MAX = 64;

// Digits only, as the lists keep numbers.
export function sanitizePhoneSearch(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, PHONE_SEARCH_MAX);
}

const isReaction = (value: string | null): value is ReactionFilter =>
  (REACTION_FILTERS as readonly (string | null)[]).includes(value);

// `status` lists the ticked chips: absent is every status, empty is none (the user cleared them).
// Unknown names are dropped.
function readStatuses(raw: string | null): StatusFilter {
  if (raw === null) return { ...ALL_STATUS_FILTER };
  const named = new Set(raw.split(','));
  return Object.fromEntries(DETAIL_STATUSES.map((s) => [s, named.has(s)])) as StatusFilter;
}

function positiveInt(raw: string | null): number {
  const n = raw !== null && /^\d{1,6}$/.test(raw) ? Number(raw) : NaN;
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

export function readDetailView(params: URLSearchParams): DetailView {
  const id = params.get('sendout_id')?.trim() ?? '';
  const reaction = params.get('reaction');
  const size = Number(params.get('page_size'));
  return {
    sendoutId: id.length > 0 && id.length <= SENDOUT_ID_MAX ? id : null,
    reaction: isReaction(reaction) ? reaction : 'all',
    statuses: readStatuses(params.get('status')),
    phone: sanitizePhoneSearch(params.get('phone') ?? ''),
    page: positiveInt(params.get('page')),
    pageSize: isStatsPageSize(size) ? size : STATS_PAGE_SIZE_DEFAULT,
  };
}

export type DetailPatch = Partial<Omit<DetailView, 'sendoutId'>> & { sendoutId?: string };

// The next address; any change of what is shown goes back to page 1, another send-out also drops
// the filters of the previous one. Defaults are left out.
export function nextDetailSearch(current: URLSearchParams, view: DetailView, patch: DetailPatch): URLSearchParams {
  const next = new URLSearchParams(current);
  const switching = patch.sendoutId !== undefined && patch.sendoutId !== view.sendoutId;
  const base: DetailView = switching
    ? { ...view, reaction: 'all', statuses: { ...ALL_STATUS_FILTER }, phone: '', page: 1 }
    : view;
  const merged: DetailView = { ...base, ...patch, page: patch.page ?? 1 };
  const set = (key: string, value: string | null) => (value === null ? next.delete(key) : next.set(key, value));
  set('sendout_id', merged.sendoutId);
  set('reaction', merged.reaction === 'all' ? null : merged.reaction);
  set('status', allSelected(merged.statuses) ? null : DETAIL_STATUSES.filter((s) => merged.statuses[s]).join(','));
  set('phone', merged.phone ? merged.phone : null);
  set('page', merged.page === 1 ? null : String(merged.page));
  set('page_size', merged.pageSize === STATS_PAGE_SIZE_DEFAULT ? null : String(merged.pageSize));
  return next;
}

// --- Status chips (SPEC 4: 'all' selects everything; clearing clears all) ----------------------

export function allSelected(statuses: StatusFilter): boolean {
  return DETAIL_STATUSES.every((s) => statuses[s]);
}

export function noneSelected(statuses: StatusFilter): boolean {
  return DETAIL_STATUSES.every((s) => !statuses[s]);
}

export function toggleStatus(statuses: StatusFilter, status: DetailStatus): StatusFilter {
  return { ...statuses, [status]: !statuses[status] };
}

export function selectAllStatuses(): StatusFilter {
  return { ...ALL_STATUS_FILTER };
}

export function clearStatuses(): StatusFilter {
  return { ...NO_STATUS_FILTER };
}

// --- Rows ------------------------------------------------------------------------------------

// The reaction filter is applied by the server (it knows answers and bookings apart from the single
// status a row shows); the status chips and the phone search narrow what it sent.
export function filterDetailRows(
  rows: readonly MailingDetailRow[],
  statuses: StatusFilter,
  phone: string,
): MailingDetailRow[] {
  const digits = sanitizePhoneSearch(phone);
  return rows.filter((row) => statuses[row.status] && (digits === '' || row.phone.includes(digits)));
}

// How many rows of each status the chips show.
export function statusCounts(rows: readonly MailingDetailRow[]): Record<DetailStatus, number> {
  const counts: Record<DetailStatus, number> = { read: 0, recorded: 0, sent: 0, answered: 0, pending: 0 };
  for (const row of rows) counts[row.status] += 1;
  return counts;
}

// SPEC 7 segment_filter: the single reaction choice as the wire's ticks.
export function segmentFilterOf(reaction: ReactionFilter): SegmentFilter {
  if (reaction === 'all') return { answered: true, recorded: true, not_replied: true };
  return {
    answered: reaction === 'answered',
    recorded: reaction === 'recorded',
    not_replied: reaction === 'not_replied',
  };
}

// POST /stats_sendout_detail_excel: the detail with exactly the filters on screen.
export function detailTelegramBody(sendoutId: string, view: DetailView): MailingStatsDetailExcelBody {
  return {
    sendout_id: sendoutId,
    client_phone: view.phone || null,
    status_filter: { ...view.statuses },
    segment_filter: segmentFilterOf(view.reaction),
  };
}

// GET /stats_sendout_detail: the server-side part of the filters.
export function detailWireQuery(sendoutId: string, view: Pick<DetailView, 'reaction'>): Record<string, string> {
  return view.reaction === 'all' ? { sendout_id: sendoutId } : { sendout_id: sendoutId, reaction: view.reaction };
}
