// Runs async work one item at a time, in order: a session's events must be stored in the order
// the provider reported them (a status after the QR it replaces, an ack after the send).
export class SerialQueue {
  #tail: Promise<void> = Promise.resolve();

  constructor(private readonly onError: (error: unknown) => void) {}

  // Resolves when this piece of work is done; rejects if it failed, so a caller that waits can
  // retry. The failure is also reported and does not stop the queue, and a caller that does not
  // wait never sees an unhandled rejection (the queue's own catch handles it).
  push(work: () => Promise<void>): Promise<void> {
    const result = this.#tail.then(work);
    this.#tail = result.catch(this.onError);
    return result;
  }

  drain(): Promise<void> {
    return this.#tail;
  }
}
