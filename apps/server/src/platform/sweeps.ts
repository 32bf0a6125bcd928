import { z } from 'zod';
import type { Logger } from './logger.js';
import type { SweepDefinition } from './module.js';
import type { JobDefinition, Queue } from './queue.js';

const payload = z.object({}).passthrough();

export interface Sweeps {
  // Runs every sweep now, one after another, in this process (the dev clock after a move, tests).
  runAll(): Promise<void>;
  // Worker processes: one self-rescheduling queue job per sweep.
  start(queue: Queue): Promise<void>;
  // Stops re-scheduling and waits for the sweep in progress.
  stop(): Promise<void>;
}

export const sweepQueueName = (sweep: Pick<SweepDefinition, 'name'>): string => `sweep.${sweep.name}`;

// Periodic work as queue jobs, once per period across workers. pg-boss cron has a one-minute grain
// and our periods are seconds, so every worker offers each sweep's job once a period as a throttled
// send (one job per sweep and time slot: pg-boss's singletonSeconds), and whichever worker polls it
// first runs it. A worker killed mid-sweep blocks nothing: its job just expires, and the next slot's
// job is offered by whoever is still alive. (An earlier design chained each run to the next through
// a 'stately' queue; a killed worker's job stayed active until pg-boss expired it 15 minutes later,
// and the chain, with it every lost-message restart, waited that long.) In one process sweeps run
// one at a time, as they did on a timer.
export function createSweeps(definitions: readonly SweepDefinition[], logger: Logger): Sweeps {
  let chain: Promise<void> = Promise.resolve();
  let stopped = false;
  const timers: NodeJS.Timeout[] = [];

  // One sweep at a time in this process; a failure is logged and does not stop the next one.
  const runOne = (sweep: SweepDefinition): Promise<void> => {
    const run = chain.then(() =>
      stopped ? undefined : sweep.run().catch((err: unknown) => logger.error({ err, sweep: sweep.name }, 'sweep failed')),
    );
    chain = run;
    return run;
  };

  const jobOf = (sweep: SweepDefinition): JobDefinition<typeof payload> => ({
    name: sweepQueueName(sweep),
    payload,
    pollingIntervalSeconds: Math.min(2, Math.max(0.5, sweep.everyMs / 2_000)),
    handler: async () => {
      if (!stopped) await runOne(sweep);
    },
  });

  const offer = async (queue: Queue, sweep: SweepDefinition, job: JobDefinition<typeof payload>): Promise<void> => {
    const slotSeconds = Math.max(1, Math.round(sweep.everyMs / 1_000));
    await queue
      .send(job, {}, { singletonKey: sweep.name, singletonSeconds: slotSeconds, expireInSeconds: Math.max(60, 4 * slotSeconds) })
      .catch((err: unknown) => logger.warn({ err, sweep: sweep.name }, 'sweep could not be offered'));
  };

  return {
    async runAll() {
      // Chained at once, so two callers get two whole rounds rather than interleaved ones.
      await Promise.all(definitions.map(runOne));
    },
    async start(queue) {
      const jobs = definitions.map((sweep) => [sweep, jobOf(sweep)] as const);
      await queue.work(jobs.map(([, job]) => job));
      for (const [sweep, job] of jobs) {
        if (!sweep.delayFirst) await offer(queue, sweep, job);
        const timer = setInterval(() => void (stopped ? undefined : offer(queue, sweep, job)), sweep.everyMs);
        timer.unref();
        timers.push(timer);
      }
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await chain;
    },
  };
}
