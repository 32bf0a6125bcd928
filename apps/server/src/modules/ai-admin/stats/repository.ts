import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../../platform/db/client.js';

// One branch's AI events within its local days [from, to], grouped by day or ISO week.
export interface AiStatsFilter {
  accId: number;
  timeZone: string;
  // Inclusive local dates YYYY-MM-DD: from 00:00:00 of `from` to 23:59:59 of `to`.
  from: string;
  to: string;
  groupBy: 'day' | 'week';
}

interface Counts {
  conversations: number;
  answered_by_bot: number;
  handed_over: number;
  bookings: number;
  moved: number;
  cancelled: number;
  revenue: number;
}

export interface AiStatsPeriodRow extends Counts {
  period: string;
}

export interface AiStatsTotalsRow extends Counts {
  median_first_answer_ms: number | null;
}

// Events of the range, each with its local day. Conversations and hand-overs count each
// conversation once; bookings, moves and cancellations count events; the revenue is the bot's
// bookings and moves (a cancelled record's revenue is not taken back: the stats say what the bot did).
function eventsOf(f: AiStatsFilter): SQL {
  const lo = sql`(${f.from}::date)::timestamp at time zone ${f.timeZone}`;
  const hi = sql`((${f.to}::date + 1)::timestamp at time zone ${f.timeZone})`;
  const day = sql`(e.at at time zone ${f.timeZone})::date`;
  const period = f.groupBy === 'week' ? sql`date_trunc('week', ${day}::timestamp)::date` : day;
  return sql`select e.id, e.conversation_id, e.kind, e.reason, e.revenue, e.answer_ms, e.at, ${period} as period
    from ai_events e where e.acc_id = ${f.accId} and e.at >= ${lo} and e.at < ${hi}`;
}

const COUNTS = sql`
  count(distinct ev.conversation_id) filter (where ev.kind = 'conversation')::int as conversations,
  count(distinct ev.conversation_id) filter (where ev.kind = 'answer')::int as answered_by_bot,
  count(distinct ev.conversation_id) filter (where ev.kind = 'handover')::int as handed_over,
  count(*) filter (where ev.kind = 'booked')::int as bookings,
  count(*) filter (where ev.kind = 'moved')::int as moved,
  count(*) filter (where ev.kind = 'cancelled')::int as cancelled,
  coalesce(sum(ev.revenue) filter (where ev.kind in ('booked', 'moved')), 0)::float8 as revenue`;

// SQL of the AI statistics. No rules here.
export class AiStatsRepository {
  constructor(private readonly db: Db) {}

  async timeZoneOf(accId: number): Promise<string | undefined> {
    const rows = await queryRows<{ time_zone: string }>(
      this.db,
      sql`select time_zone from branches where acc_id = ${accId}`,
    );
    return rows[0]?.time_zone;
  }

  // Every period of the range, those without events as zeros.
  async series(f: AiStatsFilter): Promise<AiStatsPeriodRow[]> {
    const first =
      f.groupBy === 'week' ? sql`date_trunc('week', ${f.from}::date::timestamp)` : sql`${f.from}::date::timestamp`;
    const step = f.groupBy === 'week' ? sql`interval '7 days'` : sql`interval '1 day'`;
    const rows = await queryRows<AiStatsPeriodRow>(
      this.db,
      sql`with ev as (${eventsOf(f)})
        select to_char(p.period, 'YYYY-MM-DD') as period, ${COUNTS}
        from (select g::date as period from generate_series(${first}, ${f.to}::date::timestamp, ${step}) g) p
        left join ev on ev.period = p.period
        group by p.period
        order by p.period`,
    );
    return rows.map(numbers);
  }

  async totals(f: AiStatsFilter): Promise<AiStatsTotalsRow> {
    const rows = await queryRows<AiStatsTotalsRow>(
      this.db,
      sql`with ev as (${eventsOf(f)}),
        first_answer as (
          select distinct on (ev.conversation_id) ev.answer_ms from ev
          where ev.kind = 'answer' and ev.answer_ms is not null
          order by ev.conversation_id, ev.at, ev.id
        )
        select ${COUNTS},
          (select percentile_cont(0.5) within group (order by answer_ms) from first_answer)::float8
            as median_first_answer_ms
        from ev`,
    );
    const row = rows[0]!;
    return {
      ...numbers(row),
      median_first_answer_ms: row.median_first_answer_ms === null ? null : Number(row.median_first_answer_ms),
    };
  }

  // Conversations handed over in the range, by reason (a conversation once per reason).
  async handoverReasons(f: AiStatsFilter): Promise<{ reason: string | null; n: number }[]> {
    const rows = await queryRows<{ reason: string | null; n: number }>(
      this.db,
      sql`with ev as (${eventsOf(f)})
        select ev.reason, count(distinct ev.conversation_id)::int as n from ev
        where ev.kind = 'handover' group by ev.reason`,
    );
    return rows.map((r) => ({ reason: r.reason, n: Number(r.n) }));
  }
}

// Both drivers may hand counts back as strings; the wire wants numbers.
function numbers<T extends Counts>(row: T): T {
  return {
    ...row,
    conversations: Number(row.conversations),
    answered_by_bot: Number(row.answered_by_bot),
    handed_over: Number(row.handed_over),
    bookings: Number(row.bookings),
    moved: Number(row.moved),
    cancelled: Number(row.cancelled),
    revenue: Number(row.revenue),
  };
}
