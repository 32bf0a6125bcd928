import { and, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { ChannelStatus } from '@salon/contract/accounts';
import type { Db } from '../platform/db/client.js';
import { branches } from '../platform/db/schema.js';
import type { Ack, InboundMessage } from './channel.js';
import { channelAcks, channelCommands, channelInstances, chatMessages, outbox } from './schema.js';

export type ChannelInstanceRow = typeof channelInstances.$inferSelect;

// failed < delivered < read: a stored ack only moves up.
export function ackRank(column: SQL): SQL {
  return sql`(case ${column} when 'read' then 2 when 'delivered' then 1 else 0 end)`;
}

// One message's acks take this transaction lock in turn. The recording of its send does not: it
// upserts the message's channel_acks key, whose unique index makes it and an ack wait for each other
// (OutboxRepository.markSentParts), so whichever commits second sees what the first wrote.
export async function lockAckKey(db: Db, instanceId: string, providerMessageId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`${instanceId}:${providerMessageId}`}))`);
}

// Outbox statuses in the order acks raise them; a status never moves back down this list.
const ACK_RANK = { sent: 1, delivered: 2, read: 3 } as const;

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
    if (ack === 'server') return;
    await this.db.transaction(async (tx) => {
      // The ack is stored first, then the row raised: the sender's recording of the send meets the
      // stored ack on the channel_acks key (OutboxRepository.markSentParts), so neither misses the other.
      await lockAckKey(tx, instanceId, providerMessageId);
      await this.raiseByAck(tx, instanceId, providerMessageId, ack, now);
    });
  }

  private async raiseByAck(
    db: Db,
    instanceId: string,
    providerMessageId: string,
    ack: Exclude<Ack, 'server'>,
    now: Date,
  ): Promise<void> {
    // Kept first, whatever the outbox row's state: the sender may not have recorded the send yet.
    await db.execute(sql`
      insert into ${channelAcks} (instance_id, provider_message_id, ack, at)
      values (${instanceId}, ${providerMessageId}, ${ack}, ${now.toISOString()})
      on conflict (instance_id, provider_message_id) do update set ack = excluded.ack, at = excluded.at
      where ${ackRank(sql`excluded.ack`)} > ${ackRank(sql`${channelAcks.ack}`)}`);
    if (ack === 'failed') {
      await db
        .update(outbox)
        .set({ status: 'failed', statusReason: 'provider_failed', updatedAt: now })
        .where(
          and(
            eq(outbox.instanceId, instanceId),
            eq(outbox.providerMessageId, providerMessageId),
            eq(outbox.status, 'sent'),
          ),
        );
      return;
    }
    const rank = ACK_RANK[ack];
    const lower = Object.entries(ACK_RANK)
      .filter(([, r]) => r < rank)
      .map(([s]) => s);
    await db
      .update(outbox)
      .set({
        status: ack,
        deliveredAt: sql`coalesce(${outbox.deliveredAt}, ${now.toISOString()}::timestamptz)`,
        ...(ack === 'read' ? { readAt: now } : {}),
        updatedAt: now,
      })
      .where(
        and(
          eq(outbox.instanceId, instanceId),
          eq(outbox.providerMessageId, providerMessageId),
          sql`${outbox.status} in ${lower}`,
        ),
      );
  }

  // Stores an incoming message once, however often the provider repeats it.
  async saveInbound(instance: ChannelInstanceRow, message: InboundMessage): Promise<boolean> {
    const rows = await this.db
      .insert(chatMessages)
      .values({
        accId: instance.accId,
        instanceId: instance.id,
        channelKind: instance.kind,
        direction: 'incoming',
        phone: message.from,
        name: message.name,
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
