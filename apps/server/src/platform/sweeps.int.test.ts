import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DB_KINDS, createTestDatabase, type TestDatabase } from '../test-support/databases.js';
import { until } from '../test-support/until.js';
import { queryRows } from './db/client.js';
import { applyMigrations } from './db/migrate.js';
import { createLogger } from './logger.js';
import type { SweepDefinition } from './module.js';
import { startQueue, type Queue } from './queue.js';
import { createSweeps, sweepQueueName } from './sweeps.js';

const logger = createLogger('silent');

describe('sweeps run directly', () => {
  it('runs every sweep once, one at a time, in order, past a failing one', async () => {
    const log: string[] = [];
    let running = 0;
    const sweep = (name: string, fail = false): SweepDefinition => ({
      name,
      everyMs: 1_000,
      run: async () => {
        running++;
        expect(running).toBe(1);
        await new Promise((r) => setTimeout(r, 5));
        log.push(name);
        running--;
        if (fail) throw new Error('boom');
      },
    });
    const sweeps = createSweeps([sweep('a'), sweep('b', true), sweep('c')], logger);
    await Promise.all([sweeps.runAll(), sweeps.runAll()]);
    expect(log).toEqual(['a', 'b', 'c', 'a', 'b', 'c']);
  });

  it('stop() waits for the sweep in progress and runs no more', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let runs = 0;
    const sweeps = createSweeps([{ name: 'slow', everyMs: 1_000, run: async () => void (runs++, await gate) }], logger);
    const first = sweeps.runAll();
    await until(async () => runs === 1);
    let stopped = false;
    const stopping = sweeps.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(stopped).toBe(false);
    release();
    await Promise.all([first, stopping]);
    expect(stopped).toBe(true);
    await sweeps.runAll();
    expect(runs).toBe(1);
  });
});

describe.each(DB_KINDS)('sweeps on the queue (%s)', (kind) => {
  let t: TestDatabase;
  let queue: Queue;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await applyMigrations(t.database);
    queue = await startQueue(t.database, logger);
  });
  afterAll(async () => {
    await queue?.stop();
    await t.drop();
  });

  const jobsOf = async (definition: SweepDefinition, state?: string) =>
    (
      await queryRows<{ n: number }>(
        t.database.db,
        state
          ? sql`select count(*)::int as n from pgboss.job where name = ${sweepQueueName(definition)} and state = ${state}`
          : sql`select count(*)::int as n from pgboss.job where name = ${sweepQueueName(definition)}`,
      )
    )[0]?.n;

  it('offers one job per period however many workers start, and runs it once', async () => {
    let runs = 0;
    const definition: SweepDefinition = { name: 'test.tick', everyMs: 60_000, run: async () => void runs++ };
    // Two workers each offer the first run; the queue lets one job of the period through.
    const workers = [createSweeps([definition], logger), createSweeps([definition], logger)];
    for (const w of workers) await w.start(queue);
    await until(async () => runs >= 1);
    expect(await jobsOf(definition)).toBe(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(runs).toBe(1);
    for (const w of workers) await w.stop();
  });

  it('goes on in the next period when the worker running a sweep died with its job active', async () => {
    let runs = 0;
    const definition: SweepDefinition = { name: 'test.orphan', everyMs: 1_000, run: async () => void runs++ };
    // What a SIGKILLed worker leaves: this period's job taken and never finished.
    await queue.send(
      { name: sweepQueueName(definition), payload: z.object({}), handler: async () => {} },
      {},
      { singletonKey: definition.name, singletonSeconds: 1 },
    );
    await queryRows(
      t.database.db,
      sql`update pgboss.job set state = 'active', started_on = now() where name = ${sweepQueueName(definition)}`,
    );
    const survivor = createSweeps([definition], logger);
    await survivor.start(queue);
    // The orphan stays active (pg-boss expires it much later), and the sweep runs all the same.
    await until(async () => runs >= 2, 15_000);
    expect(await jobsOf(definition, 'active')).toBeGreaterThanOrEqual(1);
    await survivor.stop();
  });
});
