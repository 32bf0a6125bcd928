import { readFile } from 'node:fs/promises';
import type { Clock } from '../../platform/clock.js';
import type { Logger } from '../../platform/logger.js';
import type { ChannelKind, OutboundMessage, SendResult } from '../channel.js';
import { isBotKind } from '../channel.js';
import type { ChannelHost } from '../host.js';
import type { ChannelInstanceRow } from '../repository.js';
import { dailyCap, nextGapMs, type PacingProfile } from './governor.js';
import type { Schedule } from './outbox.js';
import type { ClaimedRow, OutboxRepository, OutboxRow, SentRecord } from './outbox-repository.js';
import { cascadeOrder } from './cascade.js';
import { nextAllowed } from './quiet-hours.js';
import { localDay } from '@salon/contract/zoned-time';

export type DispatchOutcome = 'skipped' | 'sent' | 'deferred' | 'blocked' | 'failed' | 'fallback' | 'handed_over';

export interface DispatcherOptions {
  repo: OutboxRepository;
  host: ChannelHost | undefined;
  clock: Clock;
  logger: Logger;
  pacing: (kind: ChannelKind) => PacingProfile;
  // How long a worker's claim on a row lasts; a row left 'sending' longer is taken again.
  claimMs: number;
  // WhatsApp messages without a delivered ack after this long go out on the next channel.
  ackTimeoutMs: number;
  schedule: Schedule;
  // Recipients of a batch served at once (each recipient's own messages go one after another).
  concurrency?: number;
  random?: () => number;
}

// Media kept with an outbox row; the file lives in the data dir, not in the database.
interface StoredMedia {
  fileName: string;
  contentType: string;
  path: string;
}

const MAX_PROVIDER_ERRORS = 5;
// start_page: the client asked to be contacted on the booking start page a moment ago.
// The client asked for these (wrote to the salon, or left their phone on the booking start page).
const SOURCES_WITHOUT_CONSENT_CHECK = new Set(['reply', 'test', 'start_page']);
const SOURCES_WITHOUT_QUIET_HOURS = new Set(['reply', 'start_page']);
const DEFAULT_CONCURRENCY = 8;
const UNSENT = new Set(['not_on_channel', 'invalid_recipient', 'not_connected']);

interface SlotRequest {
  instance: ChannelInstanceRow;
  timeZone: string;
  profile: PacingProfile;
  gapMs: number | undefined;
  resolve: (slot: Slot | null) => void;
  reject: (err: unknown) => void;
}

// A slot a message took on its number: the day it counts in, and when its gap ends if the message
// set the number's next slot (the last of the messages reserved together). Given back when the
// message did not go out (see `settle`).
export interface Slot {
  instanceId: string;
  day: string;
  gapEnd: Date | null;
}

// Takes each outbox row from pending to sent exactly once: checks the recipient, waits for the
// sending window, picks the channel by priority with fallback, asks the number's governor for a
// slot, and sends with the row's idempotency key so a resend after a crash is not a second message.
// A polled batch is claimed and checked in one statement and its numbers read once; then it goes
// out in turns: the next message of up to `concurrency` recipients at once (each recipient's messages
// in order), the turn's sends recorded in one statement. The governor's slot is reserved atomically
// per message (a turn's messages on one number with no gap between them in one statement), so this
// concurrency never sends a number faster than its pacing.
export class Dispatcher {
  // The slot requests waiting per number: a turn's messages ask one number's governor one at a
  // time, each with the time of its own turn, so a lane that read the clock earlier never finds the
  // slot a later reading took (with no gap between messages, it would wait a minute for nothing).
  readonly #slots = new Map<string, SlotRequest[]>();

  constructor(private readonly o: DispatcherOptions) {}

