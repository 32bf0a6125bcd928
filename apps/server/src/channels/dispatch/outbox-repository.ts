import { and, eq, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { branches } from '../../modules/accounts/schema.js';
import { lockAckKey } from '../repository.js';
import {
  blacklist,
  channelAcks,
  channelInstances,
  chatMessages,
  consents,
  outbox,
  sendingSettings,
} from '../schema.js';

export type OutboxRow = typeof outbox.$inferSelect;
export type NewOutbox = Pick<
  typeof outbox.$inferInsert,
  | 'accId'
  | 'idempotencyKey'
  | 'source'
  | 'sourceId'
  | 'recipient'
  | 'clientName'
  | 'body'
  | 'media'
  | 'channels'
  | 'notBefore'
>;

export class OutboxRepository {
  constructor(private readonly db: Db) {}

  // Writes the message once per idempotency key; a repeat returns the first row's id.
  async enqueue(row: NewOutbox, now: Date): Promise<{ id: number; created: boolean }> {
    const inserted = await this.db
      .insert(outbox)
      .values({ ...row, status: 'pending', createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: outbox.idempotencyKey })
      .returning({ id: outbox.id });
    if (inserted[0]) return { id: inserted[0].id, created: true };
    const existing = await this.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(eq(outbox.idempotencyKey, row.idempotencyKey));
    return { id: existing[0]!.id, created: false };
  }

  // Records a send, and with it any ack that arrived before this record (a worker died between
  // sending and recording, and the next session already reported the delivery).
  // The send, the number's success and the bot's chat row, together: a crash cannot keep one without
  // the others.
  async recordSent(
    row: OutboxRow,
    kind: string,
    instanceId: string,
    providerMessageId: string,
    now: Date,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.markSent(row.id, kind, instanceId, providerMessageId, now, tx);
      await this.noteSuccess(instanceId, tx);
      await this.saveBotMessage(row, kind, instanceId, providerMessageId, now, tx);
    });
  }

  async markSent(
    id: number,
    kind: string,
    instanceId: string,
    providerMessageId: string,
    now: Date,
    db: Db = this.db,
  ): Promise<void> {
    // The ack handler takes the same lock (ChannelRepository.applyAck): an ack stored meanwhile is
    // seen here or sees this row.
    await db.transaction(async (tx) => {
      await lockAckKey(tx, instanceId, providerMessageId);
      const acked = (wanted: SQL) =>
        sql`(select ${channelAcks.at} from ${channelAcks} where ${channelAcks.instanceId} = ${instanceId}
        and ${channelAcks.providerMessageId} = ${providerMessageId} and ${channelAcks.ack} in ${wanted})`;
      await tx
        .update(outbox)
        .set({
          status: sql`coalesce((select ${channelAcks.ack} from ${channelAcks} where ${channelAcks.instanceId} = ${instanceId}
          and ${channelAcks.providerMessageId} = ${providerMessageId}), 'sent')`,
          statusReason: null,
          channelKind: kind,
          instanceId,
          providerMessageId,
          sentAt: now,
          deliveredAt: acked(sql`('delivered', 'read')`),
          readAt: acked(sql`('read')`),
          claimedUntil: null,
          updatedAt: now,
        })
        .where(eq(outbox.id, id));
    });
  }

  // Moves a message that was never delivered to the next channel, unless an ack raised it meanwhile.
  async moveOn(id: number, tried: string[], now: Date): Promise<boolean> {
    const rows = await this.db
      .update(outbox)
      .set({ status: 'pending', statusReason: 'not_delivered', triedKinds: tried, notBefore: now, updatedAt: now })
      .where(and(eq(outbox.id, id), eq(outbox.status, 'sent')))
      .returning({ id: outbox.id });
    return rows.length === 1;
  }

  async get(id: number): Promise<OutboxRow | undefined> {
    const rows = await this.db.select().from(outbox).where(eq(outbox.id, id));
    return rows[0];
  }

  // Takes a due row for sending: pending, or left 'sending' by a worker whose claim lapsed (it died).
  // Only one worker can win the update, so a row is never sent by two at once.
  async claim(id: number, now: Date, claimMs: number): Promise<OutboxRow | undefined> {
    const rows = await this.db
      .update(outbox)
      .set({
        status: 'sending',
        claimedUntil: new Date(now.getTime() + claimMs),
        attempts: sql`${outbox.attempts} + 1`,
        updatedAt: now,
      })
      .where(
        and(
          eq(outbox.id, id),
          lte(outbox.notBefore, now),
          or(eq(outbox.status, 'pending'), and(eq(outbox.status, 'sending'), lt(outbox.claimedUntil, now))),
        ),
      )
      .returning();
    return rows[0];
  }

  // Changes a message that has not started sending (and, with `revive`, one that was cancelled);
  // false when it already went out or is gone.
  async updatePending(
    id: number,
    patch: Partial<Pick<typeof outbox.$inferInsert, 'notBefore' | 'body' | 'media' | 'idempotencyKey' | 'clientName'>>,
    now: Date,
    revive = false,
  ): Promise<boolean> {
    const rows = await this.db
      .update(outbox)
      .set({ ...patch, status: 'pending', statusReason: null, updatedAt: now })
      .where(and(eq(outbox.id, id), inArray(outbox.status, revive ? ['pending', 'cancelled'] : ['pending'])))
      .returning({ id: outbox.id });
    return rows.length > 0;
  }

  // Cancels messages that have not started sending; returns the ids it cancelled.
  async cancelPending(ids: readonly number[], reason: string, now: Date): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .update(outbox)
      .set({ status: 'cancelled', statusReason: reason, updatedAt: now })
      .where(and(inArray(outbox.id, [...ids]), eq(outbox.status, 'pending')))
      .returning({ id: outbox.id });
    return rows.map((r) => r.id);
  }

  async update(id: number, patch: Partial<typeof outbox.$inferInsert>, now: Date): Promise<void> {
    await this.db
      .update(outbox)
      .set({ ...patch, updatedAt: now })
      .where(eq(outbox.id, id));
  }

  // Rows a sweep must (re)start: pending and overdue by more than `graceMs` (their job was lost), or
  // stuck in 'sending' after a crash. The grace keeps the sweep from re-queueing rows whose jobs are
  // simply waiting their turn.
  async dueIds(now: Date, limit: number, graceMs = 0): Promise<number[]> {
    const overdue = new Date(now.getTime() - graceMs);
    const rows = await this.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        or(
          and(eq(outbox.status, 'pending'), lte(outbox.notBefore, overdue)),
          and(eq(outbox.status, 'sending'), lt(outbox.claimedUntil, now)),
        ),
      )
      .orderBy(outbox.notBefore)
      .limit(limit);
    return rows.map((r) => r.id);
  }

  // Sent on a channel but not delivered within the time allowed: candidates for the next channel.
  async undelivered(before: Date, kinds: string[], limit: number): Promise<OutboxRow[]> {
    return this.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.status, 'sent'), lt(outbox.sentAt, before), inArray(outbox.channelKind, kinds)))
      .limit(limit);
  }

  async recipientState(accId: number, phone: string): Promise<{ blacklisted: boolean; consent: boolean | null }> {
    const [black, consent] = await Promise.all([
      this.db
        .select({ phone: blacklist.phone })
        .from(blacklist)
        .where(and(eq(blacklist.accId, accId), eq(blacklist.phone, phone))),
      this.db
        .select({ consent: consents.consent })
        .from(consents)
        .where(and(eq(consents.accId, accId), eq(consents.phone, phone))),
    ]);
    return { blacklisted: black.length > 0, consent: consent[0]?.consent ?? null };
  }

  async branchSending(accId: number) {
    const rows = await this.db
      .select({
        timeZone: branches.timeZone,
        sendFrom: sendingSettings.sendFrom,
        sendTo: sendingSettings.sendTo,
        channelOrder: sendingSettings.channelOrder,
        softPriority: sendingSettings.softPriority,
      })
      .from(branches)
      .leftJoin(sendingSettings, eq(sendingSettings.accId, branches.accId))
      .where(eq(branches.accId, accId));
    return rows[0];
  }

  async instances(accId: number) {
    return this.db.select().from(channelInstances).where(eq(channelInstances.accId, accId));
  }

  // Reserves the number's next sending slot: free now, not paused, under today's cap. Atomic, so
  // two workers never use one slot.
  async reserveSlot(instanceId: string, now: Date, gapMs: number, day: string, cap: number): Promise<boolean> {
    const rows = await this.db
      .update(channelInstances)
      .set({
        nextSlotAt: new Date(now.getTime() + gapMs),
        sentToday: sql`case when ${channelInstances.sentDay} = ${day} then ${channelInstances.sentToday} + 1 else 1 end`,
        sentDay: day,
      })
      .where(
        and(
          eq(channelInstances.id, instanceId),
          or(sql`${channelInstances.nextSlotAt} is null`, lte(channelInstances.nextSlotAt, now)),
          or(sql`${channelInstances.pausedUntil} is null`, lte(channelInstances.pausedUntil, now)),
          or(sql`${channelInstances.sentDay} is distinct from ${day}`, lt(channelInstances.sentToday, cap)),
        ),
      )
      .returning({ id: channelInstances.id });
    return rows.length === 1;
  }

  async noteSuccess(instanceId: string, db: Db = this.db): Promise<void> {
    await db.update(channelInstances).set({ recentFailures: 0 }).where(eq(channelInstances.id, instanceId));
  }

  // Counts a failure; past the burst size the number pauses, with the reason shown on the connection page.
  async noteFailure(instanceId: string, burst: number, pauseUntil: Date, reason: string): Promise<boolean> {
    const rows = await this.db
      .update(channelInstances)
      .set({ recentFailures: sql`${channelInstances.recentFailures} + 1` })
      .where(eq(channelInstances.id, instanceId))
      .returning({ failures: channelInstances.recentFailures });
    if ((rows[0]?.failures ?? 0) < burst) return false;
    await this.pause(instanceId, pauseUntil, reason);
    return true;
  }

  async pause(instanceId: string, until: Date, reason: string): Promise<void> {
    await this.db
      .update(channelInstances)
      .set({ pausedUntil: until, pauseReason: reason, recentFailures: 0 })
      .where(eq(channelInstances.id, instanceId));
  }

  async saveBotMessage(
    row: OutboxRow,
    kind: string,
    instanceId: string,
    providerMessageId: string,
    at: Date,
    db: Db = this.db,
  ) {
    await db
      .insert(chatMessages)
      .values({
        accId: row.accId,
        instanceId,
        channelKind: kind,
        direction: 'bot',
        phone: row.recipient,
        name: row.clientName,
        type: row.media ? 'file' : 'text',
        body: row.body,
        providerMessageId,
        outboxId: row.id,
        at,
      })
      .onConflictDoNothing();
  }
}
