import { sql, type SQL } from 'drizzle-orm';
import { RIGHTS } from '@salon/contract/rights';
import { queryRows, type Db } from '../../platform/db/client.js';
import { memberChats } from '../../platform/db/member-chats.js';
import { loyaltyBookings } from '../loyalty/analytics/dashboard-read.js';
import { sendoutBookings } from '../mailing/stats/dashboard-read.js';
import { reviewBookings } from '../reviews/stats/dashboard-read.js';
import { templateBookings } from '../templates/dashboard-read.js';
import type { Period } from './period.js';

// Where a booking our messages brought came from; each source's rule is its owner's SQL.
export const BOOKING_SOURCES = ['templates', 'sendouts', 'reviews', 'loyalty'] as const;
export type BookingSource = (typeof BOOKING_SOURCES)[number];

export interface BranchRow {
  timeZone: string;
  currency: string;
  crmName: string;
  statusWa: string;
  statusTg: string;
}

export interface BookingRow {
  id: string;
  created_at: Date | string;
  starts_at: Date | string;
  cost: number;
  client_phone: string;
  client_name: string;
}

const fragment = (source: BookingSource, p: Period): SQL => {
  switch (source) {
    case 'templates':
      return templateBookings(p.accId, p.from, p.to);
    case 'sendouts':
      return sendoutBookings(p.accId, p.from, p.to);
    case 'reviews':
      return reviewBookings(p.accId, p.from, p.to);
    case 'loyalty':
      return loyaltyBookings(p.accId);
  }
};

// The branch's live CRM records made within the period that any of the sources brought, each once.
function attributed(p: Period, sources: readonly BookingSource[]): SQL {
  const ids = sql.join(
    sources.map((s) => sql`(${fragment(s, p)})`),
    sql` union `,
  );
  return sql`select r.id, r.created_at, r.starts_at, r.cost::float8 as cost, r.client_phone, r.client_name
    from crm_records r
    where r.acc_id = ${p.accId} and not r.deleted
      and r.created_at >= ${p.from.toISOString()}::timestamptz and r.created_at < ${p.to.toISOString()}::timestamptz
      and r.id in (select a.record_id from (${ids}) a)`;
}

export class DashboardRepository {
  constructor(private readonly db: Db) {}

  async branch(accId: number): Promise<BranchRow | undefined> {
    const rows = await queryRows<{
      time_zone: string;
      currency: string;
      crm_name: string;
      status_wa: string;
      status_tg: string;
    }>(this.db, sql`select time_zone, currency, crm_name, status_wa, status_tg from branches where acc_id = ${accId}`);
    const row = rows[0];
    return row
      ? {
          timeZone: row.time_zone,
          currency: row.currency,
          crmName: row.crm_name,
          statusWa: row.status_wa,
          statusTg: row.status_tg,
        }
      : undefined;
  }

  async bookingTotals(p: Period, sources: readonly BookingSource[]): Promise<{ count: number; earned: number }> {
    const rows = await queryRows<{ n: number; earned: number | null }>(
      this.db,
      sql`select count(*)::int as n, sum(b.cost)::float8 as earned from (${attributed(p, sources)}) b`,
    );
    return { count: Number(rows[0]?.n ?? 0), earned: Number(rows[0]?.earned ?? 0) };
  }

  // The newest bookings (by when they were made).
  async bookings(p: Period, limit: number): Promise<BookingRow[]> {
    return queryRows<BookingRow>(
      this.db,
      sql`select * from (${attributed(p, BOOKING_SOURCES)}) b order by b.created_at desc, b.id desc limit ${limit}`,
    );
  }

  // Bookings and their sum per local day (YYYY-MM-DD) or month (YYYY-MM) they were made in.
  async bookingsPer(p: Period, unit: 'day' | 'month'): Promise<{ period: string; bookings: number; earned: number }[]> {
    const format = unit === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD';
    const rows = await queryRows<{ period: string; n: number; earned: number | null }>(
      this.db,
      sql`select to_char(b.created_at at time zone ${p.timeZone}, ${format}) as period, count(*)::int as n,
          sum(b.cost)::float8 as earned
        from (${attributed(p, BOOKING_SOURCES)}) b group by 1`,
    );
    return rows.map((r) => ({ period: r.period, bookings: Number(r.n), earned: Number(r.earned ?? 0) }));
  }

  // The branch's people the admin bot may write to (every module's audience rule, memberChats), with
  // their names.
  async connected(accId: number): Promise<{ name: string; telegramId: number }[]> {
    const chats = await memberChats(this.db, accId, RIGHTS);
    if (chats.length === 0) return [];
    const rows = await queryRows<{ telegram_id: number | string; name: string; member_name: string }>(
      this.db,
      sql`select u.telegram_id, u.name, m.name as member_name
        from users u join branch_members m on m.user_id = u.telegram_id and m.acc_id = ${accId}
        where u.telegram_id in (${sql.join(
          chats.map((c) => sql`${c.chatId}`),
          sql`, `,
        )})`,
    );
    const names = new Map(rows.map((r) => [Number(r.telegram_id), r.member_name || r.name]));
    return chats.map((c) => ({ telegramId: c.chatId, name: names.get(c.chatId) ?? '' }));
  }
}
