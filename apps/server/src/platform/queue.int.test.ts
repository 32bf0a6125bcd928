import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DB_KINDS, createTestDatabase, type TestDatabase } from '../test-support/databases.js';
import { until } from '../test-support/until.js';
import { queryRows } from './db/client.js';
import { applyMigrations } from './db/migrate.js';
import { createLogger } from './logger.js';
import { startQueue, type JobDefinition, type Queue } from './queue.js';

const logger = createLogger('silent');
const payload = z.object({ id: z.number().int() });
const job = (name: string, onId: (id: number) => void = () => undefined): JobDefinition<typeof payload> => ({
  name,
  payload,
  policy: 'short',
  handler: async (p: unknown) => onId(payload.parse(p).id),
  pollingIntervalSeconds: 0.5,
});

// A job row as pg-boss stores it, without what differs per job (its id, payload, key and times of writing).
const COMPARED = sql`name, priority, state, retry_limit, retry_count, retry_delay, retry_backoff,
  start_after, singleton_on, expire_in::text, keep_until, dead_letter, policy, data`;

describe.each(DB_KINDS)("jobs written by a caller's statement (%s)", (kind) => {
  let t: TestDatabase;
  let queue: Queue;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await applyMigrations(t.database);
    queue = await startQueue(t.database, logger);
  });

  afterAll(async () => {
    await queue?.stop();
    await t?.drop();
  });

  const rowsOf = (key: string) =>
    queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select ${COMPARED} from pgboss.job where singleton_key = ${key}`,
    );

  it('are the rows boss.send writes for the same start and key', async () => {
    const definition = job('test.insert-jobs.compare');
    const startAfter = new Date(Date.now() + 3_600_000);
    await queue.send(definition, { id: 7 }, { startAfter, singletonKey: 'sent-7' });
    const insert = await queue.insertJobs(definition, {
      from: sql`(select 7 as id) as source`,
      payload: sql`jsonb_build_object('id', id)`,
      startAfter,
      singletonKey: sql`'written-' || id`,
    });
    await t.database.db.execute(insert);
    const sent = await rowsOf('sent-7');
    const written = await rowsOf('written-7');
    expect(sent).toHaveLength(1);
    expect(written).toEqual(sent);
  });

  it('add nothing for a key already waiting, as the short policy does for send', async () => {
    const definition = job('test.insert-jobs.short');
    const rows = {
      from: sql`(select 8 as id) as source`,
      payload: sql`jsonb_build_object('id', id)`,
      startAfter: new Date(),
      singletonKey: sql`'short-' || id`,
    };
    await t.database.db.execute(await queue.insertJobs(definition, rows));
    await t.database.db.execute(await queue.insertJobs(definition, rows));
    expect(await queue.send(definition, { id: 8 }, { singletonKey: 'short-8' })).toBeNull();
    expect(await rowsOf('short-8')).toHaveLength(1);
  });

  it('are worked like sent jobs, once their statement commits', async () => {
    const seen: number[] = [];
    const definition = job('test.insert-jobs.work', (id) => void seen.push(id));
    await queue.work([definition]);
    const insert = await queue.insertJobs(definition, {
      from: sql`(select generate_series(1, 3) as id) as source`,
      payload: sql`jsonb_build_object('id', id)`,
      startAfter: new Date(),
      singletonKey: sql`'work-' || id`,
    });
    await t.database.db.transaction(async (tx) => {
      await tx.execute(insert);
      // Not visible to the worker before the commit.
      await new Promise((r) => setTimeout(r, 800));
      expect(seen).toEqual([]);
    });
    await until(async () => seen.length === 3, 10_000);
    expect(seen.sort()).toEqual([1, 2, 3]);
  });
});
