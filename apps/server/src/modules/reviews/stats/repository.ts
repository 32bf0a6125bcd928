import { sql, type SQL } from 'drizzle-orm';
import { POSITIVE_RATING_MIN, type ReviewStatsSortColumn } from '@salon/contract/reviews';
import { queryRows, type Db } from '../../../platform/db/client.js';

// The chains of one branch with what happened within its local days [from, to].
export interface ReviewStatsFilter {
  accId: number;
  timeZone: string;
  // Inclusive local dates YYYY-MM-DD: from 00:00:00 of `from` to 23:59:59 of `to`.
  from: string;
  to: string;
}

export interface ReviewStatsOrder {
  sort: ReviewStatsSortColumn;
  desc: boolean;
}

export interface ReviewStatsDbRow {
  id: number;
  title: string;
  active: boolean;
  deleted: boolean;
  total_sends: number;
  rated: number;
  finished: number;
  negative: number;
  link_clicks: number;
}

const ratio = (part: SQL) => sql`coalesce(${part}::float8 / nullif(s.total_sends, 0), 0)`;

// Each sortable column's expression; the conversions sort by their share, as the table shows them.
const SORT: Record<ReviewStatsSortColumn, SQL> = {
  total_sends: sql`s.total_sends`,
  first_step_conversion: ratio(sql`s.rated`),
  full_conversion: ratio(sql`s.finished`),
  negative_results: sql`s.negative`,
  link_clicks: sql`s.link_clicks`,
  title: sql`lower(s.title)`,
};

// One row per chain: the runs whose request went out in the range (review_runs_chain_asked), their
// ratings and ends, and the links of the chain first clicked in the range. Deleted chains stay while
// they have something in the range.
function rowsOf(f: ReviewStatsFilter): SQL {
  const from = sql`(${f.from}::date)::timestamp at time zone ${f.timeZone}`;
  const to = sql`((${f.to}::date + 1)::timestamp at time zone ${f.timeZone})`;
  return sql`select c.id, c.title, c.active, c.deleted_at is not null as deleted,
      coalesce(r.total_sends, 0)::int as total_sends, coalesce(r.rated, 0)::int as rated,
      coalesce(r.finished, 0)::int as finished, coalesce(r.negative, 0)::int as negative,
      coalesce(l.link_clicks, 0)::int as link_clicks
    from review_chains c
    left join lateral (
      select count(*) as total_sends, count(rr.rating) as rated, count(rr.finished_at) as finished,
        count(*) filter (where rr.rating < ${POSITIVE_RATING_MIN}) as negative
      from review_runs rr
      where rr.chain_id = c.id and rr.asked_at >= ${from} and rr.asked_at < ${to}
    ) r on true
    left join lateral (
      select count(*) as link_clicks from review_links rl
      where rl.chain_id = c.id and rl.acc_id = c.acc_id and rl.first_click_at >= ${from} and rl.first_click_at < ${to}
    ) l on true
    where c.acc_id = ${f.accId}
      and (c.deleted_at is null or coalesce(r.total_sends, 0) > 0 or coalesce(l.link_clicks, 0) > 0)`;
}

// SQL of the review statistics (SPEC 3 Review stats row). No rules here.
export class ReviewStatsRepository {
  constructor(private readonly db: Db) {}

  async page(filter: ReviewStatsFilter, order: ReviewStatsOrder, limit: number, offset: number) {
    const dir = order.desc ? sql`desc nulls last` : sql`asc nulls last`;
    return queryRows<ReviewStatsDbRow>(
      this.db,
      sql`select * from (${rowsOf(filter)}) s order by ${SORT[order.sort]} ${dir}, s.id asc
        limit ${limit} offset ${offset}`,
    );
  }

  async count(filter: ReviewStatsFilter): Promise<number> {
    const rows = await queryRows<{ n: number }>(
      this.db,
      sql`select count(*)::int as n from (${rowsOf(filter)}) s`,
    );
    return Number(rows[0]?.n ?? 0);
  }
}
