import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/client.js';
import { metricEvents } from './schema.js';

export interface NewMetricEvent {
  event: string;
  kind: 'metric' | 'custom';
  userId: number;
  accId: number | null;
  props: Record<string, unknown> | null;
  at: Date;
}

export interface DayCount {
  event: string;
  day: string;
  count: number;
}

export class MetricsRepository {
  constructor(private readonly db: Db) {}

  async insert(row: NewMetricEvent): Promise<void> {
    await this.db.insert(metricEvents).values(row);
  }

  // Events per event name per UTC day of [from, to).
  async countsPerDay(from: Date, to: Date, event: string | undefined): Promise<DayCount[]> {
    const day = sql`to_char(${metricEvents.at} at time zone 'UTC', 'YYYY-MM-DD')`;
    const where = and(
      gte(metricEvents.at, from),
      lt(metricEvents.at, to),
      event === undefined ? undefined : eq(metricEvents.event, event),
    );
    const rows = await queryRows<{ event: string; day: string; count: number | string }>(
      this.db,
      sql`select ${metricEvents.event} as event, ${day} as day, count(*) as count
          from ${metricEvents} where ${where}
          group by 1, 2 order by 2, 1`,
    );
    return rows.map((r) => ({ event: r.event, day: r.day, count: Number(r.count) }));
  }
}
