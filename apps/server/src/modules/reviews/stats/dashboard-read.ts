import { sql, type SQL } from 'drizzle-orm';
import { BOOKING_ATTRIBUTION_DAYS } from '@salon/contract/templates';
import type { ReviewStatsFilter, ReviewStatsRepository } from './repository.js';

// The dashboard's reads of the review chains (SPEC 3 Dashboard, Reviews card).

// SQL of the CRM records (column record_id) booked in [from, to) that review messages brought: a
// booking of the client within BOOKING_ATTRIBUTION_DAYS after a message of a run left, other than
// the visit the run asks about.
export function reviewBookings(accId: number, from: Date, to: Date): SQL {
  return sql`select r.id as record_id
    from review_runs rr
    join review_run_sends rs on rs.run_id = rr.id
    join outbox o on o.id = rs.outbox_id
    join crm_records r on r.acc_id = rr.acc_id and r.client_phone = rr.client_phone
      and r.created_at > o.sent_at
      and r.created_at <= o.sent_at + make_interval(days => ${BOOKING_ATTRIBUTION_DAYS}::int)
      and not r.deleted and r.id <> rr.record_id
    where rr.acc_id = ${accId} and o.status in ('sent', 'delivered', 'read')
      and o.sent_at >= ${from.toISOString()}::timestamptz - make_interval(days => ${BOOKING_ATTRIBUTION_DAYS}::int)
      and o.sent_at < ${to.toISOString()}::timestamptz
      and r.created_at >= ${from.toISOString()}::timestamptz and r.created_at < ${to.toISOString()}::timestamptz`;
}

export interface ReviewTotals {
  sends: number;
  rated: number;
  finished: number;
  negative: number;
}

// A branch has few chains: every one of them is read.
const CHAINS_MAX = 10_000;

// The statistics page's figures (stats/repository.ts) added up over the branch's chains.
export async function reviewTotals(repo: ReviewStatsRepository, filter: ReviewStatsFilter): Promise<ReviewTotals> {
  const rows = await repo.page(filter, { sort: 'total_sends', desc: true }, CHAINS_MAX, 0);
  const sum = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((a, r) => a + Number(pick(r)), 0);
  return {
    sends: sum((r) => r.total_sends),
    rated: sum((r) => r.rated),
    finished: sum((r) => r.finished),
    negative: sum((r) => r.negative),
  };
}
