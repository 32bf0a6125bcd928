import type { SQL } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { Tx } from '../../platform/db/executor.js';
import { OutboxRepository, type NewOutbox, type PendingPatch } from './outbox-repository.js';

// The one transactional outbox (ARCHITECTURE.md "Principles"): every producer of messages — the
// template engine, send-outs, test messages, replies, and whatever comes next — writes its rows here.
//
//   // Rows that must commit with the producer's own bookkeeping: one transaction, jobs after commit.
//   const id = await outbox.transaction(async (tx, out) => {
//     const { id, created } = await out.enqueue({
//       accId, idempotencyKey: `inbox-reply:${chatMessageId}`, source: 'reply', sourceId: null,
//       recipient: phone, clientName: name, body: text, media: null, channels: null, notBefore: clock.now(),
//     });
//     if (created) await new ChatRepository(tx).linkReply(chatMessageId, id); // repositories take `tx`
//     return id;
//   });
//   // A message with nothing else to commit: the same calls straight on the outbox.
//   await outbox.enqueue({ ... });
//
// Inside `transaction` every query goes through `tx` (platform/db/executor.ts), and it is never
// nested in another transaction. A new row's dispatch job is written by the row's own insert (one
// statement, one round trip: see `JobsFor`), so the two commit together and the job starts once the
// transaction has committed — it never looks for a row it cannot see yet, and no crash can keep a
// row without its job. Jobs of moved rows (`reschedule`) are sent after the commit; a crash in
// between leaves pending rows, which the dispatcher's sweep restarts. The idempotency key makes a
// repeat harmless: the second enqueue returns the first row (`created: false`) and adds no job.

// Starts a dispatch job for the row at `at`; `owner` routes it to the process holding the session.
export type Schedule = (id: number, at: Date, owner?: string) => Promise<void>;

// The insert of the dispatch jobs, due at `at`, of the rows `rows` yields (a CTE of the outbox's
// insert with an `id` column), for the insert's statement to run (jobs.ts); undefined without a queue.
// `ready` reads what the inserts need from the queue; the outbox calls it before it opens a
// transaction (see Queue.prepareJobs: on PGlite a read inside one would wait for it forever).
export interface JobsFor {
  ready(): Promise<void>;
  insert(rows: SQL, at: Date): Promise<SQL>;
}

export interface OutboxWriter {
  // Writes the message once per idempotency key.
  enqueue(message: NewOutbox): Promise<{ id: number; created: boolean }>;
  // Moves (or rewrites) a message that has not started sending: a moved booking's reminder. An early
  // job for the old time finds the row not yet due and leaves it; the new job sends it. `revive`
  // takes a cancelled row back too. False when it already went out or is gone.
  reschedule(id: number, patch: PendingPatch, options?: { revive?: boolean }): Promise<boolean>;
  // Messages that must not go out any more (a cancelled booking, a template switched off, a pause);
  // returns the ids it cancelled (rows already sending or sent stay as they are).
  cancel(ids: readonly number[], reason: string): Promise<number[]>;
}

export interface OutboxOptions {
  db: Db;
  clock: Clock;
  schedule: Schedule;
  jobsFor?: JobsFor | undefined;
}

class Writer implements OutboxWriter {
  constructor(
    private readonly repo: OutboxRepository,
    private readonly clock: Clock,
    private readonly schedule: (id: number, at: Date) => Promise<void>,
    private readonly jobsFor: JobsFor | undefined,
  ) {}

  async enqueue(message: NewOutbox): Promise<{ id: number; created: boolean }> {
    const jobs = this.jobsFor && ((rows: SQL) => this.jobsFor!.insert(rows, message.notBefore));
    const result = await this.repo.enqueue(message, this.clock.now(), jobs);
    if (result.created && !jobs) await this.schedule(result.id, message.notBefore);
    return result;
  }

  async reschedule(id: number, patch: PendingPatch, options: { revive?: boolean } = {}): Promise<boolean> {
    const changed = await this.repo.updatePending(id, patch, this.clock.now(), options.revive);
    if (changed) await this.schedule(id, patch.notBefore);
    return changed;
  }

  cancel(ids: readonly number[], reason: string): Promise<number[]> {
    return this.repo.cancelPending(ids, reason, this.clock.now());
  }
}

export class Outbox implements OutboxWriter {
  // Outside a transaction each call is one statement, committed when it returns: its job starts then.
  readonly #direct: Writer;

  constructor(private readonly o: OutboxOptions) {
    this.#direct = new Writer(new OutboxRepository(o.db), o.clock, (id, at) => o.schedule(id, at), o.jobsFor);
  }

  // Runs `work` in one transaction with a writer going through it: the outbox rows and the
  // producer's bookkeeping of them commit together or not at all; their jobs start after the commit.
  async transaction<T>(work: (tx: Tx, outbox: OutboxWriter) => Promise<T>): Promise<T> {
    const jobs: { id: number; at: Date }[] = [];
    await this.o.jobsFor?.ready();
    const result = await this.o.db.transaction((tx) =>
      work(
        tx,
        new Writer(
          new OutboxRepository(tx),
          this.o.clock,
          async (id, at) => void jobs.push({ id, at }),
          this.o.jobsFor,
        ),
      ),
    );
    for (const job of jobs) await this.o.schedule(job.id, job.at);
    return result;
  }

  enqueue(message: NewOutbox): Promise<{ id: number; created: boolean }> {
    return this.#direct.enqueue(message);
  }

  reschedule(id: number, patch: PendingPatch, options?: { revive?: boolean }): Promise<boolean> {
    return this.#direct.reschedule(id, patch, options);
  }

  cancel(ids: readonly number[], reason: string): Promise<number[]> {
    return this.#direct.cancel(ids, reason);
  }
}
