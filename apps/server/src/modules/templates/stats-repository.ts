import { sql, type SQL } from 'drizzle-orm';
import { ANSWER_WINDOW_HOURS, BOOKING_ATTRIBUTION_DAYS, type StatsGroupBy } from '@salon/contract/templates';
import { queryRows, type Db } from '../../platform/db/client.js';

// The measures of a group of messages, as the database adds them up.
export interface MeasureRow {
  send_count: number;
  sent: number;
  answered_count: number;
  recorded_count: number;
  earned: number;
  // Mean days from a send to the first booking it brought (null: none).
  send_after_days: number | null;
}

export interface StatsRange {
  accId: number;
  // The branch's IANA zone: days and weeks are the branch's.
  timeZone: string;
  // Inclusive local dates YYYY-MM-DD.
  from: string;
  to: string;
}

export interface DetailRow {
  name: string;
  phone: string;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
  send_time: Date | string | null;
  reply_time: Date | string | null;
  record_time: Date | string | null;
  sum: number;
  services: string | null;
  status: string;
}

// Statuses of a message that left: counted as a send.
const SENT = sql`('sent', 'delivered', 'read')`;

// One row per message sent in the range, with what followed it. Each row's answer and bookings are
// index lookups (chat_messages_acc_phone_at, crm_records_client) bounded by the windows; the range
// is the branch's local days, from 00:00 of `from` to the end of `to`.
function sends(range: StatsRange, templateFilter: SQL): SQL {
  return sql`
    select ts.template_id, ts.version, o.sent_at, (o.status in ('delivered', 'read')) as delivered,
      exists (
        select 1 from chat_messages c
        where c.acc_id = ts.acc_id and c.phone = ts.client_phone and c.direction = 'incoming'
          and c.at > o.sent_at and c.at <= o.sent_at + make_interval(hours => ${ANSWER_WINDOW_HOURS}::int)
      ) as answered,
      rec.n as records, rec.earned, rec.first_at
    from templates t
    join template_sends ts on ts.template_id = t.id
    join outbox o on o.id = ts.outbox_id
    left join lateral (
      select count(*)::int as n, coalesce(sum(r.cost), 0)::float8 as earned, min(r.created_at) as first_at
      from crm_records r
      where r.acc_id = ts.acc_id and r.client_phone = ts.client_phone
        and r.created_at > o.sent_at and r.created_at <= o.sent_at + make_interval(days => ${BOOKING_ATTRIBUTION_DAYS}::int)
        and not r.deleted and r.id is distinct from ts.record_id
    ) rec on true
    where t.acc_id = ${range.accId} and ts.acc_id = ${range.accId} ${templateFilter}
      and o.status in ${SENT}
      and o.sent_at >= (${range.from}::date)::timestamp at time zone ${range.timeZone}
      and o.sent_at < ((${range.to}::date + 1)::timestamp at time zone ${range.timeZone})
      and ts.created_at < ((${range.to}::date + 1)::timestamp at time zone ${range.timeZone})`;
}

const MEASURES = sql`
  count(*)::int as send_count,
  (count(*) filter (where s.delivered))::int as sent,
  (count(*) filter (where s.answered))::int as answered_count,
  (count(*) filter (where s.records > 0))::int as recorded_count,
  coalesce(sum(s.earned), 0)::float8 as earned,
  (avg(extract(epoch from s.first_at - s.sent_at) / 86400) filter (where s.records > 0))::float8 as send_after_days`;

// Template statistics (SPEC 3): one grouped query per table.
export class TemplateStatsRepository {
  constructor(private readonly db: Db) {}

  // These queries are many cheap index probes that the planner costs high: Postgres's JIT would
  // compile them for seconds (half the time of a branch's year of sends), so it is off for them.
  private run<T>(query: SQL): Promise<T[]> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`set local jit = off`);
      return queryRows<T>(tx, query);
    });
  }

  // Per template of the branch: every live template, and deleted ones that sent in the range.
  async perTemplate(range: StatsRange): Promise<(MeasureRow & { template_id: number })[]> {
    return this.run(
      sql`with s as (${sends(range, sql``)})
        select s.template_id, ${MEASURES} from s group by s.template_id`,
    );
  }

  async perVersion(range: StatsRange, templateId: number): Promise<(MeasureRow & { version: number })[]> {
    return this.run(
      sql`with s as (${sends(range, sql`and t.id = ${templateId}`)})
        select s.version, ${MEASURES} from s group by s.version`,
    );
  }

  // Weeks start on Monday, months on the 1st, both at local midnight of the branch.
  async perPeriod(
    range: StatsRange,
    templateId: number,
    groupBy: StatsGroupBy,
  ): Promise<(MeasureRow & { period: string; versions: number[] })[]> {
    const unit = groupBy === 'month' ? sql`'month'` : sql`'week'`;
    return this.run(
      sql`with s as (${sends(range, sql`and t.id = ${templateId}`)})
        select to_char(date_trunc(${unit}, s.sent_at at time zone ${range.timeZone}), 'YYYY-MM-DD') as period,
          array_agg(distinct s.version order by s.version) as versions, ${MEASURES}
        from s group by 1 order by 1`,
    );
  }

  // One row per message of the template (newest first), whatever became of it. Status ranks:
  // recorded > answered > read > delivered > sent > failed/pending/cancelled.
  async detail(accId: number, templateId: number, limit: number): Promise<DetailRow[]> {
    return this.run(
      sql`
        select ts.client_name as name, ts.client_phone as phone, ts.version, ts.created_at, o.updated_at,
          o.sent_at as send_time, ans.at as reply_time, rec.first_at as record_time,
          coalesce(rec.earned, 0)::float8 as sum, rec.services,
          case
            when rec.n > 0 then 'recorded'
            when ans.at is not null then 'answered'
            when o.status in ${SENT} then o.status
            when o.status in ('pending', 'sending') then 'pending'
            when o.status = 'cancelled' then 'cancelled'
            else 'failed'
          end as status
        from template_sends ts
        join outbox o on o.id = ts.outbox_id
        left join lateral (
          select min(c.at) as at from chat_messages c
          where o.status in ${SENT} and c.acc_id = ts.acc_id and c.phone = ts.client_phone
            and c.direction = 'incoming'
            and c.at > o.sent_at and c.at <= o.sent_at + make_interval(hours => ${ANSWER_WINDOW_HOURS}::int)
        ) ans on true
        left join lateral (
          select count(*)::int as n, sum(r.cost) as earned, min(r.created_at) as first_at,
            string_agg((select string_agg(e->>'title', ', ') from jsonb_array_elements(r.services) e), ', '
              order by r.created_at) as services
          from crm_records r
          where o.status in ${SENT} and r.acc_id = ts.acc_id and r.client_phone = ts.client_phone
            and r.created_at > o.sent_at
            and r.created_at <= o.sent_at + make_interval(days => ${BOOKING_ATTRIBUTION_DAYS}::int)
            and not r.deleted and r.id is distinct from ts.record_id
        ) rec on true
        where ts.template_id = ${templateId} and ts.acc_id = ${accId}
        order by ts.created_at desc, ts.outbox_id desc
        limit ${limit}`,
    );
  }
}
