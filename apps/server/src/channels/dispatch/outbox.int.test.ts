import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.js';
import { queryRows } from '../../platform/db/client.js';
import { applyMigrations } from '../../platform/db/migrate.js';
import { createLogger } from '../../platform/logger.js';
import { startQueue, type Queue } from '../../platform/queue.js';
import { seedDemo } from '../../seed/demo.js';
import { DB_KINDS, createTestDatabase, type TestDatabase } from '../../test-support/databases.js';
import { outbox as outboxTable } from '../schema.js';
import { dispatchJobKey, jobsFor, scheduler } from './jobs.js';
import { Outbox } from './outbox.js';
import type { NewOutbox } from './outbox-repository.js';

// The outbox on a running queue: a new row's dispatch job is written by the row's own insert.
describe.each(DB_KINDS)('outbox with its jobs (%s)', (kind) => {
  let t: TestDatabase;
  let queue: Queue;
  let outbox: Outbox;
  const clock = new ManualClock('2026-03-10T09:00:00Z');

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await applyMigrations(t.database);
    await seedDemo(t.database.db);
    queue = await startQueue(t.database, createLogger('silent'));
    outbox = new Outbox({
      db: t.database.db,
      clock,
      schedule: scheduler(queue, clock),
      jobsFor: jobsFor(queue, clock),
    });
  });
  afterAll(async () => {
    await queue?.stop();
    await t?.drop();
  });

  const message = (key: string, patch: Partial<NewOutbox> = {}): NewOutbox => ({
    accId: 1001,
    idempotencyKey: key,
    source: 'sendout',
    sourceId: 's-1',
    recipient: '79005553535',
    clientName: 'Анна',
    body: 'Здравствуйте, {name}',
    media: { fileName: 'a.pdf', contentType: 'application/pdf', path: '/data/a.pdf' },
    channels: ['sms', 'whatsapp'],
    notBefore: clock.now(),
    ...patch,
  });
  const jobsOf = (id: number) =>
    queryRows<{ singleton_key: string; data: unknown; start_after: Date; state: string }>(
      t.database.db,
      sql`select singleton_key, data, start_after, state from pgboss.job
          where name = 'dispatch.send' and data->>'id' = ${String(id)}`,
    );

  it('stores every field as given and writes one job due now, keyed as the scheduler keys it', async () => {
    const written = message('outbox-test:1');
    const { id, created } = await outbox.enqueue(written);
    expect(created).toBe(true);
    const [row] = await t.database.db.select().from(outboxTable).where(eq(outboxTable.id, id));
    expect(row).toMatchObject({ ...written, status: 'pending', attempts: 0, triedKinds: [], createdAt: clock.now() });
    const jobs = await jobsOf(id);
    expect(jobs).toMatchObject([{ singleton_key: dispatchJobKey(id, clock.now(), 0), data: { id }, state: 'created' }]);
  });

  it('keeps nulls as nulls', async () => {
    const { id } = await outbox.enqueue(
      message('outbox-test:2', { sourceId: null, clientName: null, media: null, channels: null }),
    );
    const [row] = await t.database.db.select().from(outboxTable).where(eq(outboxTable.id, id));
    expect(row).toMatchObject({ sourceId: null, clientName: null, media: null, channels: null });
  });

  it('a later message waits that long, under the key of its moment', async () => {
    const at = new Date(clock.now().getTime() + 3_600_000);
    const before = Date.now();
    const { id } = await outbox.enqueue(message('outbox-test:3', { notBefore: at }));
    const [job] = await jobsOf(id);
    expect(job!.singleton_key).toBe(dispatchJobKey(id, at, 1));
    const wait = new Date(job!.start_after).getTime() - before;
    expect(wait).toBeGreaterThanOrEqual(3_600_000 - 1_000);
    expect(wait).toBeLessThanOrEqual(3_600_000 + 5_000);
  });

  it('a repeated key returns the first row and adds no job', async () => {
    const first = await outbox.enqueue(message('outbox-test:4'));
    const again = await outbox.enqueue(message('outbox-test:4', { body: 'other' }));
    expect(again).toEqual({ id: first.id, created: false });
    expect(await jobsOf(first.id)).toHaveLength(1);
  });

  it('a first enqueue inside a transaction reads the queue before the transaction opens', async () => {
    // A fresh queue has read nothing yet; on PGlite's one connection a read inside the transaction
    // would wait for the transaction to end, forever.
    const fresh = await startQueue(t.database, createLogger('silent'));
    try {
      const o = new Outbox({
        db: t.database.db,
        clock,
        schedule: scheduler(fresh, clock),
        jobsFor: jobsFor(fresh, clock),
      });
      const { id } = await o.transaction((_tx, out) => out.enqueue(message('outbox-test:6')));
      expect(await jobsOf(id)).toHaveLength(1);
    } finally {
      await fresh.stop();
    }
  }, 15_000);

  it('a transaction that fails keeps neither its rows nor their jobs', async () => {
    let id = 0;
    await expect(
      outbox.transaction(async (_tx, out) => {
        id = (await out.enqueue(message('outbox-test:5'))).id;
        throw new Error('the producer failed');
      }),
    ).rejects.toThrow('the producer failed');
    expect(id).toBeGreaterThan(0);
    expect(await t.database.db.select().from(outboxTable).where(eq(outboxTable.id, id))).toEqual([]);
    expect(await jobsOf(id)).toEqual([]);
  });
});
