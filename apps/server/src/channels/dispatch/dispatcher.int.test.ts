import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/client.js';
import { applyMigrations } from '../../platform/db/migrate.js';
import { seedDemo } from '../../seed/demo.js';
import { recipientPolicy } from '../../runtime.js';
import { DB_KINDS, createTestDatabase, type TestDatabase } from '../../test-support/databases.js';
import { DispatcherFixture } from '../../test-support/dispatcher-fixture.js';
import { NO_PACING, PACING } from './governor.js';
import { OutboxRepository } from './outbox-repository.js';

describe.each(DB_KINDS)('dispatcher (%s)', (dbKind) => {
  let t: TestDatabase;
  let f: DispatcherFixture;
  const db = () => t.database.db;

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

  it('sends by the first channel of the priority and records the bot message', async () => {
    await f.link(1001, 'whatsapp', '79160000011');
    await f.link(1001, 'telegram', '79160000012');
    const { id } = await f.enqueue(1001, '79005553535');
    expect(f.scheduled.map((s) => s.id)).toEqual([id]);
    expect(await f.dispatcher.dispatch(id)).toBe('sent');
    expect(await f.row(id)).toMatchObject({ status: 'sent', channel_kind: 'whatsapp' });
    expect((await f.delivered('79005553535')).map((m) => m.kind)).toEqual(['whatsapp']);
    const chat = await queryRows<{ direction: string }>(
      db(),
      sql`select direction from chat_messages where outbox_id = ${id}`,
    );
    expect(chat).toEqual([{ direction: 'bot' }]);
    // Running the job again changes nothing.
    expect(await f.dispatcher.dispatch(id)).toBe('skipped');
    expect(await f.delivered('79005553535')).toHaveLength(1);
  });

  it('dispatches a polled batch: checks every row, sends each once, a recipient’s messages in order', async () => {
    await f.link(1001, 'whatsapp', '79160000011');
    await db().execute(sql`insert into blacklist (acc_id, phone) values (1001, '79005551111')`);
    const first = await f.enqueue(1001, '79005553535');
    const black = await f.enqueue(1001, '79005551111');
    const second = await f.enqueue(1001, '79005553535');
    const other = await f.enqueue(1001, '79005553536');
    const later = await f.enqueue(1001, '79005553537', { notBefore: new Date(f.clock.now().getTime() + 60_000) });
    const ids = [other.id, second.id, black.id, first.id, later.id];
    const outcomes = await f.dispatcher.dispatchBatch([...ids, first.id]);
    expect(ids.map((id) => outcomes.get(id))).toEqual(['sent', 'sent', 'blocked', 'sent', 'skipped']);
    // The client reads them in the order they were written.
    expect((await f.delivered('79005553535')).map((m) => m.body).reverse()).toEqual([
      `Сообщение ${f.seq - 4}`,
      `Сообщение ${f.seq - 2}`,
    ]);
    expect(await f.dispatcher.dispatchBatch(ids)).toEqual(new Map(ids.map((id) => [id, 'skipped'])));
    expect(await f.delivered('79005553536')).toHaveLength(1);
    const chat = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from chat_messages`);
    expect(chat[0]!.n).toBe(3);
  });

  it('renews the claim of a row that waited in its batch, unless another worker took it', async () => {
    await f.link(1001, 'whatsapp', '79160000011');
    const first = await f.enqueue(1001, '79005553535');
    const second = await f.enqueue(1001, '79005553535');
    // The first send takes 16 s of the 30 s claim (the pacing is looked up just before it).
    f.pacing = () => {
      f.clock.advance(16_000);
      return NO_PACING;
    };
    const outcomes = await f.dispatcher.dispatchBatch([first.id, second.id]);
    expect([outcomes.get(first.id), outcomes.get(second.id)]).toEqual(['sent', 'sent']);
    expect(await f.delivered('79005553535')).toHaveLength(2);

    // A row another worker claimed again (its claim counted a new attempt) is not renewed.
    f.pacing = () => NO_PACING;
    const third = await f.enqueue(1001, '79005553535');
    const repo = new OutboxRepository(db(), recipientPolicy());
    const [mine] = await repo.claim([third.id], f.clock.now(), 30_000);
    f.clock.advance(30_001);
    expect(await repo.claim([third.id], f.clock.now(), 30_000)).toHaveLength(1);
    expect(await repo.renewClaim(third.id, mine!.attempts, f.clock.now(), 30_000)).toBe(false);
    expect(await repo.renewClaim(third.id, mine!.attempts + 1, f.clock.now(), 30_000)).toBe(true);
  });

  it('schedules a transaction’s rows after it commits, and none when it rolls back', async () => {
    const committed = await f.outbox.transaction(async (_tx, out) => {
      const row = await out.enqueue({ ...f.message(), idempotencyKey: 'tx:1' });
      expect(f.scheduled).toEqual([]);
      return row;
    });
    expect(f.scheduled.map((s) => s.id)).toEqual([committed.id]);
    await expect(
      f.outbox.transaction(async (_tx, out) => {
        await out.enqueue({ ...f.message(), idempotencyKey: 'tx:2' });
        throw new Error('the producer failed');
      }),
    ).rejects.toThrow('the producer failed');
    expect(f.scheduled).toHaveLength(1);
    const keys = await queryRows<{ idempotency_key: string }>(db(), sql`select idempotency_key from outbox`);
    expect(keys).toEqual([{ idempotency_key: 'tx:1' }]);
  });

  it('writes one row per idempotency key', async () => {
    const a = await f.enqueue(1001, '79005553535', { idempotencyKey: 'same' });
    const b = await f.enqueue(1001, '79005553535', { idempotencyKey: 'same' });
    expect(b).toEqual({ id: a.id, created: false });
    expect(f.scheduled).toHaveLength(1);
  });

  it('never sends to a blacklisted number, nor campaign messages to a client who declined', async () => {
    await f.link(1001, 'whatsapp', '79160000011');
    await db().execute(sql`insert into blacklist (acc_id, phone) values (1001, '79005551111')`);
    await db().execute(sql`insert into consents (acc_id, phone, consent) values (1001, '79005552222', false)`);
    const black = await f.enqueue(1001, '79005551111');
    const declined = await f.enqueue(1001, '79005552222', { source: 'mailing' });
    const reply = await f.enqueue(1001, '79005552222', { source: 'reply' });
    expect(await f.dispatcher.dispatch(black.id)).toBe('blocked');
    expect(await f.dispatcher.dispatch(declined.id)).toBe('blocked');
    expect(await f.dispatcher.dispatch(reply.id)).toBe('sent');
    expect(await f.row(black.id)).toMatchObject({ status: 'blocked', status_reason: 'blacklist' });
    expect(await f.row(declined.id)).toMatchObject({ status: 'blocked', status_reason: 'declined' });
    expect(await f.delivered('79005551111')).toHaveLength(0);
    expect(await f.delivered('79005552222')).toHaveLength(1);
  });

  it('holds a message outside the sending window until it opens in the branch’s zone', async () => {
    await f.link(1003, 'whatsapp', '79160000031');
    await db().execute(sql`insert into sending_settings (acc_id, send_from, send_to) values (1003, '09:00', '21:00')`);
    // 23:30 in Vladivostok (UTC+10)
    f.clock.set('2026-03-10T13:30:00Z');
    const { id } = await f.enqueue(1003, '79005553535');
    expect(await f.dispatcher.dispatch(id)).toBe('deferred');
    expect(new Date((await f.row(id)).not_before).toISOString()).toBe('2026-03-10T23:00:00.000Z');
    expect(f.scheduled.at(-1)?.at.toISOString()).toBe('2026-03-10T23:00:00.000Z');
    expect(await f.delivered('79005553535')).toHaveLength(0);
    // A reply, and the greeting of a client waiting on the booking start page, go at once.
    for (const source of ['reply', 'start_page']) {
      const waiting = await f.enqueue(1003, '79005553536', { source });
      expect(await f.dispatcher.dispatch(waiting.id)).toBe('sent');
    }
    f.clock.set('2026-03-10T23:00:00Z');
    expect(await f.dispatcher.dispatch(id)).toBe('sent');
  });

  it('falls back to Telegram when the number is not on WhatsApp', async () => {
    await f.link(1001, 'whatsapp', '79160000011');
    await f.link(1001, 'telegram', '79160000012');
    const { id } = await f.enqueue(1001, '79005550001');
    expect(await f.dispatcher.dispatch(id)).toBe('fallback');
    expect(await f.row(id)).toMatchObject({ status: 'pending', tried_kinds: ['whatsapp'] });
    expect(await f.dispatcher.dispatch(id)).toBe('sent');
    expect(await f.row(id)).toMatchObject({ status: 'sent', channel_kind: 'telegram' });
  });

  it('fails a message no connected channel can carry', async () => {
    const { id } = await f.enqueue(1002, '79005553535');
    expect(await f.dispatcher.dispatch(id)).toBe('failed');
    expect(await f.row(id)).toMatchObject({ status: 'failed', status_reason: 'no_channel' });
  });

  it('spaces messages from one number and keeps to its daily cap', async () => {
    f.pacing = () => ({ ...PACING.whatsapp, warmUp: [{ days: Infinity, cap: 2 }] });
    await f.link(1001, 'whatsapp', '79160000011');
    const first = await f.enqueue(1001, '79005553501');
    const second = await f.enqueue(1001, '79005553502');
    expect(await f.dispatcher.dispatch(first.id)).toBe('sent');
    expect(await f.dispatcher.dispatch(second.id)).toBe('deferred');
    // random 0.5 → 45 s gap
    expect(new Date((await f.row(second.id)).not_before).toISOString()).toBe('2026-03-10T09:00:45.000Z');
    f.clock.advance(45_000);
    expect(await f.dispatcher.dispatch(second.id)).toBe('sent');
    f.clock.advance(60_000);
    const third = await f.enqueue(1001, '79005553503');
    expect(await f.dispatcher.dispatch(third.id)).toBe('deferred');
    expect(await f.row(third.id)).toMatchObject({ status: 'pending', status_reason: 'pacing' });
  });

  it('gives the slot back when nothing went out: a client without WhatsApp costs no gap and no count', async () => {
    f.pacing = () => ({ ...PACING.whatsapp, warmUp: [{ days: Infinity, cap: 1 }] });
    const wa = await f.link(1001, 'whatsapp', '79160000011');
    // Ends in 0000: on no messenger of the sandbox network.
    const absent = await f.enqueue(1001, '79005550000');
    expect(await f.dispatcher.dispatch(absent.id)).toBe('fallback');
    expect(await f.channels.instance(wa)).toMatchObject({ sentToday: 0 });
    const next = await f.enqueue(1001, '79005553501');
    expect(await f.dispatcher.dispatch(next.id)).toBe('sent');
    expect(await f.channels.instance(wa)).toMatchObject({ sentToday: 1 });
    // A message that went out keeps its slot: the day's cap of 1 is used.
    f.clock.advance(60_000);
    const third = await f.enqueue(1001, '79005553502');
    expect(await f.dispatcher.dispatch(third.id)).toBe('deferred');
    expect(await f.row(third.id)).toMatchObject({ status: 'pending', status_reason: 'pacing' });
  });

  it('answers a client at once: a reply neither waits for the number’s gap nor uses its daily cap', async () => {
    f.pacing = () => ({ ...PACING.whatsapp, warmUp: [{ days: Infinity, cap: 1 }] });
    const wa = await f.link(1001, 'whatsapp', '79160000011');
    const campaign = await f.enqueue(1001, '79005553501');
    expect(await f.dispatcher.dispatch(campaign.id)).toBe('sent');
    // The next slot is 45 s away and the day's cap of 1 is used; the answer to a client goes now.
    const reply = await f.enqueue(1001, '79005553502', { source: 'reply' });
    expect(await f.dispatcher.dispatch(reply.id)).toBe('sent');
    expect(await f.channels.instance(wa)).toMatchObject({ sentToday: 1 });
    const next = await f.enqueue(1001, '79005553503');
    expect(await f.dispatcher.dispatch(next.id)).toBe('deferred');
    // A paused number holds replies too.
    await db().execute(
      sql`update channel_instances set paused_until = ${new Date('2026-03-10T10:00:00Z').toISOString()}, pause_reason = 'banned' where id = ${wa}`,
    );
    const held = await f.enqueue(1001, '79005553502', { source: 'reply' });
    expect(await f.dispatcher.dispatch(held.id)).toBe('deferred');
    expect(await f.row(held.id)).toMatchObject({ status: 'pending', status_reason: 'pacing' });
  });

  it('reserves a batch’s gapless slots on one number together, up to its daily cap', async () => {
    f.pacing = () => ({ ...NO_PACING, warmUp: [{ days: Infinity, cap: 3 }] });
    const wa = await f.link(1001, 'whatsapp', '79160000011');
    const rows = [];
    for (let i = 0; i < 5; i++) rows.push(await f.enqueue(1001, `7900555361${i}`));
    const outcomes = await f.dispatcher.dispatchBatch(rows.map((r) => r.id));
    expect(rows.map((r) => outcomes.get(r.id))).toEqual(['sent', 'sent', 'sent', 'deferred', 'deferred']);
    expect(await f.row(rows[4]!.id)).toMatchObject({ status: 'pending', status_reason: 'pacing' });
    expect(await f.channels.instance(wa)).toMatchObject({ sentToday: 3 });
    const chat = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from chat_messages`);
    expect(chat).toEqual([{ n: 3 }]);
  });

  it('with soft priority, uses the next channel while the first is paused', async () => {
    const wa = await f.link(1001, 'whatsapp', '79160000011');
    await f.link(1001, 'telegram', '79160000012');
    await db().execute(
      sql`update channel_instances set paused_until = ${new Date('2026-03-10T10:00:00Z').toISOString()}, pause_reason = 'rate_limited' where id = ${wa}`,
    );
    const hard = await f.enqueue(1001, '79005553535');
    expect(await f.dispatcher.dispatch(hard.id)).toBe('deferred');
    await db().execute(sql`insert into sending_settings (acc_id, soft_priority) values (1001, true)`);
    const soft = await f.enqueue(1001, '79005553536');
    expect(await f.dispatcher.dispatch(soft.id)).toBe('sent');
    expect(await f.row(soft.id)).toMatchObject({ channel_kind: 'telegram' });
  });

  it('moves a WhatsApp message that was never delivered to the next channel', async () => {
    await f.link(1001, 'whatsapp', '79160000011');
    await f.link(1001, 'telegram', '79160000012');
    const { id } = await f.enqueue(1001, '79005553535');
    expect(await f.dispatcher.dispatch(id)).toBe('sent');
    f.clock.advance(600_001);
    expect(await f.dispatcher.sweep()).toMatchObject({ fellBack: 1 });
    expect(await f.dispatcher.dispatch(id)).toBe('sent');
    expect(await f.row(id)).toMatchObject({ channel_kind: 'telegram', tried_kinds: ['whatsapp'] });
  });

  it('sends once when a worker died between sending and recording it', async () => {
    const wa = await f.link(1001, 'whatsapp', '79160000011');
    const { id } = await f.enqueue(1001, '79005553535');
    const repo = new OutboxRepository(db(), recipientPolicy());
    // The dead worker: it claimed the row and the message left, but it never recorded the send.
    expect(await repo.claim([id], f.clock.now(), 30_000)).toHaveLength(1);
    const session = (await f.host.ensure(wa))!;
    await session.send({ idempotencyKey: `outbox:${id}:whatsapp`, to: '79005553535', text: 'x', media: null });
    // While its claim lasts nobody else takes the row; after it lapses the sweep restarts it.
    expect(await f.dispatcher.dispatch(id)).toBe('skipped');
    f.clock.advance(30_001);
    expect((await f.dispatcher.sweep()).restarted).toBe(1);
    expect(await f.dispatcher.dispatch(id)).toBe('sent');
    expect(await f.delivered('79005553535')).toHaveLength(1);
  });

  it('keeps a delivery ack that arrived before a dead worker’s send was recorded', async () => {
    const wa = await f.link(1001, 'whatsapp', '79160000011');
    await f.link(1001, 'telegram', '79160000012');
    const { id } = await f.enqueue(1001, '79005553535');
    await new OutboxRepository(db(), recipientPolicy()).claim([id], f.clock.now(), 30_000);
    const session = (await f.host.ensure(wa))!;
    const sent = await session.send({
      idempotencyKey: `outbox:${id}:whatsapp`,
      to: '79005553535',
      text: 'x',
      media: null,
    });
    if (!sent.ok) throw new Error('not sent');
    // The next session reports the delivery while the row still says 'sending'.
    await f.channels.applyAck(wa, sent.providerMessageId, 'delivered', f.clock.now());
    f.clock.advance(30_001);
    expect(await f.dispatcher.dispatch(id)).toBe('sent');
    expect(await f.row(id)).toMatchObject({ status: 'delivered', channel_kind: 'whatsapp' });
    // So it is never re-sent on the next channel as undelivered.
    f.clock.advance(600_001);
    expect(await f.dispatcher.sweep()).toMatchObject({ fellBack: 0 });
    expect(await f.delivered('79005553535')).toHaveLength(1);
  });
});
