import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';
import type { Clock } from '../clock.js';

export interface RateRule {
  // e.g. 'pin-request:id'
  name: string;
  limit: number;
  windowMs: number;
}

// Sliding-window log in the database, so the limits hold across processes and restarts: every
// granted hit is a row (hits in the same millisecond share one), and a hit is granted while the
// hits of the last `windowMs` are fewer than the limit. A fixed window let twice the limit through
// around its edge; this one never grants more than `limit` in any `windowMs`. Refused hits are not
// written, so hammering a closed limit does not keep it closed.
export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  // Counts one hit when it is within the limit, and tells whether it was.
  async hit(rule: RateRule, subject: string): Promise<boolean> {
    if (rule.limit <= 0) return true;
    const now = this.clock.now();
    const key = `${rule.name}:${subject}`;
    const from = new Date(now.getTime() - rule.windowMs).toISOString();
    // One transaction per key at a time: two processes must not both take the last free hit.
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
      const rows = await queryRows<{ count: number }>(
        tx,
        sql`
        insert into rate_limits (key, window_start, count)
        select ${key}::text, ${now.toISOString()}::timestamptz, 1
        where (select coalesce(sum(count), 0) from rate_limits where key = ${key} and window_start > ${from}::timestamptz)
          < ${rule.limit}::int
        on conflict (key, window_start) do update set count = rate_limits.count + 1
        returning count`,
      );
      return rows.length === 1;
    });
  }

  // Hits counted in the current window, without adding one.
  async used(rule: RateRule, subject: string): Promise<number> {
    const from = new Date(this.clock.now().getTime() - rule.windowMs).toISOString();
    const rows = await queryRows<{ n: number | string }>(
      this.db,
      sql`select coalesce(sum(count), 0) as n from rate_limits
          where key = ${`${rule.name}:${subject}`} and window_start > ${from}`,
    );
    return Number(rows[0]?.n ?? 0);
  }

  // Forgets a subject's hits (a cooldown ends early once its reason is gone).
  async reset(rule: RateRule, subject: string): Promise<void> {
    await this.db.execute(sql`delete from rate_limits where key = ${`${rule.name}:${subject}`}`);
  }

  async purgeBefore(before: Date): Promise<void> {
    await this.db.execute(sql`delete from rate_limits where window_start < ${before.toISOString()}`);
  }
}
