// Callers waiting for the next of some events (a QR, the connection opening), each with its own
// time limit. The timer is the injected sleep, so tests control it.
export class Waiters<T> {
  readonly #pending = new Set<(value: T) => void>();

  wait(timeoutMs: number, sleep: (ms: number) => Promise<void>, onTimeout: T): Promise<T> {
    return new Promise<T>((resolve) => {
      const settle = (value: T): void => {
        this.#pending.delete(settle);
        resolve(value);
      };
      this.#pending.add(settle);
      void sleep(timeoutMs).then(() => {
        if (this.#pending.has(settle)) settle(onTimeout);
      });
    });
  }

  settle(value: T): void {
    for (const settle of [...this.#pending]) settle(value);
  }
}
