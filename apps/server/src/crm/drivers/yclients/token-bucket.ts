// Time as the rate limiter and the retries see it, in milliseconds. Injected so tests run on virtual
// time instead of waiting.
export interface Timer {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemTimer: Timer = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export interface TokenBucketOptions {
  perSecond: number;
  // Requests that may go out back to back after a quiet spell. 1 keeps every one-second window at or
  // below `perSecond`; a fuller bucket lets a burst plus the refill exceed it within one second.
  capacity?: number;
}

// A token bucket in its GCRA form: each caller reserves the next free slot synchronously, so callers
// waiting at the same time never share a slot. YCLIENTS limits requests per IP, so one bucket serves
// every branch of the process.
export class TokenBucket {
  readonly #intervalMs: number;
  readonly #burstMs: number;
  // When the next request would go out if the bucket were empty.
  #nextAt = Number.NEGATIVE_INFINITY;

  constructor(
    options: TokenBucketOptions,
    private readonly timer: Timer = systemTimer,
  ) {
    if (!(options.perSecond > 0)) throw new Error('TokenBucket: perSecond must be positive');
    this.#intervalMs = 1000 / options.perSecond;
    this.#burstMs = (Math.max(1, options.capacity ?? 1) - 1) * this.#intervalMs;
  }

  // Resolves when one request may go out.
  async take(): Promise<void> {
    const now = this.timer.now();
    const slot = Math.max(this.#nextAt, now);
    this.#nextAt = slot + this.#intervalMs;
    const wait = slot - this.#burstMs - now;
    if (wait > 0) await this.timer.sleep(wait);
  }
}
