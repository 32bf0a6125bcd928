// Runs async work one item at a time, in order: a session's events must be stored in the order
// the provider reported them (a status after the QR it replaces, an ack after the send).
export class SerialQueue {
  #tail: Promise<void> = Promise.resolve();

  constructor(private readonly onError: (error: unknown) => void) {}

  push(work: () => Promise<void>): void {
    this.#tail = this.#tail.then(work).catch(this.onError);
  }

  drain(): Promise<void> {
    return this.#tail;
  }
}
