import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { ManualClock } from '../platform/clock.js';
import { open } from '../platform/crypto.js';
import { queryRows } from '../platform/db/client.js';
import { applyMigrations } from '../platform/db/migrate.js';
import { createLogger } from '../platform/logger.js';
import { seedDemo } from '../seed/demo.js';
import { DB_KINDS, createTestDatabase, type TestDatabase } from '../test-support/databases.js';
import type { InboundMessage } from './channel.js';
import { SandboxNetwork } from './drivers/sandbox/network.js';
import { sandboxDriver } from './drivers/sandbox/sandbox-driver.js';
import { ChannelHost } from './host.js';
import { OutboxRepository } from './dispatch/outbox-repository.js';
import { ChannelRepository, type ChannelInstanceRow } from './repository.js';
import { until } from '../test-support/until.js';

const logger = createLogger('silent');
const key = randomBytes(32);

describe.each(DB_KINDS)('channel host on the sandbox network (%s)', (kind) => {
  let t: TestDatabase;
  let clock: ManualClock;
  let repo: ChannelRepository;
  let network: SandboxNetwork;
  let hosts: ChannelHost[] = [];
  const inbound: InboundMessage[] = [];

  const newHost = (leaseMs = 30_000) => {
    const drivers = (['whatsapp', 'telegram', 'sms'] as const).map((k) =>
      sandboxDriver(k, { network, logger, pollMs: 20 }),
    );
    const host = new ChannelHost({
      repo,
      clock,
      logger,
      encryptionKey: key,
      drivers,
      leaseMs,
      tickMs: 50,
      onInbound: [async (_i: ChannelInstanceRow, m: InboundMessage) => void inbound.push(m)],
    });
    hosts.push(host);
    return host;
  };
  const instance = (id: string) => repo.instance(id);

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await applyMigrations(t.database);
    await seedDemo(t.database.db);
  });
  beforeEach(() => {
    clock = new ManualClock(new Date());
    repo = new ChannelRepository(t.database.db);
    network = new SandboxNetwork(t.database.db, clock, { deliveryMs: 0 });
  });
  afterEach(async () => {
    for (const h of hosts) await h.stop();
    hosts = [];
  });
  afterAll(async () => {
    await t.drop();
  });

  it('links WhatsApp by QR: the phone scans, the status and sealed credentials are stored', async () => {
    await repo.ensureInstance(1001, 'whatsapp', 'sandbox', clock.now());
    const host = newHost();
    await host.start();
    const qr = await host.login('whatsapp-1001', { step: 'qr' });
    expect(qr).toMatchObject({ result: 'qr' });
    if (qr.result !== 'qr') throw new Error('no qr');
    expect(qr.expiresAt.getTime() - clock.now().getTime()).toBe(60_000);
    await host.settle();
    expect((await instance('whatsapp-1001'))?.status).toBe('got qr code');

    expect(await network.scan(qr.qr, '79161234567')).toBe('linked');
    await until(async () => (await instance('whatsapp-1001'))?.status === 'authenticated');
    await host.settle();
    const row = (await instance('whatsapp-1001'))!;
    expect(row.phone).toBe('79161234567');
    expect(row.firstConnectedAt).not.toBeNull();
    expect(row.credentials).not.toContain('79161234567');
    expect(JSON.parse(open(key, row.credentials!))).toEqual({ phone: '79161234567' });
    const branch = await queryRows<{ status_wa: string }>(
      t.database.db,
      sql`select status_wa from branches where acc_id = 1001`,
    );
    expect(branch[0]?.status_wa).toBe('authenticated');
  });

  it('refuses an expired QR', async () => {
    await repo.ensureInstance(1002, 'whatsapp', 'sandbox', clock.now());
    const host = newHost();
    await host.start();
    const qr = await host.login('whatsapp-1002', { step: 'qr' });
    if (qr.result !== 'qr') throw new Error('no qr');
    clock.advance(61_000);
    expect(await network.scan(qr.qr, '79161234567')).toBe('expired');
  });

  it('links WhatsApp by pairing code typed on the phone', async () => {
    await repo.ensureInstance(1003, 'whatsapp', 'sandbox', clock.now());
    const host = newHost();
    await host.start();
    expect(await host.login('whatsapp-1003', { step: 'pairing_code', phone: '12ab' })).toEqual({
      result: 'error',
      error: 'invalid_phone',
    });
    const r = await host.login('whatsapp-1003', { step: 'pairing_code', phone: '79990001122' });
    if (r.result !== 'pairing_code') throw new Error('no code');
    expect(r.code).toMatch(/^[A-Z0-9]{8}$/);
    expect(await network.enterPairingCode(r.code)).toBe('linked');
    await until(async () => (await instance('whatsapp-1003'))?.status === 'authenticated');
  });

  it('links Telegram by phone, code and two-step password', async () => {
    await repo.ensureInstance(1001, 'telegram', 'sandbox', clock.now());
    const host = newHost();
    await host.start();
    expect(await host.login('telegram-1001', { step: 'phone', phone: '79161112222' })).toEqual({ result: 'code_sent' });
    const code = (await network.account('telegram-1001'))!.loginCode!;
    const wrongCode = code === '00000' ? '11111' : '00000';
    expect(await host.login('telegram-1001', { step: 'code', code: wrongCode })).toMatchObject({ error: 'wrong_code' });
    expect(await host.login('telegram-1001', { step: 'code', code })).toEqual({ result: '2fa' });
    expect(await host.login('telegram-1001', { step: 'password', password: 'nope' })).toMatchObject({
      error: 'wrong_password',
    });
    expect(await host.login('telegram-1001', { step: 'password', password: 'sandbox' })).toEqual({
      result: 'auth_success',
    });
    await until(async () => (await instance('telegram-1001'))?.status === 'authenticated');
  });

  it('sends once per idempotency key, reports delivery and reads, and stores replies once', async () => {
    const host = newHost();
    await host.start();
    const session = (await host.ensure('whatsapp-1001'))!;
    const message = { idempotencyKey: 'outbox:1', to: '79005553535', text: 'Напоминаем о записи', media: null };
    const first = await session.send(message);
    const again = await session.send(message);
    expect(first).toMatchObject({ ok: true });
    expect(again).toEqual(first);
    expect((await network.messages(10, '79005553535')).length).toBe(1);
    expect(await session.send({ ...message, idempotencyKey: 'outbox:2', to: '79005550000' })).toEqual({
      ok: false,
      failure: 'not_on_channel',
    });

    if (!first.ok) throw new Error('not sent');
    // Recorded as the dispatcher records a send: an ack that came first is applied then.
    const now = clock.now();
    const rows = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into outbox (acc_id, idempotency_key, source, recipient, body, not_before, status, created_at, updated_at)
        values (1001, 'k-1', 'test', '79005553535', 'x', ${now.toISOString()}, 'sending', ${now.toISOString()}, ${now.toISOString()})
        returning id`,
    );
    await new OutboxRepository(t.database.db).markSent(
      rows[0]!.id,
      'whatsapp',
      'whatsapp-1001',
      first.providerMessageId,
      now,
    );
    const status = async () =>
      (
        await queryRows<{ status: string }>(t.database.db, sql`select status from outbox where idempotency_key = 'k-1'`)
      )[0]?.status;
    await until(async () => (await status()) === 'delivered');

    expect(await network.clientReply('79005553535', 'Спасибо, приду', 'Ирина')).toBe(true);
    await until(async () => (await status()) === 'read');
    await until(async () => inbound.some((m) => m.body === 'Спасибо, приду'));
    await host.settle();
    const stored = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from chat_messages where phone = '79005553535' and direction = 'incoming'`,
    );
    expect(stored[0]?.n).toBe(1);
  });

  it('hands a session over when its holder stops renewing the lease', async () => {
    await repo.ensureInstance(1002, 'telegram', 'sandbox', clock.now());
    const a = newHost(10_000);
    await a.renewLeases();
    expect(a.holds('telegram-1002')).toBe(true);
    const b = newHost(10_000);
    await b.renewLeases();
    expect(b.holds('telegram-1002')).toBe(false);
    // a dies: it no longer renews; after the lease lapses b takes the session.
    clock.advance(10_001);
    await b.renewLeases();
    expect(b.holds('telegram-1002')).toBe(true);
    expect((await instance('telegram-1002'))?.leaseOwner).toBe(b.owner);
    await a.renewLeases();
    expect(a.holds('telegram-1002')).toBe(false);
  });
});
