import { and, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { ChannelStatus } from '@salon/contract/accounts';
import type { Db } from '../platform/db/client.js';
import { branches } from '../platform/db/schema.js';
import type { Ack, InboundMessage } from './channel.js';
import { chatMessages } from './chat-log/schema.js';
import { channelAcks, channelCommands, channelInstances, outbox } from './schema.js';

export type ChannelInstanceRow = typeof channelInstances.$inferSelect;

// failed < delivered < read: a stored ack only moves up.
export function ackRank(column: SQL): SQL {
  return sql`(case ${column} when 'read' then 2 when 'delivered' then 1 else 0 end)`;
}

// One message's acks take this transaction lock in turn. The recording of its send does not: it
// upserts the message's channel_acks key, whose unique index makes it and an ack wait for each other
// (OutboxRepository.markSentParts), so whichever commits second sees what the first wrote.
// Many messages' locks are taken in one statement, in the order of their keys' hashes, so two
// transactions locking overlapping sets cannot wait for each other.
export async function lockAckKeys(db: Db, instanceId: string, providerMessageIds: readonly string[]): Promise<void> {
  const keys = providerMessageIds.map((id) => sql`(${`${instanceId}:${id}`}::text)`);
  await db.execute(sql`select pg_advisory_xact_lock(h) from (
      select distinct hashtext(k) as h from (values ${sql.join(keys, sql`, `)}) as v(k) order by h
    ) as ordered`);
}

export interface AckReport {
  providerMessageId: string;
  ack: Ack;
}

type StoredAck = AckReport & { ack: Exclude<Ack, 'server'> };

export class ChannelRepository {
  constructor(private readonly db: Db) {}

  // The state of every channel instance of these branches, as the sessions last reported it.
  async statusesOf(accIds: readonly number[]): Promise<{ accId: number; kind: string; status: string }[]> {
    if (accIds.length === 0) return [];
    return this.db
      .select({ accId: channelInstances.accId, kind: channelInstances.kind, status: channelInstances.status })
      .from(channelInstances)
      .where(inArray(channelInstances.accId, [...accIds]));
  }

  async instance(id: string): Promise<ChannelInstanceRow | undefined> {
    const rows = await this.db.select().from(channelInstances).where(eq(channelInstances.id, id));
    return rows[0];
  }

  async instanceOf(accId: number, kind: string): Promise<ChannelInstanceRow | undefined> {
    const rows = await this.db
      .select()
      .from(channelInstances)
      .where(and(eq(channelInstances.accId, accId), eq(channelInstances.kind, kind)));
    return rows[0];
  }

  // Creates the branch's instance of a channel kind on first use; the id is stable per branch and kind.
  async ensureInstance(accId: number, kind: string, provider: string, now: Date): Promise<ChannelInstanceRow> {
    await this.db
      .insert(channelInstances)
      .values({ id: `${kind}-${accId}`, accId, kind, provider, updatedAt: now })
      .onConflictDoNothing();
    return (await this.instanceOf(accId, kind))!;
  }

  async setProvider(id: string, provider: string): Promise<void> {
    await this.db.update(channelInstances).set({ provider }).where(eq(channelInstances.id, id));
  }

  async update(id: string, patch: Partial<typeof channelInstances.$inferInsert>): Promise<void> {
    await this.db.update(channelInstances).set(patch).where(eq(channelInstances.id, id));
  }

  // Takes (or keeps) the leases this process may hold: free ones, lapsed ones, and its own.
  // A dropped instance (not paid) is not opened at all.
  async acquireLeases(owner: string, providers: string[], now: Date, leaseMs: number): Promise<ChannelInstanceRow[]> {
    if (providers.length === 0) return [];
    return this.db
      .update(channelInstances)
      .set({ leaseOwner: owner, leaseExpiresAt: new Date(now.getTime() + leaseMs) })
      .where(
        and(
          sql`${channelInstances.provider} in ${providers}`,
          sql`${channelInstances.status} <> 'no_pay'`,
          or(
            eq(channelInstances.leaseOwner, owner),
            isNull(channelInstances.leaseExpiresAt),
            lt(channelInstances.leaseExpiresAt, now),
          ),
        ),
      )
      .returning();
  }

  async releaseLeases(owner: string): Promise<void> {
    await this.db
      .update(channelInstances)
      .set({ leaseOwner: null, leaseExpiresAt: null })
      .where(eq(channelInstances.leaseOwner, owner));
  }

  async saveStatus(
    id: string,
    status: ChannelStatus,
    reason: string | null,
    phone: string | null,
    now: Date,
  ): Promise<void> {
    const instance = await this.instance(id);
    // A dropped (unpaid) instance keeps its state whatever a closing session still reports.
    if (!instance || (instance.status === 'no_pay' && status !== 'no_pay')) return;
    await this.db
      .update(channelInstances)
      .set({
        status,
        statusReason: reason,
        ...(phone ? { phone } : {}),
        ...(status === 'authenticated' ? { qr: null, qrExpiresAt: null, pairingCode: null } : {}),
        ...(status === 'authenticated' && !instance.firstConnectedAt ? { firstConnectedAt: now } : {}),
        updatedAt: now,
      })
      .where(eq(channelInstances.id, id));
    // The branch list shows a summary of the two messenger channels.
    const column = instance.kind === 'whatsapp' ? 'status_wa' : instance.kind === 'telegram' ? 'status_tg' : null;
    if (column) {
      await this.db.execute(
        sql`update ${branches} set ${sql.identifier(column)} = ${status} where acc_id = ${instance.accId}`,
      );
    }
  }

  async saveQr(id: string, qr: string, expiresAt: Date, now: Date): Promise<void> {
    await this.db
      .update(channelInstances)
      .set({ qr, qrExpiresAt: expiresAt, updatedAt: now })
      .where(eq(channelInstances.id, id));
  }

  async saveCredentials(id: string, sealed: string | null): Promise<void> {
    await this.db.update(channelInstances).set({ credentials: sealed }).where(eq(channelInstances.id, id));
  }

  // Commands for sessions this process holds, taken once each.
  async takeCommands(owner: string, now: Date) {
    return this.db
      .update(channelCommands)
      .set({ state: 'running', doneAt: now })
      .where(
        and(
          eq(channelCommands.state, 'pending'),
          sql`${channelCommands.instanceId} in (select id from ${channelInstances} where ${channelInstances.leaseOwner} = ${owner})`,
        ),
      )
      .returning();
  }

  async addCommand(instanceId: string, command: unknown, now: Date): Promise<number> {
    const rows = await this.db
      .insert(channelCommands)
      .values({ instanceId, command, createdAt: now })
      .returning({ id: channelCommands.id });
    return rows[0]!.id;
  }

  async finishCommand(id: number, result: unknown, now: Date): Promise<void> {
    await this.db.update(channelCommands).set({ state: 'done', result, doneAt: now }).where(eq(channelCommands.id, id));
  }

  async commandResult(id: number): Promise<unknown> {
    const rows = await this.db
      .select({ state: channelCommands.state, result: channelCommands.result })
      .from(channelCommands)
      .where(eq(channelCommands.id, id));
    return rows[0]?.state === 'done' ? rows[0].result : undefined;
  }

  // Cancels what is still waiting to go out on this branch (the connection page's "clean queue").
  async cancelPending(accId: number, now: Date): Promise<number> {
    const rows = await this.db
      .update(outbox)
      .set({ status: 'cancelled', statusReason: 'queue_cleaned', updatedAt: now })
      .where(and(eq(outbox.accId, accId), eq(outbox.status, 'pending')))
      .returning({ id: outbox.id });
    return rows.length;
  }

  // Raises the outbox row sent through this instance with this provider id; never lowers it.
  async applyAck(instanceId: string, providerMessageId: string, ack: Ack, now: Date): Promise<void> {
    await this.applyAcks(instanceId, [{ providerMessageId, ack }], now);
  }

  // A session's acks reported together, stored in one transaction of five statements however many
  // there are (the locks, the acks kept, the rows raised), in the order given: a message acked twice
  // in the list (delivered, then read) has its second ack applied after its first.
  async applyAcks(instanceId: string, acks: readonly AckReport[], now: Date): Promise<void> {
    const stored = acks.filter((a): a is StoredAck => a.ack !== 'server');
    if (stored.length === 0) return;
    // Runs of acks with one ack per message each; a statement may touch a row only once.
    const runs: StoredAck[][] = [[]];
    let seen = new Set<string>();
    for (const a of stored) {
      if (seen.has(a.providerMessageId)) {
        runs.push([]);
        seen = new Set();
      }
      runs.at(-1)!.push(a);
      seen.add(a.providerMessageId);
    }
    await this.db.transaction(async (tx) => {
      // The acks are stored first, then the rows raised: the sender's recording of a send meets the
      // stored ack on the channel_acks key (OutboxRepository.markSentParts), so neither misses the other.
      await lockAckKeys(tx, instanceId, [...new Set(stored.map((a) => a.providerMessageId))]);
      for (const run of runs) await this.raiseByAcks(tx, instanceId, run, now);
    });
  }

  private async raiseByAcks(db: Db, instanceId: string, acks: readonly StoredAck[], now: Date): Promise<void> {
    const at = now.toISOString();
    const reported = sql.join(
      acks.map((a) => sql`(${a.providerMessageId}::text, ${a.ack}::text)`),
      sql`, `,
    );
    // Kept first, whatever the outbox rows' state: the sender may not have recorded the send yet.
    await db.execute(sql`
      insert into ${channelAcks} (instance_id, provider_message_id, ack, at)
      select ${instanceId}, v.id, v.ack, ${at}::timestamptz from (values ${reported}) as v(id, ack)
      on conflict (instance_id, provider_message_id) do update set ack = excluded.ack, at = excluded.at
      where ${ackRank(sql`excluded.ack`)} > ${ackRank(sql`${channelAcks.ack}`)}`);
    // A status only moves up sent < delivered < read; 'failed' only replaces 'sent'. A second
    // statement, so that it sees a send recorded while the acks' statement waited on its key.
    // The channel that delivered is remembered for the client (soft priority tries it first).
    await db.execute(sql`
      with raised as (
      update ${outbox} set
        status = v.ack,
        status_reason = case when v.ack = 'failed' then 'provider_failed' else outbox.status_reason end,
        delivered_at = case when v.ack = 'failed' then outbox.delivered_at
                            else coalesce(outbox.delivered_at, ${at}::timestamptz) end,
        read_at = case when v.ack = 'read' then ${at}::timestamptz else outbox.read_at end,
        updated_at = ${at}::timestamptz
      from (values ${reported}) as v(id, ack)
      where outbox.instance_id = ${instanceId} and outbox.provider_message_id = v.id
        and (outbox.status = 'sent' or (v.ack = 'read' and outbox.status = 'delivered'))
      returning outbox.acc_id, outbox.recipient, outbox.channel_kind, v.ack
      )
      insert into client_channels (acc_id, phone, kind, state, last_delivered_at, updated_at)
      select distinct on (acc_id, recipient, channel_kind) acc_id, recipient, channel_kind, 'linked',
        ${at}::timestamptz, ${at}::timestamptz
      from raised where ack in ('delivered', 'read') and channel_kind is not null
      on conflict (acc_id, phone, kind) do update set state = 'linked',
        last_delivered_at = excluded.last_delivered_at, updated_at = excluded.updated_at`);
  }

  // Stores an incoming message once, however often the provider repeats it.
  async saveInbound(instance: ChannelInstanceRow, message: InboundMessage): Promise<boolean> {
    const rows = await this.db
      .insert(chatMessages)
      .values({
        accId: instance.accId,
        instanceId: instance.id,
        channelKind: instance.kind,
        direction: message.fromSalon ? 'outgoing' : 'incoming',
        phone: message.from,
        name: message.fromSalon ? null : message.name,
        type: message.type,
        body: message.body,
        caption: message.caption,
        file: message.file,
        providerMessageId: message.providerMessageId,
        at: message.at,
      })
      .onConflictDoNothing()
      .returning({ id: chatMessages.id });
    return rows.length > 0;
  }
}
