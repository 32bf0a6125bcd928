import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// Sliding-window hit log shared by every process (rate-limiter.ts): one row per granted hit, or per
// millisecond when several land together; `window_start` is the moment of the hit.
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
