import { randomBytes } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/executor.js';
import { botInvites, botSubscribers, clientChannels } from './schema.js';

export type ClientChannelRow = typeof clientChannels.$inferSelect;

// Telegram's deep-link payload allows up to 64 of [A-Za-z0-9_-]; MAX's the same alphabet.
function newToken(): string {
  return randomBytes(12).toString('base64url');
}

// The SQL of what the cascade knows of clients per channel (schema.ts) and of the bots' users.
export class ReachRepository {
  constructor(private readonly db: Executor) {}

  with(tx: Executor): ReachRepository {
    return new ReachRepository(tx);
  }

  // The client's invite token of the opt-in links, made on first use and kept.
  async inviteToken(accId: number, phone: string, now: Date): Promise<string> {
    const inserted = await this.db
      .insert(botInvites)
      .values({ token: newToken(), accId, phone, createdAt: now })
      .onConflictDoNothing({ target: [botInvites.accId, botInvites.phone] })
      .returning({ token: botInvites.token });
    if (inserted[0]) return inserted[0].token;
    const rows = await this.db
      .select({ token: botInvites.token })
      .from(botInvites)
      .where(and(eq(botInvites.accId, accId), eq(botInvites.phone, phone)));
    return rows[0]!.token;
  }

  async inviteByToken(accId: number, token: string): Promise<{ phone: string } | undefined> {
    const rows = await this.db
      .select({ phone: botInvites.phone })
      .from(botInvites)
      .where(and(eq(botInvites.accId, accId), eq(botInvites.token, token)));
    return rows[0];
  }

  // A user pressed Start: kept (again) as started, with the link's token when they came by one.
  async started(
    accId: number,
    kind: string,
    address: string,
    name: string | null,
    startToken: string | null,
    now: Date,
  ): Promise<void> {
    await this.db
      .insert(botSubscribers)
      .values({ accId, kind, address, name, startToken, startedAt: now })
      .onConflictDoUpdate({
        target: [botSubscribers.accId, botSubscribers.kind, botSubscribers.address],
        set: {
          name: sql`coalesce(excluded.name, ${botSubscribers.name})`,
          startToken: sql`coalesce(excluded.start_token, ${botSubscribers.startToken})`,
          startedAt: now,
          stoppedAt: null,
        },
      });
  }

  // Links the bot's user to the phone they shared: the phone is reachable on this bot at this
  // address. One address per phone and bot, one phone per address: a phone that moves to another
  // account of the messenger follows it; an account that shares another phone leaves the old one.
  async link(accId: number, kind: string, address: string, name: string | null, phone: string, now: Date) {
    await this.db
      .insert(botSubscribers)
      .values({ accId, kind, address, name, phone, startedAt: now, linkedAt: now })
      .onConflictDoUpdate({
        target: [botSubscribers.accId, botSubscribers.kind, botSubscribers.address],
        set: { phone, linkedAt: now, stoppedAt: null, name: sql`coalesce(excluded.name, ${botSubscribers.name})` },
      });
    await this.db
      .delete(clientChannels)
      .where(
        and(
          eq(clientChannels.accId, accId),
          eq(clientChannels.kind, kind),
          eq(clientChannels.address, address),
          sql`${clientChannels.phone} <> ${phone}`,
        ),
      );
    await this.db
      .insert(clientChannels)
      .values({ accId, phone, kind, state: 'linked', address, updatedAt: now })
      .onConflictDoUpdate({
        target: [clientChannels.accId, clientChannels.phone, clientChannels.kind],
        set: { state: 'linked', address, updatedAt: now },
      });
  }

  // The user blocked or stopped the bot: their phone is not reachable there until they start it again.
  async stopped(accId: number, kind: string, address: string, now: Date): Promise<void> {
    await this.db
      .update(botSubscribers)
      .set({ stoppedAt: now })
      .where(and(eq(botSubscribers.accId, accId), eq(botSubscribers.kind, kind), eq(botSubscribers.address, address)));
    await this.db
      .update(clientChannels)
      .set({ state: 'unreachable', updatedAt: now })
      .where(and(eq(clientChannels.accId, accId), eq(clientChannels.kind, kind), eq(clientChannels.address, address)));
  }

  // A channel answered that the client is not there (no WhatsApp account, the bot was blocked).
  async markUnreachable(accId: number, phone: string, kind: string, now: Date): Promise<void> {
    await this.db
      .insert(clientChannels)
      .values({ accId, phone, kind, state: 'unreachable', updatedAt: now })
      .onConflictDoUpdate({
        target: [clientChannels.accId, clientChannels.phone, clientChannels.kind],
        set: { state: 'unreachable', updatedAt: now },
      });
  }

  // The client's phone behind a bot user's address, when they linked it.
  async phoneOf(accId: number, kind: string, address: string): Promise<string | null> {
    const rows = await this.db
      .select({ phone: clientChannels.phone })
      .from(clientChannels)
      .where(
        and(
          eq(clientChannels.accId, accId),
          eq(clientChannels.kind, kind),
          eq(clientChannels.address, address),
          eq(clientChannels.state, 'linked'),
        ),
      );
    return rows[0]?.phone ?? null;
  }

  async linkedCount(accId: number, kind: string): Promise<number> {
    const rows = await this.db
      .select({ n: count() })
      .from(clientChannels)
      .where(
        and(
          eq(clientChannels.accId, accId),
          eq(clientChannels.kind, kind),
          eq(clientChannels.state, 'linked'),
          sql`${clientChannels.address} is not null`,
        ),
      );
    return Number(rows[0]?.n ?? 0);
  }

  async ofClient(accId: number, phone: string): Promise<ClientChannelRow[]> {
    return this.db
      .select()
      .from(clientChannels)
      .where(and(eq(clientChannels.accId, accId), eq(clientChannels.phone, phone)));
  }
}
