import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Clock } from '../../platform/clock.js';
import type { JobDefinition, Queue } from '../../platform/queue.js';
import type { Dispatcher } from './dispatcher.js';
import type { JobsFor, Schedule } from './outbox.js';

const payload = z.object({ id: z.number().int().positive() });
export const DISPATCH_QUEUE = 'dispatch.send';

// One queue every worker takes from, and one per process for rows whose session that process holds.
export function dispatchQueueName(owner?: string): string {
  return owner ? `${DISPATCH_QUEUE}.${owner}` : DISPATCH_QUEUE;
}

export function dispatchJob(name: string, dispatcher: () => Dispatcher): JobDefinition<typeof payload> {
  return {
    name,
    payload,
    policy: 'short',
    // pg-boss waits out the polling interval even with a full queue, so the batch sets the ceiling
    // of one worker: 100 every half second.
    batchSize: 100,
    pollingIntervalSeconds: 0.5,
    handler: async ({ id }) => {
      await dispatcher().dispatch(id);
    },
    // The batch is claimed and checked in one statement and sent a few recipients at a time.
    batchHandler: async (payloads) => {
      await dispatcher().dispatchBatch(payloads.map((p) => p.id));
    },
  };
}

// pg-boss waits in real time; `at` is in the injected clock's time, so the job starts after the
// same delay from now (an adjustable clock that was moved forward must not wait the real hours).
// The 'short' policy keeps one waiting job per key. Keyed by the row alone, a job waiting for a later
// moment would swallow the one for an earlier moment (a booking moved earlier, the clock moved on),
// and the message would go out late. So a job is keyed by its moment: the same (row, moment) is
// still queued once, and a row due now has one waiting job however often the sweep asks. A row with
// jobs for two moments is sent by the first; the other finds it claimed and does nothing.
export function dispatchJobKey(id: number, at: Date, delayMs: number): string {
  return `${id}${keySuffix(at, delayMs)}`;
}

function keySuffix(at: Date, delayMs: number): string {
  return delayMs > 0 ? `@${at.getTime()}` : ':due';
}

export function scheduler(queue: Queue | undefined, clock: Clock): Schedule {
  return async (id, at, owner) => {
    if (!queue) return;
    const delayMs = Math.max(0, at.getTime() - clock.now().getTime());
    const name = dispatchQueueName(owner);
    await queue.send(
      { name, payload, policy: 'short', handler: async () => undefined },
      { id },
      {
        startAfter: new Date(Date.now() + delayMs),
        singletonKey: dispatchJobKey(id, at, delayMs),
      },
    );
  };
}

// The dispatch jobs of rows a statement writes (the outbox's insert): each row's job, keyed as the
// scheduler keys it, written by the same statement. `rows` must yield an `id` column.
export function jobsFor(queue: Queue | undefined, clock: Clock): JobsFor | undefined {
  if (!queue) return undefined;
  const job = dispatchJob(DISPATCH_QUEUE, () => {
    throw new Error('only written, never worked here');
  });
  return {
    ready: () => queue.prepareJobs(job),
    async insert(rows: SQL, at: Date): Promise<SQL> {
      const delayMs = Math.max(0, at.getTime() - clock.now().getTime());
      return queue.insertJobs(job, {
        from: rows,
        payload: sql`jsonb_build_object('id', id)`,
        startAfter: new Date(Date.now() + delayMs),
        singletonKey: sql`id::text || ${keySuffix(at, delayMs)}`,
      });
    },
  };
}
