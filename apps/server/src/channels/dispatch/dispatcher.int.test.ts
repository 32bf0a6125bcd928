import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.js';
import { queryRows } from '../../platform/db/client.js';
import { applyMigrations } from '../../platform/db/migrate.js';
import { createLogger } from '../../platform/logger.js';
import { seedDemo } from '../../seed/demo.js';
import { recipientPolicy } from '../../runtime.js';
import { DB_KINDS, createTestDatabase, type TestDatabase } from '../../test-support/databases.js';
import { CHANNEL_KINDS, type ChannelKind } from '../channel.js';
import { SandboxNetwork } from '../drivers/sandbox/network.js';
import { sandboxDriver } from '../drivers/sandbox/sandbox-driver.js';
import { ChannelHost } from '../host.js';
import { ChannelRepository } from '../repository.js';
import { Dispatcher } from './dispatcher.js';
import { NO_PACING, PACING, type PacingProfile } from './governor.js';
import { Outbox } from './outbox.js';
import { OutboxRepository } from './outbox-repository.js';

const logger = createLogger('silent');

describe.each(DB_KINDS)('dispatcher (%s)', (dbKind) => {
  let t: TestDatabase;
  let clock: ManualClock;
  let network: SandboxNetwork;
  let channels: ChannelRepository;
  let host: ChannelHost;
  let dispatcher: Dispatcher;
  let outbox: Outbox;
  let scheduled: { id: number; at: Date }[];
  let pacing: (kind: ChannelKind) => PacingProfile;
  let seq = 0;

  const db = () => t.database.db;
  const row = async (id: number) =>
    (
      await queryRows<{
        status: string;
        status_reason: string | null;
        channel_kind: string | null;
        tried_kinds: string[];
        not_before: Date;
      }>(db(), sql`select status, status_reason, channel_kind, tried_kinds, not_before from outbox where id = ${id}`)
    )[0]!;
  const delivered = async (phone: string) => network.messages(100, phone);
  const message = (accId = 1001, recipient = '79005553535') => ({
    accId,
    idempotencyKey: `test:${++seq}`,
    source: 'template',
    sourceId: null,
    recipient,
    clientName: 'Ирина',
    body: `Сообщение ${seq}`,
    media: null,
    channels: null,
    notBefore: clock.now(),
  });
  const enqueue = (accId: number, recipient: string, patch: Record<string, unknown> = {}) =>
    outbox.enqueue({ ...message(accId, recipient), ...patch });

  async function link(accId: number, kind: ChannelKind, phone: string) {
    const instance = await channels.ensureInstance(accId, kind, 'sandbox', clock.now());
    // The phone is linked on the network; the session sees it when it opens and reports it.
    await network.link(instance.id, kind, phone);
    await host.ensure(instance.id);
    await host.settle();
    expect((await channels.instance(instance.id))?.status).toBe('authenticated');
    return instance.id;
  }

  beforeAll(async () => {
    t = await createTestDatabase(dbKind);
    await applyMigrations(t.database);
    await seedDemo(t.database.db);
  });
  beforeEach(async () => {
    await db().execute(
      sql`truncate outbox, chat_messages, blacklist, consents, sending_settings, sandbox_messages, sandbox_accounts, channel_commands, channel_instances`,
    );
    clock = new ManualClock('2026-03-10T09:00:00Z');
    network = new SandboxNetwork(db(), clock, { deliveryMs: 60_000 });
    channels = new ChannelRepository(db());
    host = new ChannelHost({
      repo: channels,
      clock,
      logger,
      encryptionKey: randomBytes(32),
      drivers: CHANNEL_KINDS.map((k) => sandboxDriver(k, { network, logger, pollMs: 10_000 })),
      onInbound: [],
    });
    scheduled = [];
    pacing = () => NO_PACING;
    outbox = new Outbox({ db: db(), clock, schedule: async (id, at) => void scheduled.push({ id, at }) });
    dispatcher = new Dispatcher({
      repo: new OutboxRepository(db(), recipientPolicy()),
      host,
      clock,
      logger,
      pacing: (k) => pacing(k),
      claimMs: 30_000,
      ackTimeoutMs: 600_000,
      schedule: async (id, at) => void scheduled.push({ id, at }),
      random: () => 0.5,
    });
  });
  afterEach(async () => {
    await host?.stop();
  });
  afterAll(async () => {
    await t.drop();
  });

  it('sends by the first channel of the priority and records the bot message', async () => {
    await link(1001, 'whatsapp', '79160000011');
    await link(1001, 'telegram', '79160000012');
    const { id } = await enqueue(1001, '79005553535');
    expect(scheduled.map((s) => s.id)).toEqual([id]);
    expect(await dispatcher.dispatch(id)).toBe('sent');
    expect(await row(id)).toMatchObject({ status: 'sent', channel_kind: 'whatsapp' });
    expect((await delivered('79005553535')).map((m) => m.kind)).toEqual(['whatsapp']);
    const chat = await queryRows<{ direction: string }>(
      db(),
      sql`select direction from chat_messages where outbox_id = ${id}`,
    );
    expect(chat).toEqual([{ direction: 'bot' }]);
    // Running the job again changes nothing.
    expect(await dispatcher.dispatch(id)).toBe('skipped');
    expect(await delivered('79005553535')).toHaveLength(1);
  });

  it('dispatches a polled batch: checks every row, sends each once, a recipient’s messages in order', async () => {
    await link(1001, 'whatsapp', '79160000011');
    await db().execute(sql`insert into blacklist (acc_id, phone) values (1001, '79005551111')`);
    const first = await enqueue(1001, '79005553535');
    const black = await enqueue(1001, '79005551111');
    const second = await enqueue(1001, '79005553535');
    const other = await enqueue(1001, '79005553536');
    const later = await enqueue(1001, '79005553537', { notBefore: new Date(clock.now().getTime() + 60_000) });
    const ids = [other.id, second.id, black.id, first.id, later.id];
    const outcomes = await dispatcher.dispatchBatch([...ids, first.id]);
    expect(ids.map((id) => outcomes.get(id))).toEqual(['sent', 'sent', 'blocked', 'sent', 'skipped']);
    // The client reads them in the order they were written.
    expect((await delivered('79005553535')).map((m) => m.body).reverse()).toEqual([
      `Сообщение ${seq - 4}`,
      `Сообщение ${seq - 2}`,
    ]);
    expect(await dispatcher.dispatchBatch(ids)).toEqual(new Map(ids.map((id) => [id, 'skipped'])));
    expect(await delivered('79005553536')).toHaveLength(1);
    const chat = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from chat_messages`);
    expect(chat[0]!.n).toBe(3);
  });

  it('renews the claim of a row that waited in its batch, unless another worker took it', async () => {
    await link(1001, 'whatsapp', '79160000011');
    const first = await enqueue(1001, '79005553535');
    const second = await enqueue(1001, '79005553535');
    // The first send takes 16 s of the 30 s claim (the pacing is looked up just before it).
    pacing = () => {
      clock.advance(16_000);
      return NO_PACING;
    };
    const outcomes = await dispatcher.dispatchBatch([first.id, second.id]);
    expect([outcomes.get(first.id), outcomes.get(second.id)]).toEqual(['sent', 'sent']);
    expect(await delivered('79005553535')).toHaveLength(2);

    // A row another worker claimed again (its claim counted a new attempt) is not renewed.
    pacing = () => NO_PACING;
    const third = await enqueue(1001, '79005553535');
    const repo = new OutboxRepository(db(), recipientPolicy());
    const [mine] = await repo.claim([third.id], clock.now(), 30_000);
    clock.advance(30_001);
    expect(await repo.claim([third.id], clock.now(), 30_000)).toHaveLength(1);
    expect(await repo.renewClaim(third.id, mine!.attempts, clock.now(), 30_000)).toBe(false);
    expect(await repo.renewClaim(third.id, mine!.attempts + 1, clock.now(), 30_000)).toBe(true);
  });

  it('schedules a transaction’s rows after it commits, and none when it rolls back', async () => {
    const committed = await outbox.transaction(async (_tx, out) => {
      const row = await out.enqueue({ ...message(), idempotencyKey: 'tx:1' });
      expect(scheduled).toEqual([]);
      return row;
    });
    expect(scheduled.map((s) => s.id)).toEqual([committed.id]);
    await expect(
      outbox.transaction(async (_tx, out) => {
        await out.enqueue({ ...message(), idempotencyKey: 'tx:2' });
        throw new Error('the producer failed');
      }),
    ).rejects.toThrow('the producer failed');
    expect(scheduled).toHaveLength(1);
    const keys = await queryRows<{ idempotency_key: string }>(db(), sql`select idempotency_key from outbox`);
    expect(keys).toEqual([{ idempotency_key: 'tx:1' }]);
  });

  it('writes one row per idempotency key', async () => {
    const a = await enqueue(1001, '79005553535', { idempotencyKey: 'same' });
    const b = await enqueue(1001, '79005553535', { idempotencyKey: 'same' });
    expect(b).toEqual({ id: a.id, created: false });
    expect(scheduled).toHaveLength(1);
  });

  it('never sends to a blacklisted number, nor campaign messages to a client who declined', async () => {
    await link(1001, 'whatsapp', '79160000011');
    await db().execute(sql`insert into blacklist (acc_id, phone) values (1001, '79005551111')`);
    await db().execute(sql`insert into consents (acc_id, phone, consent) values (1001, '79005552222', false)`);
    const black = await enqueue(1001, '79005551111');
    const declined = await enqueue(1001, '79005552222', { source: 'mailing' });
    const reply = await enqueue(1001, '79005552222', { source: 'reply' });
    expect(await dispatcher.dispatch(black.id)).toBe('blocked');
    expect(await dispatcher.dispatch(declined.id)).toBe('blocked');
    expect(await dispatcher.dispatch(reply.id)).toBe('sent');
    expect(await row(black.id)).toMatchObject({ status: 'blocked', status_reason: 'blacklist' });
    expect(await row(declined.id)).toMatchObject({ status: 'blocked', status_reason: 'declined' });
    expect(await delivered('79005551111')).toHaveLength(0);
    expect(await delivered('79005552222')).toHaveLength(1);
  });

  it('holds a message outside the sending window until it opens in the branch’s zone', async () => {
    await link(1003, 'whatsapp', '79160000031');
    await db().execute(sql`insert into sending_settings (acc_id, send_from, send_to) values (1003, '09:00', '21:00')`);
    // 23:30 in Vladivostok (UTC+10)
    clock.set('2026-03-10T13:30:00Z');
    const { id } = await enqueue(1003, '79005553535');
    expect(await dispatcher.dispatch(id)).toBe('deferred');
    expect(new Date((await row(id)).not_before).toISOString()).toBe('2026-03-10T23:00:00.000Z');
    expect(scheduled.at(-1)?.at.toISOString()).toBe('2026-03-10T23:00:00.000Z');
    expect(await delivered('79005553535')).toHaveLength(0);
    // A reply, and the greeting of a client waiting on the booking start page, go at once.
    for (const source of ['reply', 'start_page']) {
      const waiting = await enqueue(1003, '79005553536', { source });
      expect(await dispatcher.dispatch(waiting.id)).toBe('sent');
    }
    clock.set('2026-03-10T23:00:00Z');
    expect(await dispatcher.dispatch(id)).toBe('sent');
  });

  it('falls back to Telegram when the number is not on WhatsApp', async () => {
    await link(1001, 'whatsapp', '79160000011');
    await link(1001, 'telegram', '79160000012');
    const { id } = await enqueue(1001, '79005550001');
    expect(await dispatcher.dispatch(id)).toBe('fallback');
    expect(await row(id)).toMatchObject({ status: 'pending', tried_kinds: ['whatsapp'] });
    expect(await dispatcher.dispatch(id)).toBe('sent');
    expect(await row(id)).toMatchObject({ status: 'sent', channel_kind: 'telegram' });
  });

  it('fails a message no connected channel can carry', async () => {
    const { id } = await enqueue(1002, '79005553535');
    expect(await dispatcher.dispatch(id)).toBe('failed');
    expect(await row(id)).toMatchObject({ status: 'failed', status_reason: 'no_channel' });
  });

  it('spaces messages from one number and keeps to its daily cap', async () => {
    pacing = () => ({ ...PACING.whatsapp, warmUp: [{ days: Infinity, cap: 2 }] });
    await link(1001, 'whatsapp', '79160000011');
    const first = await enqueue(1001, '79005553501');
    const second = await enqueue(1001, '79005553502');
    expect(await dispatcher.dispatch(first.id)).toBe('sent');
    expect(await dispatcher.dispatch(second.id)).toBe('deferred');
    // random 0.5 → 45 s gap
    expect(new Date((await row(second.id)).not_before).toISOString()).toBe('2026-03-10T09:00:45.000Z');
    clock.advance(45_000);
    expect(await dispatcher.dispatch(second.id)).toBe('sent');
    clock.advance(60_000);
    const third = await enqueue(1001, '79005553503');
    expect(await dispatcher.dispatch(third.id)).toBe('deferred');
    expect(await row(third.id)).toMatchObject({ status: 'pending', status_reason: 'pacing' });
  });

  it('answers a client at once: a reply neither waits for the number’s gap nor uses its daily cap', async () => {
    pacing = () => ({ ...PACING.whatsapp, warmUp: [{ days: Infinity, cap: 1 }] });
    const wa = await link(1001, 'whatsapp', '79160000011');
    const campaign = await enqueue(1001, '79005553501');
    expect(await dispatcher.dispatch(campaign.id)).toBe('sent');
    // The next slot is 45 s away and the day's cap of 1 is used; the answer to a client goes now.
    const reply = await enqueue(1001, '79005553502', { source: 'reply' });
    expect(await dispatcher.dispatch(reply.id)).toBe('sent');
    expect(await channels.instance(wa)).toMatchObject({ sentToday: 1 });
    const next = await enqueue(1001, '79005553503');
    expect(await dispatcher.dispatch(next.id)).toBe('deferred');
    // A paused number holds replies too.
    await db().execute(
      sql`update channel_instances set paused_until = ${new Date('2026-03-10T10:00:00Z').toISOString()}, pause_reason = 'banned' where id = ${wa}`,
    );
    const held = await enqueue(1001, '79005553502', { source: 'reply' });
    expect(await dispatcher.dispatch(held.id)).toBe('deferred');
    expect(await row(held.id)).toMatchObject({ status: 'pending', status_reason: 'pacing' });
  });

  it('reserves a batch’s gapless slots on one number together, up to its daily cap', async () => {
    pacing = () => ({ ...NO_PACING, warmUp: [{ days: Infinity, cap: 3 }] });
    const wa = await link(1001, 'whatsapp', '79160000011');
    const rows = [];
    for (let i = 0; i < 5; i++) rows.push(await enqueue(1001, `7900555361${i}`));
    const outcomes = await dispatcher.dispatchBatch(rows.map((r) => r.id));
    expect(rows.map((r) => outcomes.get(r.id))).toEqual(['sent', 'sent', 'sent', 'deferred', 'deferred']);
    expect(await row(rows[4]!.id)).toMatchObject({ status: 'pending', status_reason: 'pacing' });
    expect(await channels.instance(wa)).toMatchObject({ sentToday: 3 });
    const chat = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from chat_messages`);
    expect(chat).toEqual([{ n: 3 }]);
  });

  it('with soft priority, uses the next channel while the first is paused', async () => {
    const wa = await link(1001, 'whatsapp', '79160000011');
    await link(1001, 'telegram', '79160000012');
    await db().execute(
      sql`update channel_instances set paused_until = ${new Date('2026-03-10T10:00:00Z').toISOString()}, pause_reason = 'rate_limited' where id = ${wa}`,
    );
    const hard = await enqueue(1001, '79005553535');
    expect(await dispatcher.dispatch(hard.id)).toBe('deferred');
    await db().execute(sql`insert into sending_settings (acc_id, soft_priority) values (1001, true)`);
    const soft = await enqueue(1001, '79005553536');
    expect(await dispatcher.dispatch(soft.id)).toBe('sent');
    expect(await row(soft.id)).toMatchObject({ channel_kind: 'telegram' });
  });

  it('moves a WhatsApp message that was never delivered to the next channel', async () => {
    await link(1001, 'whatsapp', '79160000011');
    await link(1001, 'telegram', '79160000012');
    const { id } = await enqueue(1001, '79005553535');
    expect(await dispatcher.dispatch(id)).toBe('sent');
    clock.advance(600_001);
    expect(await dispatcher.sweep()).toMatchObject({ fellBack: 1 });
    expect(await dispatcher.dispatch(id)).toBe('sent');
    expect(await row(id)).toMatchObject({ channel_kind: 'telegram', tried_kinds: ['whatsapp'] });
  });

  it('sends once when a worker died between sending and recording it', async () => {
    const wa = await link(1001, 'whatsapp', '79160000011');
    const { id } = await enqueue(1001, '79005553535');
    const repo = new OutboxRepository(db(), recipientPolicy());
    // The dead worker: it claimed the row and the message left, but it never recorded the send.
    expect(await repo.claim([id], clock.now(), 30_000)).toHaveLength(1);
    const session = (await host.ensure(wa))!;
    await session.send({ idempotencyKey: `outbox:${id}:whatsapp`, to: '79005553535', text: 'x', media: null });
    // While its claim lasts nobody else takes the row; after it lapses the sweep restarts it.
    expect(await dispatcher.dispatch(id)).toBe('skipped');
    clock.advance(30_001);
    expect((await dispatcher.sweep()).restarted).toBe(1);
    expect(await dispatcher.dispatch(id)).toBe('sent');
    expect(await delivered('79005553535')).toHaveLength(1);
  });

  it('keeps a delivery ack that arrived before a dead worker’s send was recorded', async () => {
    const wa = await link(1001, 'whatsapp', '79160000011');
    await link(1001, 'telegram', '79160000012');
    const { id } = await enqueue(1001, '79005553535');
    await new OutboxRepository(db(), recipientPolicy()).claim([id], clock.now(), 30_000);
    const session = (await host.ensure(wa))!;
    const sent = await session.send({
      idempotencyKey: `outbox:${id}:whatsapp`,
      to: '79005553535',
      text: 'x',
      media: null,
    });
    if (!sent.ok) throw new Error('not sent');
    // The next session reports the delivery while the row still says 'sending'.
    await channels.applyAck(wa, sent.providerMessageId, 'delivered', clock.now());
    clock.advance(30_001);
    expect(await dispatcher.dispatch(id)).toBe('sent');
    expect(await row(id)).toMatchObject({ status: 'delivered', channel_kind: 'whatsapp' });
    // So it is never re-sent on the next channel as undelivered.
    clock.advance(600_001);
    expect(await dispatcher.sweep()).toMatchObject({ fellBack: 0 });
    expect(await delivered('79005553535')).toHaveLength(1);
  });
});
