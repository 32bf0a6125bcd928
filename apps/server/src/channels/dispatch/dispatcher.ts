import { readFile } from 'node:fs/promises';
import type { Clock } from '../../platform/clock.js';
import type { Logger } from '../../platform/logger.js';
import type { ChannelKind, OutboundMessage, SendResult } from '../channel.js';
import { CHANNEL_KINDS } from '../channel.js';
import type { ChannelHost } from '../host.js';
import type { ChannelInstanceRow } from '../repository.js';
import { dailyCap, nextGapMs, type PacingProfile } from './governor.js';
import type { NewOutbox, OutboxRepository, OutboxRow } from './outbox-repository.js';
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
  // Starts a dispatch job for the row at `at`; `owner` routes it to the process holding the session.
  schedule: (id: number, at: Date, owner?: string) => Promise<void>;
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

function isKind(value: string): value is ChannelKind {
  return (CHANNEL_KINDS as readonly string[]).includes(value);
}

// Takes each outbox row from pending to sent exactly once: checks the recipient, waits for the
// sending window, picks the channel by priority with fallback, asks the number's governor for a
// slot, and sends with the row's idempotency key so a resend after a crash is not a second message.
export class Dispatcher {
  constructor(private readonly o: DispatcherOptions) {}

  async enqueue(message: NewOutbox): Promise<{ id: number; created: boolean }> {
    const result = await this.o.repo.enqueue(message, this.o.clock.now());
    if (result.created) await this.o.schedule(result.id, message.notBefore);
    return result;
  }

  // Moves (or rewrites) a message that has not started sending: a moved booking's reminder. An early
  // job for the old time finds the row not yet due and leaves it; the new job sends it.
  async reschedule(
    id: number,
    patch: { notBefore: Date; body?: string; media?: unknown; idempotencyKey?: string; clientName?: string | null },
    options: { revive?: boolean } = {},
  ): Promise<boolean> {
    const changed = await this.o.repo.updatePending(id, patch, this.o.clock.now(), options.revive);
    if (changed) await this.o.schedule(id, patch.notBefore);
    return changed;
  }

  // A message that must not go out any more (its booking was cancelled, its template switched off).
  async cancel(ids: readonly number[], reason: string): Promise<number[]> {
    return this.o.repo.cancelPending(ids, reason, this.o.clock.now());
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
    const { repo, clock } = this.o;
    const now = clock.now();
    const row = await repo.claim(id, now, this.o.claimMs);
    if (!row) return 'skipped';

    const recipient = await repo.recipientState(row.accId, row.recipient);
    if (recipient.blacklisted) return this.finish(row, 'blocked', 'blacklist');
    if (recipient.consent === false && !SOURCES_WITHOUT_CONSENT_CHECK.has(row.source)) {
      return this.finish(row, 'blocked', 'declined');
    }

    const branch = await repo.branchSending(row.accId);
    if (!branch) return this.finish(row, 'failed', 'no_branch');
    const window = branch.sendFrom && branch.sendTo ? { from: branch.sendFrom, to: branch.sendTo } : null;
    // Replies answer a client who just wrote: they are not held back by the quiet hours.
    const allowedAt = row.source === 'reply' ? now : nextAllowed(now, window, branch.timeZone);
    if (allowedAt.getTime() > now.getTime()) return this.defer(row, allowedAt, 'quiet_hours');

    const order = (row.channels ?? branch.channelOrder ?? [...CHANNEL_KINDS])
      .filter(isKind)
      .filter((k) => !row.triedKinds.includes(k));
    const byKind = new Map((await repo.instances(row.accId)).map((i) => [i.kind, i]));
    const ready = order.map((k) => byKind.get(k)).filter((i): i is ChannelInstanceRow => i?.status === 'authenticated');
    if (ready.length === 0) {
      const waiting = order.some((k) => byKind.get(k)?.status === 'loading');
      return waiting
        ? this.defer(row, new Date(now.getTime() + 60_000), 'channel_unavailable')
        : this.finish(row, 'failed', 'no_channel');
    }

    const day = localDay(now, branch.timeZone);
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
      const profile = this.o.pacing(instance.kind as ChannelKind);
      const cap = dailyCap(profile, instance.firstConnectedAt, now);
      if (await repo.reserveSlot(instance.id, now, nextGapMs(profile, this.o.random), day, cap)) {
        chosen = instance;
        break;
      }
      const blockedUntil = Math.max(instance.nextSlotAt?.getTime() ?? 0, instance.pausedUntil?.getTime() ?? 0);
      if (blockedUntil > now.getTime()) retryAt = new Date(Math.min(retryAt.getTime(), blockedUntil));
      // Hard priority waits for the first channel; soft priority takes the next one that is free now.
      if (!branch.softPriority) break;
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
