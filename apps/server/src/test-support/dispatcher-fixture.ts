import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { CHANNEL_KINDS, type ChannelKind } from '../channels/channel.js';
import { Dispatcher } from '../channels/dispatch/dispatcher.js';
import { NO_PACING, type PacingProfile } from '../channels/dispatch/governor.js';
import { Outbox } from '../channels/dispatch/outbox.js';
import { OutboxRepository } from '../channels/dispatch/outbox-repository.js';
import { SandboxNetwork } from '../channels/drivers/sandbox/network.js';
import { sandboxDriver } from '../channels/drivers/sandbox/sandbox-driver.js';
import { ChannelHost } from '../channels/host.js';
import { ReachService } from '../channels/reach/reach-service.js';
import { ChannelRepository } from '../channels/repository.js';
import { ManualClock } from '../platform/clock.js';
import { queryRows, type Db } from '../platform/db/client.js';
import { createLogger } from '../platform/logger.js';
import { recipientPolicy } from '../runtime.js';

const logger = createLogger('silent');

export interface OutboxRowView {
  status: string;
  status_reason: string | null;
  channel_kind: string | null;
  tried_kinds: string[];
  not_before: Date;
  provider_message_id: string | null;
  instance_id: string | null;
}

// A dispatcher over the sandbox network on a test database, as the channels module wires it, with
// jobs recorded instead of queued (tests dispatch by hand) and a manual clock.
export class DispatcherFixture {
  readonly clock = new ManualClock('2026-03-10T09:00:00Z');
  readonly network: SandboxNetwork;
  readonly channels: ChannelRepository;
  readonly host: ChannelHost;
  readonly reach: ReachService;
  readonly outbox: Outbox;
  readonly dispatcher: Dispatcher;
  readonly scheduled: { id: number; at: Date }[] = [];
  pacing: (kind: ChannelKind) => PacingProfile = () => NO_PACING;
  // Numbers the messages `message()` writes (their bodies say it).
  seq = 0;

  constructor(readonly db: Db) {
    this.network = new SandboxNetwork(db, this.clock, { deliveryMs: 60_000 });
    this.channels = new ChannelRepository(db);
    this.reach = new ReachService({ db, clock: this.clock, instances: this.channels });
    this.host = new ChannelHost({
      repo: this.channels,
      clock: this.clock,
      logger,
      encryptionKey: randomBytes(32),
      drivers: CHANNEL_KINDS.map((k) => sandboxDriver(k, { network: this.network, logger, pollMs: 10_000 })),
      onInbound: [],
      subscribers: {
        onSubscriber: (instance, event) => this.reach.onSubscriber(instance, event),
        phoneOf: (instance, address) => this.reach.phoneOf(instance, address),
      },
    });
    const schedule = async (id: number, at: Date) => void this.scheduled.push({ id, at });
    this.outbox = new Outbox({ db, clock: this.clock, schedule });
    this.dispatcher = new Dispatcher({
      repo: new OutboxRepository(db, recipientPolicy()),
      host: this.host,
      clock: this.clock,
      logger,
      pacing: (k) => this.pacing(k),
      claimMs: 30_000,
      ackTimeoutMs: 600_000,
      schedule,
      random: () => 0.5,
    });
  }

  static async reset(db: Db): Promise<void> {
    await db.execute(
      sql`truncate outbox, chat_messages, blacklist, consents, sending_settings, sandbox_messages, sandbox_accounts,
        channel_commands, channel_instances, channel_acks, client_channels, bot_subscribers, bot_invites`,
    );
  }

  async row(id: number): Promise<OutboxRowView> {
    const rows = await queryRows<OutboxRowView>(
      this.db,
      sql`select status, status_reason, channel_kind, tried_kinds, not_before, provider_message_id, instance_id
        from outbox where id = ${id}`,
    );
    return rows[0]!;
  }

  delivered(phone: string) {
    return this.network.messages(100, phone);
  }

  message(accId = 1001, recipient = '79005553535') {
    this.seq += 1;
    return {
      accId,
      idempotencyKey: `test:${this.seq}`,
      source: 'template',
      sourceId: null,
      recipient,
      clientName: 'Ирина',
      body: `Сообщение ${this.seq}`,
      media: null,
      channels: null,
      notBefore: this.clock.now(),
    };
  }

  enqueue(accId: number, recipient: string, patch: Record<string, unknown> = {}) {
    return this.outbox.enqueue({ ...this.message(accId, recipient), ...patch });
  }

  // Connects a sandbox account of the branch on `kind` with `phone` and opens its session.
  async link(accId: number, kind: ChannelKind, phone: string): Promise<string> {
    const instance = await this.channels.ensureInstance(accId, kind, 'sandbox', this.clock.now());
    // The phone is linked on the network; the session sees it when it opens and reports it.
    await this.network.link(instance.id, kind, phone);
    await this.host.ensure(instance.id);
    await this.host.settle();
    expect((await this.channels.instance(instance.id))?.status).toBe('authenticated');
    return instance.id;
  }
}
