import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/client.js';
import { applyMigrations } from '../../platform/db/migrate.js';
import { seedDemo } from '../../seed/demo.js';
import { DB_KINDS, createTestDatabase, type TestDatabase } from '../../test-support/databases.js';
import { ChannelRepository } from '../repository.js';
import { OutboxRepository } from './outbox-repository.js';

// A delivered ack that arrives while the dispatcher's transaction recording the send is still open
// must not be lost: on Postgres (READ COMMITTED) the ack's update cannot see the uncommitted
// provider id and the recording cannot see the ack stored after its statement began, unless both
// take the message's lock. A lost delivered ack leaves the row 'sent', and the ack timeout would
// then send the same message again on the next channel.
describe.each(DB_KINDS)('an ack racing the recording of its send (%s)', (kind) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await applyMigrations(t.database);
    await seedDemo(t.database.db);
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('applies a delivered ack stored while the send is being recorded', async () => {
    const db = t.database.db;
    const now = new Date();
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`insert into outbox (acc_id, idempotency_key, source, recipient, body, not_before, status, created_at, updated_at)
        values (1001, 'race-1', 'test', '79005550001', 'x', ${now.toISOString()}, 'sending', ${now.toISOString()}, ${now.toISOString()})
        returning id`,
    );
    let ack: Promise<void> | undefined;
    await db.transaction(async (tx) => {
      await new OutboxRepository(db).markSent(row!.id, 'whatsapp', 'whatsapp-1001', 'race-msg', now, tx);
      // The ack comes in now, on its own connection, before the recording commits.
      ack = new ChannelRepository(db).applyAck('whatsapp-1001', 'race-msg', 'delivered', new Date());
      // On a pool the ack has reached the database (and waits for the lock) by the time this ends.
      await new Promise((r) => setTimeout(r, kind === 'postgres' ? 300 : 0));
    });
    await ack;
    const [after] = await queryRows<{ status: string; delivered_at: unknown }>(
      db,
      sql`select status, delivered_at from outbox where id = ${row!.id}`,
    );
    expect(after).toMatchObject({ status: 'delivered' });
    expect(after!.delivered_at).not.toBeNull();
  });

  it('applies a session’s acks together, in the order reported', async () => {
    const db = t.database.db;
    const now = new Date();
    const ids: number[] = [];
    for (const key of ['batch-1', 'batch-2', 'batch-3']) {
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`insert into outbox (acc_id, idempotency_key, source, recipient, body, not_before, status, created_at, updated_at)
          values (1001, ${key}, 'test', '79005550001', 'x', ${now.toISOString()}, 'sending', ${now.toISOString()}, ${now.toISOString()})
          returning id`,
      );
      await new OutboxRepository(db).markSent(row!.id, 'whatsapp', 'whatsapp-1001', key, now);
      ids.push(row!.id);
    }
    await new ChannelRepository(db).applyAcks(
      'whatsapp-1001',
      [
        { providerMessageId: 'batch-1', ack: 'delivered' },
        { providerMessageId: 'batch-2', ack: 'failed' },
        { providerMessageId: 'batch-1', ack: 'read' },
        // Never lowers: a late delivered after the read, a failed after the read.
        { providerMessageId: 'batch-1', ack: 'delivered' },
        { providerMessageId: 'batch-3', ack: 'server' },
      ],
      new Date(),
    );
    const rows = await queryRows<{ id: number; status: string; status_reason: string | null; read_at: unknown }>(
      db,
      sql`select id, status, status_reason, read_at from outbox where id in ${ids} order by id`,
    );
    expect(rows.map((r) => [r.status, r.status_reason, r.read_at !== null])).toEqual([
      ['read', null, true],
      ['failed', 'provider_failed', false],
      ['sent', null, false],
    ]);
    const acks = await queryRows<{ provider_message_id: string; ack: string }>(
      db,
      sql`select provider_message_id, ack from channel_acks where provider_message_id like 'batch-%' order by 1`,
    );
    expect(acks).toEqual([
      { provider_message_id: 'batch-1', ack: 'read' },
      // A stored ack only moves up failed < delivered < read; 'sent' and 'failed' rank alike.
      { provider_message_id: 'batch-2', ack: 'sent' },
      { provider_message_id: 'batch-3', ack: 'sent' },
    ]);
  });
});
