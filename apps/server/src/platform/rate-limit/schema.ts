import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// Fixed-window counters shared by every process (PIN requests per id and per IP, PIN checks per IP).
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
