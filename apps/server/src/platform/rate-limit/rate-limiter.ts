import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';
import type { Clock } from '../clock.js';

export interface RateRule {
  // e.g. 'pin-request:id'
  name: string;
  limit: number;
  windowMs: number;
}

// Fixed-window counters in the database, so the limits hold across processes and restarts.
export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  // Counts one hit and tells whether it is within the limit.
  async hit(rule: RateRule, subject: string): Promise<boolean> {
    const now = this.clock.now().getTime();
    const windowStart = new Date(now - (now % rule.windowMs));
    const key = `${rule.name}:${subject}`;
    const rows = await queryRows<{ count: number }>(
      this.db,
      sql`
      insert into rate_limits (key, window_start, count) values (${key}, ${windowStart.toISOString()}, 1)
      on conflict (key, window_start) do update set count = rate_limits.count + 1
      returning count`,
    );
    const count = Number(rows[0]?.count ?? 0);
    return count <= rule.limit;
  }

  async purgeBefore(before: Date): Promise<void> {
    await this.db.execute(sql`delete from rate_limits where window_start < ${before.toISOString()}`);
  }
}
