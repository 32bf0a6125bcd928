import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { telegramId } from '../../platform/db/schema.js';

// Product analytics (SPEC 7 /metrics/*): one row per event, by whom and on which branch. No foreign
// keys: events outlive the users and branches they name, and writing them must never fail a page.
export const metricEvents = pgTable(
  'metric_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // The SPEC 7 path name (lk_login, connect_qr, …) or, for send_custom_event, the custom name.
    event: text('event').notNull(),
    // 'metric' for the named paths, 'custom' for send_custom_event.
    kind: text('kind').notNull().default('metric'),
    userId: telegramId('user_id'),
    accId: integer('acc_id'),
    props: jsonb('props'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Counts per event per day: the summary scans one event's range of days.
  (t) => [index('metric_events_event_at_idx').on(t.event, t.at), index('metric_events_at_idx').on(t.at)],
);
