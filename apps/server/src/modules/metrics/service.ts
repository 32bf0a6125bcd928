import { METRICS_SUMMARY_MAX_DAYS, type MetricProps } from '@salon/contract/metrics';
import type { Clock } from '../../platform/clock.js';
import { errors } from '../../platform/http/errors.js';
import type { Logger } from '../../platform/logger.js';
import type { DayCount, MetricsRepository } from './repository.js';

// Per user, per process: a loop in a page cannot flood the table. In memory on purpose: a metric
// must cost one insert, not a rate-limit transaction besides.
export const METRICS_PER_USER_PER_MINUTE = 120;
const WINDOW_MS = 60_000;

class UserWindow {
  private readonly hits = new Map<number, number[]>();

  constructor(private readonly limit: number) {}

  take(userId: number, now: number): boolean {
    const recent = (this.hits.get(userId) ?? []).filter((t) => t > now - WINDOW_MS);
    if (recent.length >= this.limit) {
      this.hits.set(userId, recent);
      return false;
    }
    recent.push(now);
    this.hits.set(userId, recent);
    // Forget idle users now and then, so the map stays as small as the active ones.
    if (this.hits.size > 10_000) {
      for (const [id, times] of this.hits) if ((times.at(-1) ?? 0) <= now - WINDOW_MS) this.hits.delete(id);
    }
    return true;
  }
}

const DAY_MS = 86_400_000;

// SPEC 7 /metrics/*: one row per event, by whom, on which branch, at the server's clock.
export class MetricsService {
  private readonly window: UserWindow;

  constructor(private readonly deps: { repo: MetricsRepository; clock: Clock; logger: Logger; perMinute?: number }) {
    this.window = new UserWindow(deps.perMinute ?? METRICS_PER_USER_PER_MINUTE);
  }

  async record(
    kind: 'metric' | 'custom',
    event: string,
    userId: number,
    accId: number | null,
    props: MetricProps | null | undefined,
  ): Promise<void> {
    const at = this.deps.clock.now();
    if (!this.window.take(userId, at.getTime())) throw errors.tooManyRequests();
    await this.deps.repo.insert({ event, kind, userId, accId, props: props ?? null, at });
  }

  async summary(dateStart: string, dateEnd: string, event: string | undefined): Promise<DayCount[]> {
    const from = new Date(`${dateStart}T00:00:00Z`);
    const to = new Date(`${dateEnd}T00:00:00Z`);
    if (Number.isNaN(from.getTime()))
      throw errors.invalid('date_start_invalid', [{ path: 'querystring.date_start', code: 'date_start_invalid' }]);
    if (Number.isNaN(to.getTime()) || to < from) {
      throw errors.invalid('date_end_invalid', [{ path: 'querystring.date_end', code: 'date_end_invalid' }]);
    }
    if ((to.getTime() - from.getTime()) / DAY_MS >= METRICS_SUMMARY_MAX_DAYS) {
      throw errors.invalid('range_too_long', [{ path: 'querystring.date_end', code: 'range_too_long' }]);
    }
    return this.deps.repo.countsPerDay(from, new Date(to.getTime() + DAY_MS), event);
  }
}
