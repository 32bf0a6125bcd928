import { randomUUID } from 'node:crypto';
import type { Clock } from '../platform/clock.js';
import { open, seal } from '../platform/crypto.js';
import type { Logger } from '../platform/logger.js';
import type {
  ChannelDriver,
  ChannelEvents,
  ChannelSession,
  InboundMessage,
  LoginResult,
  LoginStep,
  SubscriberEvent,
  SubscriberReply,
} from './channel.js';
import { isBotKind } from './channel.js';
import type { AckReport, ChannelInstanceRow, ChannelRepository } from './repository.js';
import { SerialQueue } from './serial-queue.js';

export type InboundHandler = (instance: ChannelInstanceRow, message: InboundMessage) => Promise<void>;

// What another process may ask of the session this process holds.
// `update`: a bot's webhook update, stored by the route and handed to the session here.
export type HostCommand = { type: 'login'; step: LoginStep } | { type: 'logout' } | { type: 'update'; update: unknown };
export type HostCommandResult = LoginResult | { result: 'done' };

export interface ChannelHostOptions {
  repo: ChannelRepository;
  clock: Clock;
  logger: Logger;
  encryptionKey: Buffer;
  // The drivers this process runs, by provider name ('sandbox', 'baileys', ...) and kind.
  drivers: ChannelDriver[];
  onInbound: InboundHandler[];
  // Bots: links a user who started the bot or shared their phone (channels/reach), and finds the
  // client's phone behind a bot message's sender (null: never linked, the message is not kept).
  subscribers?: {
    onSubscriber(instance: ChannelInstanceRow, event: SubscriberEvent): Promise<SubscriberReply | null>;
    phoneOf(instance: ChannelInstanceRow, address: string): Promise<string | null>;
  };
  leaseMs?: number;
  tickMs?: number;
}

interface Live {
  session: ChannelSession;
  accId: number;
  generation: number;
  queue: SerialQueue;
}

// Holds the live sessions of the channel instances whose lease this process owns. Exactly one
// process holds each session; when it dies its leases lapse and another process opens them.
export class ChannelHost {
  readonly owner = randomUUID();
  readonly #live = new Map<string, Live>();
  readonly #leaseMs: number;
  readonly #tickMs: number;
  #timer: NodeJS.Timeout | undefined;
  // The tick in progress, which stop() waits for so nothing touches the database after shutdown.
  #running: Promise<void> = Promise.resolve();
  #ticks = 0;
  #stopped = false;

  constructor(private readonly o: ChannelHostOptions) {
    this.#leaseMs = o.leaseMs ?? 30_000;
    this.#tickMs = o.tickMs ?? 500;
  }

  private driverFor(row: ChannelInstanceRow): ChannelDriver | undefined {
    return this.o.drivers.find((d) => d.kind === row.kind && d.provider === row.provider);
  }

  private providers(): string[] {
    return [...new Set(this.o.drivers.map((d) => d.provider))];
  }

  holds(instanceId: string): boolean {
    return this.#live.has(instanceId);
  }

  session(instanceId: string): ChannelSession | undefined {
    return this.#live.get(instanceId)?.session;
  }

  // The live session of a branch's instance, when this process holds it; never opens one.
  heldSession(accId: number, instanceId: string): ChannelSession | undefined {
    const live = this.#live.get(instanceId);
    return live?.accId === accId ? live.session : undefined;
  }

  async start(): Promise<void> {
    await this.renewLeases();
    const loop = () => {
      if (this.#stopped) return;
      this.#timer = setTimeout(() => {
        this.#running = this.tick()
          .catch((err: unknown) => this.o.logger.error({ err }, 'channel host tick failed'))
          .finally(loop);
      }, this.#tickMs);
    };
    loop();
  }

