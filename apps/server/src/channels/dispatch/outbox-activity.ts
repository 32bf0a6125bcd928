import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/client.js';

export interface SentPerPeriodQuery {
  accId: number;
  // The branch's IANA zone: the buckets are its local days or months.
  timeZone: string;
  // [from, to): instants of the range's local midnights.
  from: Date;
  to: Date;
  unit: 'day' | 'month';
}

// Messages of a branch that left (any source) per local day (YYYY-MM-DD) or month (YYYY-MM) of the
// range; only buckets with messages are answered. A message leaves after it is written, so the
// branch's outbox_acc_created index bounds the scan.
export async function sentPerPeriod(db: Db, q: SentPerPeriodQuery): Promise<{ period: string; sent: number }[]> {
  const format = q.unit === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD';
  const rows = await queryRows<{ period: string; sent: number }>(
    db,
    sql`select to_char(o.sent_at at time zone ${q.timeZone}, ${format}) as period, count(*)::int as sent
      from outbox o
      where o.acc_id = ${q.accId} and o.status in ('sent', 'delivered', 'read')
        and o.created_at < ${q.to.toISOString()}::timestamptz
        and o.sent_at >= ${q.from.toISOString()}::timestamptz and o.sent_at < ${q.to.toISOString()}::timestamptz
      group by 1`,
  );
  return rows.map((r) => ({ period: r.period, sent: Number(r.sent) }));
}