  private reserveSlot(instance: ChannelInstanceRow, timeZone: string, profile: PacingProfile): Promise<Slot | null> {
    return new Promise((resolve, reject) => {
      const request: SlotRequest = { instance, timeZone, profile, gapMs: undefined, resolve, reject };
      const waiting = this.#slots.get(instance.id);
      if (waiting) return void waiting.push(request);
      this.#slots.set(instance.id, [request]);
      // Served once the messages of the turn that started with this one have asked too.
      queueMicrotask(() => void this.serveSlots(instance.id));
    });
  }

  // Serves a number's slot requests in turn. Requests that queued up meanwhile and follow one another
  // with no gap (each draws its gap once, when its turn comes) are served in one statement, as many
  // as the number gives; the first it refuses is refused, and the rest ask again in their turn.
  private async serveSlots(instanceId: string): Promise<void> {
    const waiting = this.#slots.get(instanceId)!;
    try {
      while (waiting.length > 0) {
        const first = waiting[0]!;
        let count = 0;
        let granted: number;
        let day: string;
        let gapEnd: Date | null;
        try {
          const now = this.o.clock.now();
          for (const request of waiting) {
            if (request.timeZone !== first.timeZone || request.profile !== first.profile) break;
            request.gapMs ??= nextGapMs(request.profile, this.o.random);
            count += 1;
            if (request.gapMs > 0) break;
          }
          const gapMs = waiting[count - 1]!.gapMs!;
          day = localDay(now, first.timeZone);
          gapEnd = gapMs > 0 ? new Date(now.getTime() + gapMs) : null;
          const cap = dailyCap(first.profile, first.instance.firstConnectedAt, now);
          granted =
            count === 1
              ? Number(await this.o.repo.reserveSlot(instanceId, now, gapMs, day, cap))
              : await this.o.repo.reserveSlots(instanceId, now, count, gapMs, day, cap);
        } catch (err) {
          // The first request fails; the others ask again.
          waiting.shift()!.reject(err);
          continue;
        }
        // The last of the requests sets the gap when all of them were granted (reserveSlots).
        waiting
          .splice(0, Math.min(count, granted + 1))
          .forEach((r, i) =>
            r.resolve(
              i < granted ? { instanceId, day, gapEnd: granted === count && i === count - 1 ? gapEnd : null } : null,
            ),
          );
      }
    } finally {
      this.#slots.delete(instanceId);
    }
  }

  private async defer(
    row: OutboxRow,
    at: Date,
    reason: string,
    extra: Partial<OutboxRow> = {},
  ): Promise<DispatchOutcome> {
    await this.o.repo.update(
      row.id,
      { status: 'pending', statusReason: reason, notBefore: at, claimedUntil: null, ...extra },
      this.o.clock.now(),
    );
    await this.o.schedule(row.id, at);
    return 'deferred';
  }

  private async finish(row: OutboxRow, status: 'blocked' | 'failed', reason: string): Promise<DispatchOutcome> {
    await this.o.repo.update(row.id, { status, statusReason: reason, claimedUntil: null }, this.o.clock.now());
    return status;
  }

  async dispatch(id: number): Promise<DispatchOutcome> {
    return (await this.dispatchBatch([id])).get(id) ?? 'skipped';
  }

