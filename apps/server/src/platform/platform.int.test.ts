import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from './logger.js';
import { applyMigrations } from './db/migrate.js';
import { queryRows } from './db/client.js';
import { startQueue, type JobDefinition, type Queue } from './queue.js';
import { DB_KINDS, createTestDatabase, type TestDatabase } from '../test-support/databases.js';

describe.each(DB_KINDS)('database and queue platform (%s)', (kind) => {
  let t: TestDatabase;
  let queue: Queue;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await queue?.stop();
    await t.drop();
  });

  it('applies the migrations, also when several processes start at once', async () => {
    await Promise.all([applyMigrations(t.database), applyMigrations(t.database)]);
    await applyMigrations(t.database);
    const rows = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from information_schema.tables where table_name in ('users', 'branches', 'sessions', 'login_pins')`,
    );
    expect(rows[0]?.n).toBe(4);
  });

  it('runs typed jobs through pg-boss on the same database', async () => {
    queue = await startQueue(t.database, createLogger('silent'));
    const seen: number[] = [];
    let done!: () => void;
    const finished = new Promise<void>((resolve) => (done = resolve));
    const payload = z.object({ n: z.number() });
    const job: JobDefinition<typeof payload> = {
      name: 'test.echo',
      payload,
      handler: async ({ n }) => {
        seen.push(n);
        if (seen.length === 3) done();
      },
    };
    await queue.work([job]);
    for (const n of [1, 2, 3]) await queue.send(job, { n });
    await finished;
    expect(seen.sort()).toEqual([1, 2, 3]);
  });
});
