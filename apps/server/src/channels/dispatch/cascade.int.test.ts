import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/client.js';
import { applyMigrations } from '../../platform/db/migrate.js';
import { seedDemo } from '../../seed/demo.js';
import { DB_KINDS, createTestDatabase, type TestDatabase } from '../../test-support/databases.js';
import { DispatcherFixture } from '../../test-support/dispatcher-fixture.js';

// The cascade with per-client memory (issue 19 item 4): channels a client is not on are skipped,
// and under soft priority the channel that last delivered goes first.
describe.each(DB_KINDS)('the cascade remembers each client’s channels (%s)', (dbKind) => {
  let t: TestDatabase;
  let f: DispatcherFixture;
  const db = () => t.database.db;
  const known = (phone: string) =>
    queryRows<{ kind: string; state: string; delivered: boolean }>(
      db(),
      sql`select kind, state, last_delivered_at is not null as delivered from client_channels
        where acc_id = 1001 and phone = ${phone} order by kind`,
    );

  beforeAll(async () => {
    t = await createTestDatabase(dbKind);
    await applyMigrations(t.database);
    await seedDemo(t.database.db);
  });
  beforeEach(async () => {
    await DispatcherFixture.reset(db());
    f = new DispatcherFixture(db());
  });
  afterEach(async () => {
    await f?.host.stop();
  });
  afterAll(async () => {
    await t.drop();
  });

  it('goes straight to the next channel for a client known not to be on WhatsApp', async () => {
    await f.link(1001, 'whatsapp', '79160000011');
    await f.link(1001, 'telegram', '79160000012');
    // The sandbox's ...0001 numbers have Telegram only.
    const first = await f.enqueue(1001, '79005550001');
    expect(await f.dispatcher.dispatch(first.id)).toBe('fallback');
    expect(await f.dispatcher.dispatch(first.id)).toBe('sent');
    expect(await known('79005550001')).toEqual([{ kind: 'whatsapp', state: 'unreachable', delivered: false }]);

    const second = await f.enqueue(1001, '79005550001');
    expect(await f.dispatcher.dispatch(second.id)).toBe('sent');
    expect(await f.row(second.id)).toMatchObject({ channel_kind: 'telegram', tried_kinds: [] });
    // Only the first message knocked on WhatsApp's door.
    const attempts = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from sandbox_messages where kind = 'whatsapp' and phone = '79005550001'`,
    );
    expect(attempts).toEqual([{ n: 0 }]);
  });

  it('fails as not reachable when the client is on none of the connected channels', async () => {
    await f.link(1001, 'whatsapp', '79160000011');
    // ...0000 has neither messenger; the first message learns it, the second is not even tried.
    const first = await f.enqueue(1001, '79005550000');
    expect(await f.dispatcher.dispatch(first.id)).toBe('fallback');
    expect(await f.dispatcher.dispatch(first.id)).toBe('failed');
    const second = await f.enqueue(1001, '79005550000');
    expect(await f.dispatcher.dispatch(second.id)).toBe('failed');
    expect(await f.row(second.id)).toMatchObject({ status: 'failed', status_reason: 'not_reachable', tried_kinds: [] });
  });

  it('under soft priority tries first the channel that last delivered to the client', async () => {
    await f.link(1001, 'whatsapp', '79160000011');
    const tg = await f.link(1001, 'telegram', '79160000012');
    // A message that went by Telegram (pinned to it) and was delivered there.
    const pinned = await f.enqueue(1001, '79005553535', { channels: ['telegram'] });
    expect(await f.dispatcher.dispatch(pinned.id)).toBe('sent');
    const sent = await f.row(pinned.id);
    await f.channels.applyAck(tg, sent.provider_message_id!, 'delivered', f.clock.now());
    expect(await known('79005553535')).toEqual([{ kind: 'telegram', state: 'linked', delivered: true }]);

    // Hard priority keeps the owner's order…
    const hard = await f.enqueue(1001, '79005553535');
    expect(await f.dispatcher.dispatch(hard.id)).toBe('sent');
    expect(await f.row(hard.id)).toMatchObject({ channel_kind: 'whatsapp' });
    // …soft priority goes where the client was last reached.
    await db().execute(sql`insert into sending_settings (acc_id, soft_priority) values (1001, true)`);
    const soft = await f.enqueue(1001, '79005553535');
    expect(await f.dispatcher.dispatch(soft.id)).toBe('sent');
    expect(await f.row(soft.id)).toMatchObject({ channel_kind: 'telegram' });
    // Another client has no memory yet: the owner's order.
    const other = await f.enqueue(1001, '79005553536');
    expect(await f.dispatcher.dispatch(other.id)).toBe('sent');
    expect(await f.row(other.id)).toMatchObject({ channel_kind: 'whatsapp' });
  });

  it('remembers a delivery acked before the send was recorded', async () => {
    const wa = await f.link(1001, 'whatsapp', '79160000011');
    const { id } = await f.enqueue(1001, '79005553537');
    const session = (await f.host.ensure(wa))!;
    const sent = await session.send({
      idempotencyKey: `outbox:${id}:whatsapp`,
      to: '79005553537',
      text: 'x',
      media: null,
    });
    if (!sent.ok) throw new Error('not sent');
    await f.channels.applyAck(wa, sent.providerMessageId, 'delivered', f.clock.now());
    expect(await known('79005553537')).toEqual([]);
    // The dispatcher sends with the same key (the network keeps one message) and records the ack.
    expect(await f.dispatcher.dispatch(id)).toBe('sent');
    expect(await f.row(id)).toMatchObject({ status: 'delivered' });
    expect(await known('79005553537')).toEqual([{ kind: 'whatsapp', state: 'linked', delivered: true }]);
  });
});
