import { ANSWER_WINDOW_HOURS, BOOKING_ATTRIBUTION_DAYS } from '@salon/contract/templates';
import type { Clock } from '../../../platform/clock.js';
import type { Db } from '../../../platform/db/client.js';
import { AttributionRepository, type AttributionWindows } from './attribution-repository.js';

const DAY_MS = 86_400_000;

// A booking made on the 7th day may reach us late (a CRM webhook lost and caught by reconciliation),
// so a send-out is counted for one more day after its booking window closes.
export const ATTRIBUTION_MARGIN_MS = DAY_MS;
export const ATTRIBUTION_WINDOWS: AttributionWindows = {
  answerHours: ANSWER_WINDOW_HOURS,
  bookingDays: BOOKING_ATTRIBUTION_DAYS,
  horizonMs: BOOKING_ATTRIBUTION_DAYS * DAY_MS + ATTRIBUTION_MARGIN_MS,
};

export interface AttributionOptions {
  // Recipients recounted per pass (whole send-outs): the periodic sweep stays short.
  budget: number;
  // A send-out counted less than this ago is left for a later pass.
  minAgeMs: number;
}

export const DEFAULT_ATTRIBUTION_OPTIONS: AttributionOptions = { budget: 50_000, minAgeMs: 30_000 };

// SPEC 3 Stats row / SPEC 4 per-message status: who of a send-out's recipients got the message, read
// it, answered within ANSWER_WINDOW_HOURS and booked within BOOKING_ATTRIBUTION_DAYS, and the
// send-out's counters the stats page reads. Run by the periodic sweep; idempotent, and two workers
// running it at once each count a send-out the other is not counting.
export class SendoutAttribution {
  private readonly repo: AttributionRepository;
  private readonly options: AttributionOptions;

  constructor(
    db: Db,
    private readonly clock: Clock,
    options: Partial<AttributionOptions> = {},
  ) {
    this.repo = new AttributionRepository(db, ATTRIBUTION_WINDOWS);
    this.options = { ...DEFAULT_ATTRIBUTION_OPTIONS, ...options };
  }

  // The stalest send-outs still inside their horizon, up to the budget. Answers how many it counted.
  async pass(now: Date): Promise<{ sendouts: number }> {
    const ids = await this.repo.candidates({ now, minAgeMs: this.options.minAgeMs, budget: this.options.budget });
    const counted = await this.repo.attribute(ids, now, new Date(now.getTime() - this.options.minAgeMs));
    return { sendouts: counted.length };
  }

  // One send-out now, whatever its horizon (the detail page of a send-out counted a while ago).
  async refresh(sendoutId: string, now: Date = this.clock.now()): Promise<void> {
    await this.repo.attribute([sendoutId], now);
  }
}