  // One polled batch of job ids: each row's outcome ('skipped' for rows another worker has, or that
  // are not due). A failure of one message does not stop the others; it is rethrown at the end, so
  // the batch's jobs are retried (rows already sent are skipped then).
  async dispatchBatch(ids: readonly number[]): Promise<Map<number, DispatchOutcome>> {
    const { repo, clock } = this.o;
    const now = clock.now();
    const outcomes = new Map<number, DispatchOutcome>(ids.map((id) => [id, 'skipped']));
    const rows = await repo.claim([...new Set(ids)], now, this.o.claimMs);
    if (rows.length === 0) return outcomes;
    const instances = await repo.instancesOf([...new Set(rows.map((r) => r.accId))]);
    const byRecipient = new Map<string, ClaimedRow[]>();
    for (const row of rows) {
      const key = `${row.accId}:${row.recipient}`;
      byRecipient.set(key, [...(byRecipient.get(key) ?? []), row]);
    }
    const queues = [...byRecipient.values()];
    const limit = this.o.concurrency ?? DEFAULT_CONCURRENCY;
    const errors: unknown[] = [];
    const failed = (row: { id: number }, err: unknown) => {
      // The row stays claimed; when the claim lapses the sweep or the retried job takes it again.
      this.o.logger.error({ err, outbox: row.id }, 'dispatch failed');
      errors.push(err);
    };
    for (;;) {
      // A turn: the next message of each of the first recipients with messages left.
      const turn = queues
        .filter((q) => q.length > 0)
        .slice(0, limit)
        .map((q) => q.shift()!);
      if (turn.length === 0) break;
      const sent: SentRecord[] = [];
      await Promise.all(
        turn.map(async (row) => {
          try {
            const outcome = await this.send(
              row,
              instances.filter((i) => i.accId === row.accId),
            );
            if (typeof outcome === 'string') outcomes.set(row.id, outcome);
            else sent.push(outcome);
          } catch (err) {
            failed(row, err);
          }
        }),
      );
      await this.record(sent, outcomes, failed);
      // On PGlite every query resolves as a microtask; a batch that never yields would starve the
      // timers (the sessions' acks, lease renewals, a SIGTERM's shutdown) for as long as jobs last.
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (errors.length > 0) throw new AggregateError(errors, `${errors.length} of ${rows.length} dispatches failed`);
    return outcomes;
  }

  // Records a turn's sends in one statement; when that fails, each alone, so one bad record fails alone.
  private async record(
    sends: SentRecord[],
    outcomes: Map<number, DispatchOutcome>,
    failed: (row: { id: number }, err: unknown) => void,
  ): Promise<void> {
    if (sends.length === 0) return;
    try {
      await this.o.repo.recordSends(sends);
      for (const s of sends) outcomes.set(s.row.id, 'sent');
      return;
    } catch (err) {
      if (sends.length === 1) return failed(sends[0]!.row, err);
    }
    for (const s of sends) {
      try {
        await this.o.repo.recordSends([s]);
        outcomes.set(s.row.id, 'sent');
      } catch (err) {
        failed(s.row, err);
      }
    }
  }

  // A message's outcome, or its send for the turn to record.
  private async send(row: ClaimedRow, instances: ChannelInstanceRow[]): Promise<DispatchOutcome | SentRecord> {
    const { repo, clock } = this.o;
    // The batch's clock reading is stale by the messages served before this one.
    const now = clock.now();
    // A message that waited in its batch for half its claim renews it first, so the claim cannot
    // lapse before the send; when another worker took the row meanwhile, it is theirs.
    if (
      row.claimedUntil &&
      now.getTime() > row.claimedUntil.getTime() - this.o.claimMs / 2 &&
      !(await repo.renewClaim(row.id, row.attempts, now, this.o.claimMs))
    ) {
      return 'skipped';
    }
    if (row.blacklisted) return this.finish(row, 'blocked', 'blacklist');
    if (row.consent === false && !SOURCES_WITHOUT_CONSENT_CHECK.has(row.source)) {
      return this.finish(row, 'blocked', 'declined');
    }
    if (!row.timeZone) return this.finish(row, 'failed', 'no_branch');
    const window = row.sendFrom && row.sendTo ? { from: row.sendFrom, to: row.sendTo } : null;
    // Replies answer a client who just wrote, and the start page's greeting a client waiting on the
    // page: they are not held back by the quiet hours.
    const allowedAt = SOURCES_WITHOUT_QUIET_HOURS.has(row.source) ? now : nextAllowed(now, window, row.timeZone);
    if (allowedAt.getTime() > now.getTime()) return this.defer(row, allowedAt, 'quiet_hours');

    const { order, skipped, addresses } = cascadeOrder(row, now);
    const byKind = new Map(instances.map((i) => [i.kind, i]));
    const ready = order.map((k) => byKind.get(k)).filter((i): i is ChannelInstanceRow => i?.status === 'authenticated');
    if (ready.length === 0) {
      const waiting = order.some((k) => byKind.get(k)?.status === 'loading');
      if (waiting) return this.defer(row, new Date(now.getTime() + 60_000), 'channel_unavailable');
      // 'not_reachable': a connected channel was there, but the client is known not to be on it.
      const unreachable = skipped.some((k) => byKind.get(k)?.status === 'authenticated');
      return this.finish(row, 'failed', unreachable ? 'not_reachable' : 'no_channel');
    }

    const timeZone = row.timeZone;
    let chosen: ChannelInstanceRow | undefined;
    let slot: Slot | null = null;
    let retryAt = new Date(now.getTime() + 60_000);
    for (const instance of ready) {
      if (
        this.o.host &&
        !this.o.host.holds(instance.id) &&
        instance.leaseOwner &&
        instance.leaseOwner !== this.o.host.owner
      ) {
        // Another process holds this number's session: give the row to it.
        await repo.update(row.id, { status: 'pending', claimedUntil: null }, now);
        await this.o.schedule(row.id, now, instance.leaseOwner);
        return 'handed_over';
      }
      const granted = await this.mayUse(row, instance, timeZone, now);
      if (granted) {
        chosen = instance;
        if (granted !== true) slot = granted;
        break;
      }
      // Read with the batch: a slot taken since then only makes this retry come early and wait again.
      const blockedUntil = Math.max(instance.nextSlotAt?.getTime() ?? 0, instance.pausedUntil?.getTime() ?? 0);
      if (blockedUntil > now.getTime()) retryAt = new Date(Math.min(retryAt.getTime(), blockedUntil));
      // Hard priority waits for the first channel; soft priority takes the next one that is free now.
      if (!row.softPriority) break;
    }
    if (!chosen) return this.defer(row, retryAt, 'pacing');

    const session = await this.o.host?.ensure(chosen.id);
    if (!session) return this.defer(row, new Date(now.getTime() + 5_000), 'session_unavailable');
    const kind = chosen.kind as ChannelKind;
    let result: SendResult;
    try {
      result = await session.send(await this.outbound(row, kind, addresses.get(kind)));
    } catch (err) {
      this.o.logger.warn({ err, outbox: row.id }, 'driver send threw');
      result = { ok: false, failure: 'provider_error', detail: err instanceof Error ? err.message : String(err) };
    }
    return this.settle(row, chosen, kind, result, slot);
  }

  // Whether the message may go out on this number now. Replies answer a client who wrote moments
  // ago: the number's gaps and daily cap guard it against cold messages to unsaved contacts
  // (INTEGRATIONS.md: restrictions after 15–20 a day), not against a conversation the client
  // started, so a reply takes no slot (it neither waits behind a send-out's gap nor uses up the
  // day's cap); a paused number (a ban, a rate limit, a burst of errors) holds replies too.
  // true: free without a slot; a slot: the one it took; false: not now.
  private async mayUse(
    row: ClaimedRow,
    instance: ChannelInstanceRow,
    timeZone: string,
    now: Date,
  ): Promise<Slot | boolean> {
    if (row.source === 'reply') return !instance.pausedUntil || instance.pausedUntil.getTime() <= now.getTime();
    return (await this.reserveSlot(instance, timeZone, this.o.pacing(instance.kind as ChannelKind))) ?? false;
  }

  // `address`: a bot's chat id for the client (bots never write to a phone).
  private async outbound(row: OutboxRow, kind: ChannelKind, address: string | undefined): Promise<OutboundMessage> {
    const media = row.media as StoredMedia | null;
    return {
      // One key per row and channel: a fallback to the next channel is a different message, and the
      // row is recorded as sent on one channel only, so a message reaches the client once.
      idempotencyKey: `outbox:${row.id}:${kind}`,
      to: isBotKind(kind) && address ? address : row.recipient,
      text: row.body,
      media: media
        ? { fileName: media.fileName, contentType: media.contentType, data: await readFile(media.path) }
        : null,
    };
  }

  private async settle(
    row: OutboxRow,
    instance: ChannelInstanceRow,
    kind: ChannelKind,
    result: SendResult,
    slot: Slot | null,
  ): Promise<DispatchOutcome | SentRecord> {
    const { repo, clock } = this.o;
    const now = clock.now();
    if (result.ok) return { row, kind, instanceId: instance.id, providerMessageId: result.providerMessageId, now };
    // Nothing reached the client (not on this messenger, a number that does not exist, the account
    // not connected): the number's gap and the day's count were not used, so the next message need
    // not wait for them (a send-out to many clients without WhatsApp would crawl, and use up a new
    // number's 15–20 a day, for messages that never went out).
    if (slot && UNSENT.has(result.failure)) await repo.releaseSlot(slot, now);
    const profile = this.o.pacing(kind);
    const tried = [...row.triedKinds, kind];
    switch (result.failure) {
      case 'not_on_channel':
        // The cascade skips this channel for the client from now on (cascade.ts).
        await repo.markUnreachable(row.accId, row.recipient, kind, now);
        return this.fallback(row, tried, result.failure);
      case 'not_connected':
        return this.fallback(row, tried, result.failure);
      case 'banned':
        await repo.pause(instance.id, new Date(now.getTime() + 24 * 3_600_000), 'banned');
        return this.fallback(row, tried, 'banned');
      case 'rate_limited':
        await repo.pause(
          instance.id,
          new Date(now.getTime() + (result.retryAfterMs ?? profile.pauseMs)),
          'rate_limited',
        );
        return this.defer(row, now, 'rate_limited');
      case 'invalid_recipient':
        return this.finish(row, 'failed', 'invalid_recipient');
      case 'provider_error': {
        await repo.noteFailure(
          instance.id,
          profile.failureBurst,
          new Date(now.getTime() + profile.pauseMs),
          'error_burst',
        );
        if (row.attempts >= MAX_PROVIDER_ERRORS) return this.finish(row, 'failed', result.detail ?? 'provider_error');
        return this.defer(row, new Date(now.getTime() + 2 ** row.attempts * 1000), 'provider_error');
      }
    }
  }

  private async fallback(row: OutboxRow, tried: string[], reason: string): Promise<DispatchOutcome> {
    await this.defer(row, this.o.clock.now(), reason, { triedKinds: tried });
    return 'fallback';
  }

  // Restarts rows whose job was lost (a crash, a restart) and moves undelivered WhatsApp messages
  // to the next channel. Safe to run anywhere and any number of times: claims decide.
  async sweep(limit = 500, graceMs = 0): Promise<{ restarted: number; fellBack: number }> {
    const { repo, clock } = this.o;
    const now = clock.now();
    const ids = await repo.dueIds(now, limit, graceMs);
    for (const id of ids) await this.o.schedule(id, now);
    let fellBack = 0;
    for (const row of await repo.undelivered(new Date(now.getTime() - this.o.ackTimeoutMs), ['whatsapp'], limit)) {
      const branch = await repo.branchSending(row.accId);
      const tried = [...row.triedKinds, row.channelKind ?? 'whatsapp'];
      const { order } = cascadeOrder(
        {
          channels: row.channels,
          channelOrder: branch?.channelOrder ?? null,
          softPriority: branch?.softPriority ?? null,
          triedKinds: tried,
          reach: await repo.reachOf(row.accId, row.recipient),
        },
        now,
      );
      // Nothing left that could reach the client: the message stays sent on its channel.
      if (order.length === 0) continue;
      await repo.update(
        row.id,
        { status: 'pending', statusReason: 'not_delivered', triedKinds: tried, notBefore: now },
        now,
      );
      await this.o.schedule(row.id, now);
      fellBack += 1;
    }
    return { restarted: ids.length, fellBack };
  }
}
