// Time is injected so that schedules, PIN expiry and token lifetimes are testable
// and the server's own time zone never matters.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export class ManualClock implements Clock {
  #ms: number;
  constructor(start: Date | string = '2026-01-15T09:00:00Z') {
    this.#ms = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.#ms);
  }
  advance(ms: number): void {
    this.#ms += ms;
  }
  set(at: Date | string): void {
    this.#ms = new Date(at).getTime();
  }
}

// The clock of a running server whose time a test (or a person trying templates out) may move
// forward: the system time plus an offset. Only for DEV_CLOCK=adjustable installs.
export class AdjustableClock implements Clock {
  #offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.#offsetMs);
  }
  advance(ms: number): void {
    this.#offsetMs += ms;
  }
  get offsetMs(): number {
    return this.#offsetMs;
  }
}
