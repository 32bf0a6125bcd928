// Baileys writes credentials and keys in bursts (dozens of key writes while a message is encrypted, a
// pre-key upload, a pairing). Each burst becomes one credentials report, a short while after it
// starts; flush() writes at once (close, logout) so nothing is lost on shutdown.
export class CredentialsWriter {
  readonly #delayMs: number;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #write: () => void;
  #pending = false;
  #closed = false;
  // Tells a timer that fired after a flush (and maybe a new burst) that it is no longer the current one.
  #ticket = 0;

  constructor(delayMs: number, sleep: (ms: number) => Promise<void>, write: () => void) {
    this.#delayMs = delayMs;
    this.#sleep = sleep;
    this.#write = write;
  }

  schedule(): void {
    if (this.#pending || this.#closed) return;
    this.#pending = true;
    const ticket = ++this.#ticket;
    void this.#sleep(this.#delayMs).then(() => {
      if (ticket === this.#ticket) this.flush();
    });
  }

  flush(): void {
    if (!this.#pending) return;
    this.#pending = false;
    this.#ticket++;
    this.#write();
  }

  // Drops a pending write: the state it would serialize was replaced and reported already.
  cancel(): void {
    this.#pending = false;
    this.#ticket++;
  }

  // Writes what is pending and ignores later changes: the session is gone, and a report after close
  // could overwrite what the worker that took the session over has stored since.
  close(): void {
    this.flush();
    this.#closed = true;
  }
}