  private async tick(): Promise<void> {
    this.#ticks += 1;
    for (const command of await this.o.repo.takeCommands(this.owner, this.o.clock.now())) {
      const result = await this.run(command.instanceId, command.command as HostCommand).catch(
        (err: unknown): HostCommandResult => ({ result: 'error', error: 'provider_error', detail: String(err) }),
      );
      await this.o.repo.finishCommand(command.id, result, this.o.clock.now());
    }
    // Leases are renewed at a third of their length, so a live holder never lets one lapse.
    if (this.#ticks % Math.max(1, Math.floor(this.#leaseMs / 3 / this.#tickMs)) === 0) await this.renewLeases();
  }

  // Takes leases, opens sessions for new ones, reopens those whose generation moved, closes lost ones.
  async renewLeases(): Promise<void> {
    const rows = await this.o.repo.acquireLeases(this.owner, this.providers(), this.o.clock.now(), this.#leaseMs);
    const held = new Set(rows.map((r) => r.id));
    for (const [id, live] of this.#live) {
      if (!held.has(id)) await this.closeSession(id, live);
    }
    for (const row of rows) {
      const live = this.#live.get(row.id);
      if (live && live.generation === row.generation) continue;
      if (live) await this.closeSession(row.id, live);
      await this.openSession(row);
    }
  }

  // Opens at once an instance this process may hold (a new instance, or after a logout).
  async ensure(instanceId: string): Promise<ChannelSession | undefined> {
    if (!this.#live.has(instanceId)) await this.renewLeases();
    return this.session(instanceId);
  }

  private async openSession(row: ChannelInstanceRow): Promise<void> {
    const driver = this.driverFor(row);
    if (!driver) return;
    const queue = new SerialQueue((err) => this.o.logger.error({ err, instance: row.id }, 'channel event not stored'));
    const { repo, clock, encryptionKey } = this.o;
    // Acks reported one after another (a session's poll, a burst of receipts) are stored together:
    // an ack joins the batch still waiting in the queue, unless another event was queued after it.
    let acks: { reports: AckReport[]; stored: Promise<void> } | undefined;
    const push = (work: () => Promise<void>) => {
      acks = undefined;
      return queue.push(work);
    };
    const events: ChannelEvents = {
      status: (status, detail) =>
        void push(() => repo.saveStatus(row.id, status, detail?.reason ?? null, detail?.phone ?? null, clock.now())),
      qr: (value, expiresAt) => void push(() => repo.saveQr(row.id, value, expiresAt, clock.now())),
      credentials: (serialized) =>
        void push(() => repo.saveCredentials(row.id, serialized ? seal(encryptionKey, serialized) : null)),
      ack: (id, ack) => {
        // The 'server' ack stores nothing.
        if (ack === 'server') return Promise.resolve();
        if (!acks) {
          const batch: { reports: AckReport[]; stored: Promise<void> } = { reports: [], stored: Promise.resolve() };
          batch.stored = queue.push(() => {
            if (acks === batch) acks = undefined;
            return repo.applyAcks(row.id, batch.reports, clock.now());
          });
          acks = batch;
        }
        acks.reports.push({ providerMessageId: id, ack });
        return acks.stored;
      },
      inbound: (reported) =>
        push(async () => {
          let message = reported;
          if (isBotKind(row.kind)) {
            // A bot knows its users by chat id: the chat log and the replies know clients by phone.
            const phone = await this.o.subscribers?.phoneOf(row, reported.from);
            if (!phone) return;
            message = { ...reported, from: phone };
          }
          if (!(await repo.saveInbound(row, message))) return;
          for (const handler of this.o.onInbound) await handler(row, message);
        }),
      subscriber: (event) => {
        let reply: SubscriberReply | null = null;
        return push(async () => {
          reply = (await this.o.subscribers?.onSubscriber(row, event)) ?? null;
        }).then(() => reply);
      },
    };
    const credentials = row.credentials ? open(encryptionKey, row.credentials) : null;
    const session = await driver.open({ id: row.id, accId: row.accId }, credentials, events);
    this.#live.set(row.id, { session, accId: row.accId, generation: row.generation, queue });
  }

  private async closeSession(id: string, live: Live): Promise<void> {
    this.#live.delete(id);
    await live.session
      .close()
      .catch((err: unknown) => this.o.logger.warn({ err, instance: id }, 'session close failed'));
    await live.queue.drain();
  }

  async login(instanceId: string, step: LoginStep): Promise<LoginResult> {
    const session = await this.ensure(instanceId);
    if (!session) return { result: 'error', error: 'provider_error', detail: 'session_not_held' };
    const result = await session.login(step);
    // What the step changed (status, QR) is stored before the caller reads the channel's state.
    await this.#live.get(instanceId)?.queue.drain();
    return result;
  }

  async run(instanceId: string, command: HostCommand): Promise<HostCommandResult> {
    if (command.type === 'login') return this.login(instanceId, command.step);
    if (command.type === 'update') {
      const session = await this.ensure(instanceId);
      if (!session?.handleUpdate) return { result: 'error', error: 'not_supported' };
      await session.handleUpdate(command.update);
      await this.#live.get(instanceId)?.queue.drain();
      return { result: 'done' };
    }
    const session = await this.ensure(instanceId);
    await session?.logout();
    await this.#live.get(instanceId)?.queue.drain();
    return { result: 'done' };
  }

  // Waits until every event reported so far is stored (tests, shutdown).
  async settle(): Promise<void> {
    await Promise.all([...this.#live.values()].map((l) => l.queue.drain()));
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    await this.#running;
    for (const [id, live] of [...this.#live]) await this.closeSession(id, live);
    await this.o.repo.releaseLeases(this.owner);
  }
}
