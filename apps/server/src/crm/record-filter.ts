import type { CrmClient, CrmRecord } from './crm.js';

// The record filters automatic messages share (SPEC 3 Template filters; the review chain's first
// step has the same ones): which records and clients a template or a chain applies to. The fields
// carry the wire's names, so a template's settings and a chain's first step are filters as they are.
export interface RecordFilter {
  blacklist: readonly string[];
  // Record client statuses (-1 did not come, 0 waiting, 1 came, 2 confirmed); empty: any.
  attendance: readonly number[];
  services: readonly string[];
  categories: readonly string[];
  goods?: readonly string[];
  staff: readonly string[];
  record_labels: readonly string[];
  client_category: readonly string[];
  // [from, to] of the client's visit count; null ends are open.
  visits: readonly [number | null, number | null];
  online?: boolean;
  send_only_lost_client?: boolean;
}

export interface MatchContext {
  record: CrmRecord;
  client: CrmClient | null;
  // SPEC 3 System messages: records of these masters get no template messages.
  exceptionMasters: readonly string[];
  // For "send only to lost clients": whether the client has another upcoming booking.
  hasOtherFutureRecord: () => Promise<boolean>;
}

// Why a filter does not apply, for logs and tests; null when it does.
export type Mismatch =
  | 'no_phone'
  | 'excepted_master'
  | 'blacklisted'
  | 'attendance'
  | 'services'
  | 'categories'
  | 'goods'
  | 'staff'
  | 'record_labels'
  | 'client_category'
  | 'visits'
  | 'online'
  | 'not_lost';

const intersects = (wanted: readonly string[], have: readonly (string | null)[]) =>
  wanted.length === 0 || have.some((h) => h !== null && wanted.includes(h));

const normalName = (name: string) => name.trim().toLocaleLowerCase('ru');

// Every filter against one record and its client. An empty filter list means "any".
export async function mismatch(settings: RecordFilter, ctx: MatchContext): Promise<Mismatch | null> {
  const { record, client } = ctx;
  if (!record.clientPhone) return 'no_phone';
  const master = normalName(record.staffName);
  if (master && ctx.exceptionMasters.some((m) => normalName(m) === master)) return 'excepted_master';
  if (settings.blacklist.includes(record.clientPhone)) return 'blacklisted';
  if (settings.attendance.length > 0 && !settings.attendance.includes(record.attendance)) {
    return 'attendance';
  }
  if (
    !intersects(
      settings.services,
      record.services.map((s) => s.id),
    )
  )
    return 'services';
  if (
    !intersects(
      settings.categories,
      record.services.map((s) => s.categoryId),
    )
  )
    return 'categories';
  if (
    !intersects(
      settings.goods ?? [],
      record.goods.map((g) => g.id),
    )
  )
    return 'goods';
  if (!intersects(settings.staff, [record.staffId])) return 'staff';
  if (!intersects(settings.record_labels, record.labels)) return 'record_labels';
  if (!intersects(settings.client_category, client?.categories ?? [])) return 'client_category';
  const [from, to] = settings.visits;
  if (from !== null || to !== null) {
    const visits = client?.successVisits ?? 0;
    if ((from !== null && visits < from) || (to !== null && visits > to)) return 'visits';
  }
  if (settings.online && !record.online) return 'online';
  if (settings.send_only_lost_client && (await ctx.hasOtherFutureRecord())) return 'not_lost';
  return null;
}
