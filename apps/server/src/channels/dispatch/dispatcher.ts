import { readFile } from 'node:fs/promises';
import type { Clock } from '../../platform/clock.js';
import type { Logger } from '../../platform/logger.js';
import type { ChannelKind, OutboundMessage, SendResult } from '../channel.js';
import { CHANNEL_KINDS } from '../channel.js';
import type { ChannelHost } from '../host.js';
import type { ChannelInstanceRow } from '../repository.js';
import { dailyCap, nextGapMs, type PacingProfile } from './governor.js';
import type { Schedule } from './outbox.js';
import type { ClaimedRow, OutboxRepository, OutboxRow } from './outbox-repository.js';
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
const SOURCES_WITHOUT_CONSENT_CHECK = new Set(['reply', 'test']);
const DEFAULT_CONCURRENCY = 8;

function isKind(value: string): value is ChannelKind {
  return (CHANNEL_KINDS as readonly string[]).includes(value);
}

// Runs `work` on each group with at most `limit` groups at once. Each item ends with a turn of the
// event loop: on PGlite every query resolves as a microtask, and a batch that never yields would
// starve the timers (the sessions' acks, lease renewals, a SIGTERM's shutdown) for as long as jobs last.
async function eachLimited<T>(groups: T[][], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < groups.length) {
      const group = groups[next++]!;
      for (const item of group) {
        await work(item);
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, groups.length) }, lane));
}

// Takes each outbox row from pending to sent exactly once: checks the recipient, waits for the
// sending window, picks the channel by priority with fallback, asks the number's governor for a
// slot, and sends with the row's idempotency key so a resend after a crash is not a second message.
// A polled batch is claimed and checked in one statement and its numbers read once; then its
// recipients are served a few at a time, each recipient's messages in order. The governor's slot is
// reserved atomically per message, so this concurrency never sends a number faster than its pacing.
export class Dispatcher {
  // The slot reservation in progress per number: a batch's lanes ask one number's governor one at a
  // time, each with the time of its own turn, so a lane that read the clock earlier never finds the
  // slot a later reading took (with no gap between messages, it would wait a minute for nothing).
  readonly #slots = new Map<string, Promise<unknown>>();

  constructor(private readonly o: DispatcherOptions) {}

  private async reserveSlot(instance: ChannelInstanceRow, timeZone: string, profile: PacingProfile): Promise<boolean> {
    const before = this.#slots.get(instance.id) ?? Promise.resolve();
    const turn = before.then(async () => {
      const now = this.o.clock.now();
      const gapMs = nextGapMs(profile, this.o.random);
      const cap = dailyCap(profile, instance.firstConnectedAt, now);
      return this.o.repo.reserveSlot(instance.id, now, gapMs, localDay(now, timeZone), cap);
    });
    const settled = turn.catch(() => undefined);
    this.#slots.set(instance.id, settled);
    try {
      return await turn;
    } finally {
      if (this.#slots.get(instance.id) === settled) this.#slots.delete(instance.id);
    }
  }

  private async defer(row: OutboxRow, at: Date, reason: string, extra: Partial<OutboxRow> = {}): Promise<DispatchOutcome> {
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
    const errors: unknown[] = [];
    await eachLimited([...byRecipient.values()], this.o.concurrency ?? DEFAULT_CONCURRENCY, async (row) => {
      try {
        outcomes.set(row.id, await this.send(row, instances.filter((i) => i.accId === row.accId)));
      } catch (err) {
        // The row stays claimed; when the claim lapses the sweep or the retried job takes it again.
        this.o.logger.error({ err, outbox: row.id }, 'dispatch failed');
        errors.push(err);
      }
    });
    if (errors.length > 0) throw new AggregateError(errors, `${errors.length} of ${rows.length} dispatches failed`);
    return outcomes;
  }

  private async send(row: ClaimedRow, instances: ChannelInstanceRow[]): Promise<DispatchOutcome> {
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
    // Replies answer a client who just wrote: they are not held back by the quiet hours.
    const allowedAt = row.source === 'reply' ? now : nextAllowed(now, window, row.timeZone);
    if (allowedAt.getTime() > now.getTime()) return this.defer(row, allowedAt, 'quiet_hours');

    const order = (row.channels ?? row.channelOrder ?? [...CHANNEL_KINDS])
      .filter(isKind)
      .filter((k) => !row.triedKinds.includes(k));
    const byKind = new Map(instances.map((i) => [i.kind, i]));
    const ready = order.map((k) => byKind.get(k)).filter((i): i is ChannelInstanceRow => i?.status === 'authenticated');
    if (ready.length === 0) {
      const waiting = order.some((k) => byKind.get(k)?.status === 'loading');
      return waiting
        ? this.defer(row, new Date(now.getTime() + 60_000), 'channel_unavailable')
        : this.finish(row, 'failed', 'no_channel');
    }

    const timeZone = row.timeZone;
    let chosen: ChannelInstanceRow | undefined;
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
      if (await this.reserveSlot(instance, timeZone, this.o.pacing(instance.kind as ChannelKind))) {
        chosen = instance;
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
      result = await session.send(await this.outbound(row, kind));
    } catch (err) {
      this.o.logger.warn({ err, outbox: row.id }, 'driver send threw');
      result = { ok: false, failure: 'provider_error', detail: err instanceof Error ? err.message : String(err) };
    }
    return this.settle(row, chosen, kind, result);
  }

  private async outbound(row: OutboxRow, kind: ChannelKind): Promise<OutboundMessage> {
    const media = row.media as StoredMedia | null;
    return {
      // One key per row and channel: a fallback to the next channel is a different message.
      idempotencyKey: `outbox:${row.id}:${kind}`,
      to: row.recipient,
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
  ): Promise<DispatchOutcome> {
    const { repo, clock } = this.o;
    const now = clock.now();
    if (result.ok) {
      await repo.recordSent(row, kind, instance.id, result.providerMessageId, now);
      return 'sent';
    }
    const profile = this.o.pacing(kind);
    const tried = [...row.triedKinds, kind];
    switch (result.failure) {
      case 'not_on_channel':
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
      const order = (row.channels ?? branch?.channelOrder ?? [...CHANNEL_KINDS]).filter(isKind);
      const tried = [...row.triedKinds, row.channelKind ?? 'whatsapp'];
      if (!order.some((k) => !tried.includes(k))) continue;
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
