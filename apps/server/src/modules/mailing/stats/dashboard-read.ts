import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../../platform/db/client.js';

// The dashboard's reads of the send-outs (SPEC 3 Dashboard, Sendouts card). Every figure is the
// attribution pass's (attribution.ts): the send-outs' counters and each recipient's booking.

// SQL of the CRM records (column record_id) booked in [from, to) that send-out messages brought.
export function sendoutBookings(accId: number, from: Date, to: Date): SQL {
  return sql`select sr.record_id
    from sendout_recipients sr
    where sr.acc_id = ${accId} and sr.record_id is not null and sr.sent_at is not null
      and sr.recorded_at >= ${from.toISOString()}::timestamptz and sr.recorded_at < ${to.toISOString()}::timestamptz`;
}

export interface SendoutTotals {
  sendouts: number;
  active: number;
  sent: number;
  answered: number;
  recorded: number;
}

export interface LastSendout {
  id: string;
  text: string;
  status: string;
  sent: number;
  answered: number;
  recorded: number;
}

// Launched send-outs of the branch, by their launch instant within [from, to).
const launched = (accId: number, from: Date, to: Date) =>
  sql`s.acc_id = ${accId} and s.status in ('started', 'paused', 'finished') and s.started_at is not null
    and s.started_at >= ${from.toISOString()}::timestamptz and s.started_at < ${to.toISOString()}::timestamptz`;

export class MailingDashboardRead {
  constructor(private readonly db: Db) {}

  // The send-outs launched in the range and their counters; `active` counts the branch's send-outs
  // sending or waiting for their start now, whatever the range.
  async totals(accId: number, from: Date, to: Date): Promise<SendoutTotals> {
    const rows = await queryRows<Record<keyof SendoutTotals, number | string | null>>(
      this.db,
      sql`select
          (select count(*) from sendouts s where ${launched(accId, from, to)})::int as sendouts,
          (select count(*) from sendouts s where s.acc_id = ${accId} and s.status in ('planned', 'started'))::int as active,
          sum(s.sent_count)::int as sent, sum(s.answered_count)::int as answered, sum(s.recorded_count)::int as recorded
        from sendouts s where ${launched(accId, from, to)}`,
    );
    const row = rows[0];
    return {
      sendouts: Number(row?.sendouts ?? 0),
      active: Number(row?.active ?? 0),
      sent: Number(row?.sent ?? 0),
      answered: Number(row?.answered ?? 0),
      recorded: Number(row?.recorded ?? 0),
    };
  }

  // The newest launched send-outs of the range.
  async last(accId: number, from: Date, to: Date, limit: number): Promise<LastSendout[]> {
    const rows = await queryRows<{
      id: string;
      text: string;
      status: string;
      sent_count: number;
      answered_count: number;
      recorded_count: number;
    }>(
      this.db,
      sql`select s.id, s.text, s.status, s.sent_count, s.answered_count, s.recorded_count
        from sendouts s where ${launched(accId, from, to)}
        order by s.started_at desc, s.id desc limit ${limit}`,
    );
    return rows.map((r) => ({
      id: r.id,
      text: r.text,
      status: r.status,
      sent: Number(r.sent_count),
      answered: Number(r.answered_count),
      recorded: Number(r.recorded_count),
    }));
  }
}
