import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../platform/clock.js';
import { applyMigrations } from '../platform/db/migrate.js';
import { createLogger } from '../platform/logger.js';
import { seedDemo } from '../seed/demo.js';
import { DB_KINDS, createTestDatabase, type TestDatabase } from '../test-support/databases.js';
import { until } from '../test-support/until.js';
import type { InboundMessage } from './channel.js';
import { SandboxNetwork } from './drivers/sandbox/network.js';
import { sandboxDriver } from './drivers/sandbox/sandbox-driver.js';
import { ChannelHost } from './host.js';
import { channelReadMarker } from './read-marker.js';
import { ChannelRepository } from './repository.js';

const logger = createLogger('silent');
const key = randomBytes(32);
const CLIENT = '79005554411';

describe.each(DB_KINDS)('marking a client message read on the sandbox network (%s)', (kind) => {
  let t: TestDatabase;
  let clock: ManualClock;
  let repo: ChannelRepository;
  let network: SandboxNetwork;
  let hosts: ChannelHost[] = [];
  const inbound: InboundMessage[] = [];

  const newHost = () => {
    const host = new ChannelHost({
      repo,
      clock,
      logger,
      encryptionKey: key,
      drivers: (['whatsapp', 'telegram', 'sms'] as const).map((k) => sandboxDriver(k, { network, logger, pollMs: 20 })),
      tickMs: 50,
      onInbound: [async (_i, m) => void inbound.push(m)],
    });
    hosts.push(host);
    return host;
  };
  // The client's messages as the sandbox phone network keeps them, oldest first.
  const fromClient = async () =>
    (await network.messages(50, CLIENT)).filter((m) => m.direction === 'from_client').reverse();

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await applyMigrations(t.database);
    await seedDemo(t.database.db);
  });
  beforeEach(() => {
    clock = new ManualClock(new Date('2026-11-26T08:00:00Z'));
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

  it('shows the named messages as read where this process holds the session, and only there', async () => {
    const instance = await repo.ensureInstance(1001, 'whatsapp', 'sandbox', clock.now());
    await network.link(instance.id, 'whatsapp', '79990001100');
    const holder = newHost();
    await holder.start();
    expect(holder.holds(instance.id)).toBe(true);
    // A second process (an API process, or a worker without the lease) holds nothing.
    const other = newHost();
    await other.renewLeases();
    expect(other.holds(instance.id)).toBe(false);

    for (const text of ['Здравствуйте', 'Сколько стоит стрижка?', 'И маникюр']) {
      expect(await network.clientReply(CLIENT, text, 'Анна', instance.id)).toBe(true);
    }
    await until(async () => inbound.filter((m) => m.from === CLIENT).length === 3);
    const [first, second, third] = inbound.filter((m) => m.from === CLIENT);

    clock.advance(5_000);
    await channelReadMarker(other, logger).markRead(1001, instance.id, CLIENT, [first!.providerMessageId]);
    await channelReadMarker(undefined, logger).markRead(1001, instance.id, CLIENT, [first!.providerMessageId]);
    // Another branch cannot mark this branch's chat.
    await channelReadMarker(holder, logger).markRead(1002, instance.id, CLIENT, [first!.providerMessageId]);
    expect((await fromClient()).map((m) => m.readAt)).toEqual([null, null, null]);

    const marker = channelReadMarker(holder, logger);
    await marker.markRead(1001, instance.id, CLIENT, [first!.providerMessageId, second!.providerMessageId]);
    const read = await fromClient();
    expect(read.map((m) => m.readAt?.toISOString() ?? null)).toEqual([
      clock.now().toISOString(),
      clock.now().toISOString(),
      null,
    ]);

    // Marked once: a later mark keeps the first read time; ids of other chats are not touched.
    const readAt = clock.now().toISOString();
    clock.advance(5_000);
    await marker.markRead(1001, instance.id, '79005559999', [third!.providerMessageId]);
    await marker.markRead(1001, instance.id, CLIENT, [first!.providerMessageId, third!.providerMessageId, 'x']);
    expect((await fromClient()).map((m) => m.readAt?.toISOString() ?? null)).toEqual([
      readAt,
      readAt,
      clock.now().toISOString(),
    ]);
  });
});
