import { sql, type SQL } from 'drizzle-orm';
import { BOOKING_ATTRIBUTION_DAYS } from '@salon/contract/templates';
import { queryRows, type Db } from '../../platform/db/client.js';
import type { StatsRange, TemplateStatsRepository } from './stats-repository.js';

// The dashboard's reads of the templates (SPEC 3 Dashboard, Templates card). The attribution rule is
// the statistics' own (stats-repository.ts): a booking of the client made within
// BOOKING_ATTRIBUTION_DAYS after a template message left, other than the record the message was about.

// SQL of the CRM records (column record_id) booked in [from, to) that template messages brought.
export function templateBookings(accId: number, from: Date, to: Date): SQL {
  return sql`select r.id as record_id
    from template_sends ts
    join outbox o on o.id = ts.outbox_id
    join crm_records r on r.acc_id = ts.acc_id and r.client_phone = ts.client_phone
      and r.created_at > o.sent_at
      and r.created_at <= o.sent_at + make_interval(days => ${BOOKING_ATTRIBUTION_DAYS}::int)
      and not r.deleted and r.id is distinct from ts.record_id
    where ts.acc_id = ${accId} and o.status in ('sent', 'delivered', 'read')
      and o.sent_at >= ${from.toISOString()}::timestamptz - make_interval(days => ${BOOKING_ATTRIBUTION_DAYS}::int)
      and o.sent_at < ${to.toISOString()}::timestamptz
      and r.created_at >= ${from.toISOString()}::timestamptz and r.created_at < ${to.toISOString()}::timestamptz`;
}

export interface TemplateCounts {
  all: number;
  event: number;
  time: number;
  active: number;
}

export interface PopularTemplate {
  id: number;
  title: string;
  sent: number;
  recorded: number;
}

export class TemplatesDashboardRead {
  constructor(
    private readonly db: Db,
    private readonly stats: TemplateStatsRepository,
  ) {}

  // The branch's live templates: 'em' event-based, 'tm' time-based.
  async counts(accId: number): Promise<TemplateCounts> {
    const rows = await queryRows<{ all: number; event: number; time: number; active: number }>(
      this.db,
      sql`select count(*)::int as all, (count(*) filter (where kind = 'em'))::int as event,
          (count(*) filter (where kind = 'tm'))::int as time, (count(*) filter (where active))::int as active
        from templates where acc_id = ${accId} and deleted_at is null`,
    );
    const row = rows[0];
    return {
      all: Number(row?.all ?? 0),
      event: Number(row?.event ?? 0),
      time: Number(row?.time ?? 0),
      active: Number(row?.active ?? 0),
    };
  }

  // The templates that sent most in the range (deleted ones too), with how many of their messages
  // were followed by a booking (the statistics' measures).
  async popular(range: StatsRange, limit: number): Promise<PopularTemplate[]> {
    const rows = (await this.stats.perTemplate(range))
      .map((r) => ({ id: Number(r.template_id), sent: Number(r.send_count), recorded: Number(r.recorded_count) }))
      .filter((r) => r.sent > 0)
      .sort((a, b) => b.sent - a.sent || a.id - b.id)
      .slice(0, limit);
    if (rows.length === 0) return [];
    const titles = await queryRows<{ id: number; title: string }>(
      this.db,
      sql`select id, title from templates where acc_id = ${range.accId}
        and id in (${sql.join(
          rows.map((r) => sql`${r.id}`),
          sql`, `,
        )})`,
    );
    const byId = new Map(titles.map((t) => [Number(t.id), t.title]));
    return rows.map((r) => ({ ...r, title: byId.get(r.id) ?? '' }));
  }
}
