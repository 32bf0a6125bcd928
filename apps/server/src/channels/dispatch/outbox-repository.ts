import { and, eq, getTableColumns, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../platform/db/client.js';
import type { Executor } from '../../platform/db/executor.js';
import { branches } from '../../platform/db/schema.js';
import { chatMessages } from '../chat-log/schema.js';
import { channelInstances, outbox } from '../schema.js';
import { ReachRepository } from '../reach/reach-repository.js';
import { NO_RECIPIENT_POLICY, type RecipientPolicy } from './recipient-policy.js';

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

export type PendingPatch = { notBefore: Date } & Partial<
  Pick<typeof outbox.$inferInsert, 'body' | 'media' | 'idempotencyKey' | 'clientName'>
>;

// A send to record: the row, and the number and provider id it went out with.
export interface SentRecord {
  row: Pick<OutboxRow, 'id' | 'accId' | 'recipient' | 'clientName' | 'media' | 'body'>;
  kind: string;
  instanceId: string;
  providerMessageId: string;
  now: Date;
}

// A claimed row with what the dispatcher checks before sending, read in the claiming statement.
export interface ClaimedRow extends OutboxRow {
  blacklisted: boolean;
  // The client's answer to the consent question; null when they never answered.
  consent: boolean | null;
  // The branch's zone and sending settings (null settings: none saved, the defaults apply).
  timeZone: string | null;
  sendFrom: string | null;
  sendTo: string | null;
  channelOrder: string[] | null;
  softPriority: boolean | null;
  // What the cascade knows of this client per channel (channels/reach): linked bots with their
  // address, channels known not to reach them, and when each last delivered.
  reach: ReachFact[];
}

export interface ReachFact {
  kind: string;
  state: 'linked' | 'unreachable';
  address: string | null;
  // ISO instants (read as JSON).
  lastDeliveredAt: string | null;
  updatedAt: string;
}

export class OutboxRepository {
  // `policy`: the recipient and branch checks a claim reads (recipient-policy.ts); writers need none.
  constructor(
    private readonly db: Executor,
    private readonly policy: RecipientPolicy = NO_RECIPIENT_POLICY,
  ) {}

  // The same repository writing through a transaction (platform/db/executor.ts).
  with(tx: Executor): OutboxRepository {
    return new OutboxRepository(tx, this.policy);
  }

  // Writes the message once per idempotency key; a repeat returns the first row's id. `jobs`: the
  // insert of the new row's dispatch job (outbox.ts JobsFor), run by the same statement.
  async enqueue(
    row: NewOutbox,
    now: Date,
    jobs?: (rows: SQL) => Promise<SQL>,
  ): Promise<{ id: number; created: boolean }> {
    const insert = this.insertSql(row, now);
    const inserted = await queryRows<{ id: number | string }>(
      this.db,
      jobs ? sql`with created as (${insert}), job as (${await jobs(sql`created`)}) select id from created` : insert,
    );
    if (inserted[0]) return { id: Number(inserted[0].id), created: true };
    const existing = await this.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(eq(outbox.idempotencyKey, row.idempotencyKey));
    return { id: existing[0]!.id, created: false };
  }

  // Written out rather than built: every message passes here once, and drizzle's insert of this
  // table (every column named, the unset ones as `default`) cost about 0.5 ms more a row on PGlite
  // (bench:dispatch, 27 November 2026). Values go through the columns' own encoders.
  private insertSql(row: NewOutbox, now: Date): SQL {
    const param = <C extends keyof typeof outbox.$inferInsert>(column: C, value: unknown) =>
      value === null || value === undefined ? sql`null` : sql.param(value, outbox[column]);
    return sql`insert into ${outbox} (acc_id, idempotency_key, source, source_id, recipient, client_name, body,
                                   media, channels, not_before, status, created_at, updated_at)
      values (${row.accId}, ${row.idempotencyKey}, ${row.source}, ${row.sourceId ?? null}, ${row.recipient},
              ${row.clientName ?? null}, ${row.body}, ${param('media', row.media)}, ${param('channels', row.channels)},
              ${param('notBefore', row.notBefore)}, 'pending', ${param('createdAt', now)}, ${param('updatedAt', now)})
      on conflict (idempotency_key) do nothing
      returning id`;
  }

  // Records a send in one statement: the row sent with any ack that came before this record (a
  // worker died between sending and recording, or the network was quicker than us), the number's
  // success, and the bot's chat row. One statement commits all of it or none, so a crash cannot keep
  // one without the others.
  async recordSent(
    row: SentRecord['row'],
    kind: string,
    instanceId: string,
    providerMessageId: string,
    now: Date,
  ): Promise<void> {
    await this.recordSends([{ row, kind, instanceId, providerMessageId, now }]);
  }

  // Records several sends in one statement, as recordSent records one (the dispatcher's sends that
  // finished while an earlier record was being written). All of them are kept, or none.
  async recordSends(sends: readonly SentRecord[]): Promise<void> {
    if (sends.length === 0) return;
    await this.db.execute(sql`
      with ${this.markSentParts(sends)},
      healthy as (
        update channel_instances set recent_failures = 0
        where id in (select instance_id from sent) and recent_failures <> 0
        returning id
      ),
      -- A delivery acked before this record: the channel reached the client (ChannelRepository's
      -- ack handler remembers the later ones).
      remembered as (
        insert into client_channels (acc_id, phone, kind, state, last_delivered_at, updated_at)
        select sent.acc_id, sent.phone, sent.kind, 'linked', ack.at, ack.at
        from sent join ack on ack.instance_id = sent.instance_id and ack.provider_message_id = sent.provider_message_id
        where ack.ack in ('delivered', 'read')
        on conflict (acc_id, phone, kind) do update set state = 'linked',
          last_delivered_at = greatest(client_channels.last_delivered_at, excluded.last_delivered_at),
          updated_at = excluded.updated_at
        returning 1
      )
      insert into ${chatMessages} (acc_id, instance_id, channel_kind, direction, phone, name, type, body,
                                   provider_message_id, outbox_id, at)
      select acc_id, instance_id, kind, 'bot', phone, name, type, body, provider_message_id, id, at from sent
      on conflict do nothing`);
  }

  // Records the send on the outbox row alone (recordSent does this and more).
  async markSent(
    id: number,
    kind: string,
    instanceId: string,
    providerMessageId: string,
    now: Date,
    db: Executor = this.db,
  ): Promise<void> {
    const row = { id, accId: 0, recipient: '', clientName: null, media: null, body: '' };
    await db.execute(sql`with ${this.markSentParts([{ row, kind, instanceId, providerMessageId, now }])} select 1`);
  }

  // The ack handler (ChannelRepository.applyAcks) stores each ack in channel_acks before it raises
  // the outbox row it finds by provider id. Recording a send upserts the same key as 'sent' and takes
  // the row's status from what the upsert returns: the unique key makes the two wait for each other,
  // so either the record returns the ack stored first, or the ack handler's later statement finds
  // the recorded row. (A plain read of channel_acks could miss an ack stored while this statement
  // runs, and the ack's update could miss this row: a lost 'delivered'.)
  private markSentParts(sends: readonly SentRecord[]) {
    const values = sends.map(
      (s) => sql`(${s.row.id}::bigint, ${s.row.accId}::integer, ${s.instanceId}::text, ${s.kind}::text,
        ${s.providerMessageId}::text, ${s.row.recipient}::text, ${s.row.clientName}::text,
        ${s.row.media ? 'file' : 'text'}::text, ${s.row.body}::text, ${s.now.toISOString()}::timestamptz)`,
    );
    return sql`sent (id, acc_id, instance_id, kind, provider_message_id, phone, name, type, body, at) as (
        values ${sql.join(values, sql`, `)}
      ),
      ack as (
        insert into channel_acks (instance_id, provider_message_id, ack, at)
        select instance_id, provider_message_id, 'sent', at from sent
        on conflict (instance_id, provider_message_id) do update set ack = channel_acks.ack
        returning instance_id, provider_message_id, ack, at
      ),
      recorded as (
        update outbox set
          status = ack.ack,
          status_reason = null,
          channel_kind = sent.kind,
          instance_id = sent.instance_id,
          provider_message_id = sent.provider_message_id,
          sent_at = sent.at,
          delivered_at = case when ack.ack in ('delivered', 'read') then ack.at end,
          read_at = case when ack.ack = 'read' then ack.at end,
          claimed_until = null,
          updated_at = sent.at
        from sent
        join ack on ack.instance_id = sent.instance_id and ack.provider_message_id = sent.provider_message_id
        where outbox.id = sent.id
        returning outbox.id
      )`;
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

  // Takes due rows for sending: pending, or left 'sending' by a worker whose claim lapsed (it died).
  // Only one worker can win the update of a row, so a row is never sent by two at once. The same
  // statement reads what the dispatcher checks of each row (blacklist, consent, the branch's zone,
  // sending window and channel order): one round trip for a polled batch.
  async claim(ids: readonly number[], now: Date, claimMs: number): Promise<ClaimedRow[]> {
    if (ids.length === 0) return [];
    // The claimed row's columns for the owners' checks, qualified (see RETURNING below).
    const accId = sql`outbox.acc_id`;
    const recipient = sql`outbox.recipient`;
    const settings = this.policy.sendingSettings(accId);
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
          inArray(outbox.id, [...ids]),
          lte(outbox.notBefore, now),
          or(eq(outbox.status, 'pending'), and(eq(outbox.status, 'sending'), lt(outbox.claimedUntil, now))),
        ),
      )
      // Qualified by hand: drizzle writes bare column names in RETURNING.
      .returning({
        ...getTableColumns(outbox),
        blacklisted: this.policy.blocked(accId, recipient),
        consent: this.policy.consent(accId, recipient),
        timeZone: sql<string | null>`(select br.time_zone from branches br where br.acc_id = outbox.acc_id)`,
        sendFrom: settings.sendFrom,
        sendTo: settings.sendTo,
        channelOrder: settings.channelOrder,
        softPriority: settings.softPriority,
        reach: sql<ReachFact[]>`(select coalesce(json_agg(json_build_object('kind', cc.kind, 'state', cc.state,
            'address', cc.address, 'lastDeliveredAt', cc.last_delivered_at, 'updatedAt', cc.updated_at)), '[]'::json)
          from client_channels cc where cc.acc_id = outbox.acc_id and cc.phone = outbox.recipient)`,
      });
    return rows.sort((a, b) => a.id - b.id);
  }

  // Extends this worker's claim on a row it claimed as attempt `attempts`: false when another worker
  // has claimed the row since (its claim counted another attempt), or the row left 'sending'.
  async renewClaim(id: number, attempts: number, now: Date, claimMs: number): Promise<boolean> {
    const rows = await this.db
      .update(outbox)
      .set({ claimedUntil: new Date(now.getTime() + claimMs), updatedAt: now })
      .where(and(eq(outbox.id, id), eq(outbox.status, 'sending'), eq(outbox.attempts, attempts)))
      .returning({ id: outbox.id });
    return rows.length === 1;
  }

  // Changes a message that has not started sending (and, with `revive`, one that was cancelled);
  // false when it already went out or is gone.
  async updatePending(id: number, patch: PendingPatch, now: Date, revive = false): Promise<boolean> {
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

  async branchSending(accId: number) {
    const settings = this.policy.sendingSettings(sql`${branches.accId}`);
    const rows = await this.db
      .select({
        timeZone: branches.timeZone,
        sendFrom: settings.sendFrom,
        sendTo: settings.sendTo,
        channelOrder: settings.channelOrder,
        softPriority: settings.softPriority,
      })
      .from(branches)
      .where(eq(branches.accId, accId));
    return rows[0];
  }

  // A channel answered that the client is not there (ReachRepository.markUnreachable's statement).
  async markUnreachable(accId: number, phone: string, kind: string, now: Date): Promise<void> {
    await new ReachRepository(this.db).markUnreachable(accId, phone, kind, now);
  }

  // What the cascade knows of one client (claim() reads the same with each row).
  async reachOf(accId: number, phone: string): Promise<ReachFact[]> {
    const rows = await queryRows<{ reach: ReachFact[] }>(
      this.db,
      sql`select coalesce(json_agg(json_build_object('kind', cc.kind, 'state', cc.state, 'address', cc.address,
          'lastDeliveredAt', cc.last_delivered_at, 'updatedAt', cc.updated_at)), '[]'::json) as reach
        from client_channels cc where cc.acc_id = ${accId} and cc.phone = ${phone}`,
    );
    return rows[0]?.reach ?? [];
  }

  // The numbers of the given branches, read once for a batch: status, lease holder, pacing state.
  async instancesOf(accIds: readonly number[]) {
    if (accIds.length === 0) return [];
    return this.db
      .select()
      .from(channelInstances)
      .where(inArray(channelInstances.accId, [...accIds]));
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

  // Reserves `count` slots of a number one after another in one statement, each but the last with
  // no gap after it (so each would find the slot free right after the one before): as many as
  // today's cap leaves, or none when the number is busy or paused. Returns how many it reserved.
  async reserveSlots(
    instanceId: string,
    now: Date,
    count: number,
    lastGapMs: number,
    day: string,
    cap: number,
  ): Promise<number> {
    const at = now.toISOString();
    const rows = await queryRows<{ granted: number }>(
      this.db,
      sql`with current as (
          select id, case when sent_day = ${day} then sent_today else 0 end as used
          from channel_instances
          where id = ${instanceId}
            and (next_slot_at is null or next_slot_at <= ${at}::timestamptz)
            and (paused_until is null or paused_until <= ${at}::timestamptz)
            and (sent_day is distinct from ${day} or sent_today < ${cap}::integer)
          for update
        ),
        granted as (select id, used, least(${count}::integer, ${cap}::integer - used) as n from current)
        update channel_instances set
          sent_today = granted.used + granted.n,
          sent_day = ${day},
          next_slot_at = ${at}::timestamptz
            + (case when granted.n = ${count}::integer then ${lastGapMs}::integer else 0 end) * interval '1 millisecond'
        from granted
        where channel_instances.id = granted.id and granted.n > 0
        returning granted.n as granted`,
    );
    return Number(rows[0]?.granted ?? 0);
  }

  // Gives back a slot a message took but did not use: its count in the day, and the number's gap
  // when it is still the one that message set (a slot taken since keeps its own).
  async releaseSlot(slot: { instanceId: string; day: string; gapEnd: Date | null }, now: Date): Promise<void> {
    const gapEnd = slot.gapEnd?.toISOString() ?? null;
    await this.db.execute(sql`
      update channel_instances set
        sent_today = case when sent_day = ${slot.day} then greatest(sent_today - 1, 0) else sent_today end,
        next_slot_at = case when next_slot_at = ${gapEnd}::timestamptz then ${now.toISOString()}::timestamptz
                            else next_slot_at end
      where id = ${slot.instanceId}`);
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
}
