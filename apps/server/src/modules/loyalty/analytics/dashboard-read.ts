import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../../platform/db/client.js';

// The dashboard's reads of invite-a-friend (SPEC 3 Dashboard, Loyalty card). As in the analytics
// (repository.ts), a friend's paid visit is one CRM record of the ledger, whoever was paid for it,
// and one reversed afterwards (unpaid or deleted) does not count.
const visits = (accId: number) => sql`
  select l.record_id, max(l.paid_amount) filter (where l.kind = 'accrual') as paid,
    min(l.created_at) filter (where l.kind = 'accrual') as paid_at
  from loyalty_ledger l
  where l.acc_id = ${accId}
  group by l.record_id
  having not bool_or(l.kind = 'reversal') and bool_or(l.kind = 'accrual')`;

// SQL of the CRM records (column record_id) the invited friends' paid visits are.
export function loyaltyBookings(accId: number): SQL {
  return sql`select v.record_id from (${visits(accId)}) v`;
}

export interface LoyaltyTotals {
  amount: number;
  median: number;
  records: number;
}

export class LoyaltyDashboardRead {
  constructor(private readonly db: Db) {}

  // The friends' paid visits paid for within [from, to): what they paid, its median, how many.
  async totals(accId: number, from: Date, to: Date): Promise<LoyaltyTotals> {
    const rows = await queryRows<{ amount: number | string | null; median: number | string | null; n: number }>(
      this.db,
      sql`select sum(v.paid)::float8 as amount, percentile_cont(0.5) within group (order by v.paid)::float8 as median,
          count(*)::int as n
        from (${visits(accId)}) v
        where v.paid_at >= ${from.toISOString()}::timestamptz and v.paid_at < ${to.toISOString()}::timestamptz`,
    );
    const row = rows[0];
    return { amount: Number(row?.amount ?? 0), median: Number(row?.median ?? 0), records: Number(row?.n ?? 0) };
  }
}
