import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../platform/db/client.js';

export interface AttributionWindows {
  // A client's first incoming message this long after the send is their answer.
  answerHours: number;
  // Their first booking this long after the send is the one it brought.
  bookingDays: number;
  // Past this after a send nothing about it changes any more (the booking window and a margin).
  horizonMs: number;
}

export interface CandidateFilter {
  now: Date;
  // A send-out refreshed less than this ago waits for the next pass.
  minAgeMs: number;
  // Recipients per pass (whole send-outs; at least one send-out is taken).
  budget: number;
}

// The advisory-lock key space of send-out counting (the second key is the send-out id's hash).
const LOCK_SPACE = 0x5e57a7;

// Outbox statuses of a message that left.
const LEFT = sql`('sent', 'delivered', 'read')`;

// Attribution of send-out messages (SPEC 4 per-message status), written in sets: one UPDATE for the
// recipients of a group of send-outs, one for their counters. Each recipient's answer and booking are
// index probes (chat_messages_acc_phone_at, crm_records_client) bounded by the windows.
export class AttributionRepository {
  constructor(
    private readonly db: Db,
    private readonly windows: AttributionWindows,
  ) {}

  // Send-outs whose figures may still change: launched ones never counted, and those whose last
  // count was taken before their horizon closed (a running send-out's horizon is still open). Oldest
  // count first, whole send-outs up to the budget of recipients.
  async candidates(filter: CandidateFilter): Promise<string[]> {
    const now = filter.now.toISOString();
    const rows = await queryRows<{ id: string }>(
      this.db,
      sql`
        select id from (
          select id, sum(greatest(count, 1)) over (order by stats_at nulls first, id) - greatest(count, 1) as before
          from sendouts
          where status in ('started', 'paused', 'finished') and started_at is not null
            and (
              stats_at is null
              or (
                stats_at <= ${now}::timestamptz - make_interval(secs => ${filter.minAgeMs / 1000}::float8)
                and stats_at < (case when status = 'started' then ${now}::timestamptz
                                     else greatest(started_at, last_sent_at, finished_at) end)
                               + make_interval(secs => ${this.windows.horizonMs / 1000}::float8)
              )
            )
        ) c
        where before < ${filter.budget}
        order by before`,
    );
    return rows.map((r) => r.id);
  }

  // Recomputes the recipients of these send-outs from the outbox, the chat and the CRM, then their
  // counters, and answers the ids it counted (those not counted since staleBefore by someone else).
  // Recipients whose window had closed by the send-out's last count are already final and
  // are skipped; rows whose values did not change are not written. Running it twice changes nothing.
  async attribute(sendoutIds: string[], now: Date, staleBefore: Date = now): Promise<string[]> {
    if (sendoutIds.length === 0) return [];
    const wanted = sql`array[${sql.join(
      sendoutIds.map((id) => sql`${id}`),
      sql`, `,
    )}]::text[]`;
    const { answerHours, bookingDays, horizonMs } = this.windows;
    return this.db.transaction(async (tx) => {
      // Many cheap index probes the planner costs high: JIT would compile them for longer than they run.
      await tx.execute(sql`set local jit = off`);
      // Two workers counting overlapping send-outs would lock the same recipient rows in different
      // orders: a send-out another worker is counting, or has counted since staleBefore, is skipped.
      // Advisory locks leave the send-out rows to the sender's own claims.
      const locked = await queryRows<{ id: string }>(
        tx,
        sql`select s.id from sendouts s
          where s.id = any(${wanted})
            and (s.stats_at is null or s.stats_at < ${staleBefore.toISOString()}::timestamptz)
            and pg_try_advisory_xact_lock(${LOCK_SPACE}::int, hashtext(s.id))`,
      );
      if (locked.length === 0) return [];
      const ids = sql`array[${sql.join(
        locked.map((r) => sql`${r.id}`),
        sql`, `,
      )}]::text[]`;
      await tx.execute(sql`
        with t as (
          select r.sendout_id, r.position, o.sent_at, o.read_at, ans.at as answered_at,
            rec.created_at as recorded_at, rec.id as record_id, rec.service as record_service, rec.cost as record_cost
          from sendout_recipients r
          join sendouts s on s.id = r.sendout_id
          left join outbox o on o.id = r.outbox_id and o.status in ${LEFT}
          left join lateral (
            select min(c.at) as at from chat_messages c
            where o.sent_at is not null and c.acc_id = r.acc_id and c.phone = r.phone and c.direction = 'incoming'
              and c.at > o.sent_at and c.at <= o.sent_at + make_interval(hours => ${answerHours}::int)
          ) ans on true
          left join lateral (
            select x.id, x.created_at, x.services -> 0 ->> 'title' as service, x.cost::float8 as cost
            from crm_records x
            where o.sent_at is not null and x.acc_id = r.acc_id and x.client_phone = r.phone and not x.deleted
              and x.created_at > o.sent_at and x.created_at <= o.sent_at + make_interval(days => ${bookingDays}::int)
            order by x.created_at, x.id
            limit 1
          ) rec on true
          where r.sendout_id = any(${ids})
            and (r.outbox_id is not null or r.sent_at is not null)
            and (s.stats_at is null or r.sent_at is null
                 or r.sent_at + make_interval(secs => ${horizonMs / 1000}::float8) > s.stats_at)
        )
        update sendout_recipients r set
          sent_at = t.sent_at, read_at = t.read_at, answered_at = t.answered_at, recorded_at = t.recorded_at,
          record_id = t.record_id, record_service = t.record_service, record_cost = t.record_cost
        from t
        where r.sendout_id = t.sendout_id and r.position = t.position
          and (r.sent_at, r.read_at, r.answered_at, r.recorded_at, r.record_id, r.record_service, r.record_cost)
            is distinct from
              (t.sent_at, t.read_at, t.answered_at, t.recorded_at, t.record_id, t.record_service, t.record_cost)`);
      await tx.execute(sql`
        update sendouts s set
          sent_count = coalesce(a.sent, 0), read_count = coalesce(a.read, 0),
          answered_count = coalesce(a.answered, 0), recorded_count = coalesce(a.recorded, 0),
          revenue = coalesce(a.revenue, 0), stats_at = ${now.toISOString()}::timestamptz
        from unnest(${ids}) as ids(id)
        left join (
          select sendout_id, count(sent_at)::int as sent, count(read_at)::int as read,
            count(answered_at)::int as answered, count(recorded_at)::int as recorded,
            sum(record_cost)::float8 as revenue
          from sendout_recipients
          where sendout_id = any(${ids}) and sent_at is not null
          group by sendout_id
        ) a on a.sendout_id = ids.id
        where s.id = ids.id`);
      return locked.map((r) => r.id);
    });
  }
}
