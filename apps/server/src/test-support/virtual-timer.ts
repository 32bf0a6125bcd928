import type { Timer } from '../crm/drivers/yclients/token-bucket.js';

// Virtual time for code that sleeps: a sleep returns at once in real time, and the clock jumps to
// its end. Sleepers wake one at a time, earliest first, so code waiting concurrently sees the time
// it would see in reality. `sleeps` keeps every requested duration.
export class VirtualTimer implements Timer {
  readonly sleeps: number[] = [];
  #now: number;
  #waiters: { at: number; seq: number; wake: () => void }[] = [];
  #seq = 0;
  #scheduled = false;

  constructor(start = 0) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  sleep(ms: number): Promise<void> {
    this.sleeps.push(ms);
    return new Promise((wake) => {
      this.#waiters.push({ at: this.#now + Math.max(0, ms), seq: this.#seq++, wake });
      this.#schedule();
    });
  }

  // On the next turn of the event loop, so every sleeper of this turn is queued before one wakes.
  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      this.#waiters.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const next = this.#waiters.shift();
      if (!next) return;
      this.#now = Math.max(this.#now, next.at);
      next.wake();
      if (this.#waiters.length > 0) this.#schedule();
    });
  }
}
