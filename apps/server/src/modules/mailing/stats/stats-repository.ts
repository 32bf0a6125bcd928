import { sql, type SQL } from 'drizzle-orm';
import type { StatsSortColumn } from '@salon/contract/mailing-stats';
import { queryRows, type Db } from '../../../platform/db/client.js';

// The send-outs of one branch launched within its local days [from, to] whose text holds `text`.
export interface StatsFilter {
  accId: number;
  timeZone: string;
  // Inclusive local dates YYYY-MM-DD: from 00:00:00 of `from` to the end of `to` (SPEC 5).
  from: string;
  to: string;
  text: string;
}

export interface StatsOrder {
  sort: StatsSortColumn;
  desc: boolean;
}

export interface StatsSendoutRow {
  id: string;
  text: string;
  status: string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  stopped: boolean;
  visits_median: number | null;
  last_visit_time_median: number | null;
  sent_count: number;
  read_count: number;
  answered_count: number;
  recorded_count: number;
  revenue: number;
}

export interface DetailRecipientRow {
  phone: string;
  name: string;
  read_at: Date | string | null;
  answered_at: Date | string | null;
  recorded_at: Date | string | null;
  record_service: string | null;
  record_cost: number | null;
  sent_at: Date | string | null;
}

const ratio = (part: SQL) => sql`coalesce(${part}::float8 / nullif(s.sent_count, 0), 0)`;

// SPEC 5 "sort column from an allowed list": each allowed column's expression. Rates and per-message
// sums sort by their ratio, as the table shows them.
const SORT: Record<StatsSortColumn, SQL> = {
  date: sql`s.started_at`,
  text: sql`s.text`,
  recipients: sql`s.sent_count`,
  read: sql`s.read_count`,
  percent_read: ratio(sql`s.read_count`),
  answers: sql`s.answered_count`,
  conversion_answers: ratio(sql`s.answered_count`),
  sign_up: sql`s.recorded_count`,
  conversion_sign_up: ratio(sql`s.recorded_count`),
  summ: sql`s.revenue`,
  summ_one_msg: ratio(sql`s.revenue`),
  visits: sql`s.visits_median`,
  last_visit_days: sql`s.last_visit_time_median`,
  date_finish_sendout: sql`s.finished_at`,
};

const COLUMNS = sql`s.id, s.text, s.status, s.started_at, s.finished_at, s.stopped, s.visits_median,
  s.last_visit_time_median, s.sent_count, s.read_count, s.answered_count, s.recorded_count, s.revenue`;

function where(f: StatsFilter): SQL {
  return sql`s.acc_id = ${f.accId} and s.status in ('started', 'paused', 'finished')
    and s.started_at >= (${f.from}::date)::timestamp at time zone ${f.timeZone}
    and s.started_at < ((${f.to}::date + 1)::timestamp at time zone ${f.timeZone})
    ${f.text === '' ? sql`` : sql`and strpos(lower(s.text), lower(${f.text})) > 0`}`;
}

function orderBy(o: StatsOrder): SQL {
  const dir = o.desc ? sql`desc nulls last` : sql`asc nulls last`;
  // Equal values keep a stable order between pages: newest launch first, then the id.
  return sql`order by ${SORT[o.sort]} ${dir}, s.started_at desc, s.id desc`;
}

// The statistics table reads the send-outs' own counters (kept by the attribution pass): one row per
// send-out, found through sendouts_acc_started, never their recipients.
export class MailingStatsRepository {
  constructor(private readonly db: Db) {}

  async branchTimeZone(accId: number): Promise<string | undefined> {
    const rows = await queryRows<{ time_zone: string }>(
      this.db,
      sql`select time_zone from branches where acc_id = ${accId}`,
    );
    return rows[0]?.time_zone;
  }

  async page(filter: StatsFilter, order: StatsOrder, limit: number, offset: number): Promise<StatsSendoutRow[]> {
    return queryRows<StatsSendoutRow>(
      this.db,
      sql`select ${COLUMNS} from sendouts s where ${where(filter)} ${orderBy(order)} limit ${limit} offset ${offset}`,
    );
  }

  async count(filter: StatsFilter): Promise<number> {
    const rows = await queryRows<{ n: number }>(
      this.db,
      sql`select count(*)::int as n from sendouts s where ${where(filter)}`,
    );
    return Number(rows[0]?.n ?? 0);
  }

  // A send-out of this branch (another branch's id is not found) and when it was last counted.
  async sendout(
    accId: number,
    id: string,
  ): Promise<{ id: string; text: string; stats_at: Date | string | null } | undefined> {
    const rows = await queryRows<{ id: string; text: string; stats_at: Date | string | null }>(
      this.db,
      sql`select id, text, stats_at from sendouts where id = ${id} and acc_id = ${accId}`,
    );
    return rows[0];
  }

  // The recipients whose message left or is still to go (not queued yet, waiting in the outbox, or
  // held by a pause), in list order; those the dispatcher refused for good are left out.
  async detail(sendoutId: string): Promise<DetailRecipientRow[]> {
    return queryRows<DetailRecipientRow>(
      this.db,
      sql`select r.phone, r.name, r.read_at, r.answered_at, r.recorded_at, r.record_service, r.record_cost, r.sent_at
        from sendout_recipients r
        where r.sendout_id = ${sendoutId} and r.included
          and (r.sent_at is not null or r.outbox_id is null
            or exists (select 1 from outbox o where o.id = r.outbox_id and o.status in ('pending', 'sending', 'cancelled')))
        order by r.position`,
    );
  }
}
