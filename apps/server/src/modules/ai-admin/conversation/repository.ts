import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db/executor.js';
import { memberChats, type MemberChat } from '../../../platform/db/member-chats.js';
import { branches, branchMembers, users } from '../../../platform/db/schema.js';
import { aiConversations, aiEvents, aiMessages } from '../schema.js';

export type ConversationRow = typeof aiConversations.$inferSelect;
export type MessageRow = typeof aiMessages.$inferSelect;

export interface ConversationBranch {
  name: string;
  address: string;
  timeZone: string;
  // SPEC 6 showNeiroInterface: the AI module is paid for the branch.
  paid: boolean;
  sendOutAccount: boolean;
}

export interface NewMessage {
  accId: number;
  conversationId: number;
  author: 'client' | 'bot' | 'admin';
  direction: 'incoming' | 'outgoing';
  text: string;
  at: Date;
  isAiResponse?: boolean;
  showClient?: boolean;
  requireAction?: boolean;
  status?: MessageStatus;
  providerMessageId?: string | null;
  outboxId?: number | null;
  answered?: boolean;
}

// pending: a suggestion waits for an admin; sent / edited: it reached the client (as suggested or
// edited); deleted: an admin threw it away; superseded: a newer suggestion answers the same messages.
export type MessageStatus = 'sent' | 'pending' | 'edited' | 'deleted' | 'superseded';

export interface NewEvent {
  accId: number;
  conversationId: number;
  kind: 'conversation' | 'answer' | 'handover' | 'booked' | 'moved' | 'cancelled';
  reason?: string | null;
  recordId?: string | null;
  revenue?: number;
  answerMs?: number | null;
  at: Date;
}

// Who hears of a hand-over or a suggestion (the loyalty module's alert chats, with support too).
const ALERTED_RIGHTS = ['owner', 'support', 'all', 'notify'];
const DAY_MS = 86_400_000;

// SQL of the AI administrator's conversations, their messages and the statistics' events. No rules.
export class ConversationsRepository {
  constructor(private readonly db: Executor) {}

  with(tx: Executor): ConversationsRepository {
    return new ConversationsRepository(tx);
  }

  async branch(accId: number): Promise<ConversationBranch | null> {
    const [row] = await this.db
      .select({
        name: branches.name,
        address: branches.address,
        timeZone: branches.timeZone,
        paid: branches.showNeiroInterface,
        sendOutAccount: branches.sendOutAccount,
      })
      .from(branches)
      .where(eq(branches.accId, accId));
    return row ?? null;
  }

  // --- Conversations ---

  async byId(id: number): Promise<ConversationRow | null> {
    const [row] = await this.db.select().from(aiConversations).where(eq(aiConversations.id, id));
    return row ?? null;
  }

  async live(accId: number, phone: string): Promise<ConversationRow | null> {
    const [row] = await this.db
      .select()
      .from(aiConversations)
      .where(
        and(eq(aiConversations.accId, accId), eq(aiConversations.phone, phone), isNull(aiConversations.testUserId)),
      );
    return row ?? null;
  }

  // The client's live conversation, created on the first message; `fresh`: nothing was said in the
  // last 24 hours (a new conversation for the statistics). Must run inside a transaction (the row
  // is locked while its last message time moves).
  async touchLive(
    accId: number,
    phone: string,
    values: { clientName: string; channel: string; now: Date },
  ): Promise<{ conversation: ConversationRow; fresh: boolean }> {
    const inserted = await this.db
      .insert(aiConversations)
      .values({
        accId,
        phone,
        clientName: values.clientName,
        channel: values.channel,
        createdAt: values.now,
        lastMessageAt: values.now,
      })
      .onConflictDoNothing({
        target: [aiConversations.accId, aiConversations.phone],
        where: isNull(aiConversations.testUserId),
      })
      .returning();
    if (inserted[0]) return { conversation: inserted[0], fresh: true };
    const [old] = await this.db
      .select()
      .from(aiConversations)
      .where(
        and(eq(aiConversations.accId, accId), eq(aiConversations.phone, phone), isNull(aiConversations.testUserId)),
      )
      .for('update');
    const fresh = old!.lastMessageAt.getTime() < values.now.getTime() - DAY_MS;
    const [conversation] = await this.db
      .update(aiConversations)
      .set({
        lastMessageAt: values.now,
        channel: values.channel,
        ...(values.clientName ? { clientName: values.clientName } : {}),
      })
      .where(eq(aiConversations.id, old!.id))
      .returning();
    return { conversation: conversation!, fresh };
  }

  async test(accId: number, userId: number): Promise<ConversationRow | null> {
    const [row] = await this.db
      .select()
      .from(aiConversations)
      .where(and(eq(aiConversations.accId, accId), eq(aiConversations.testUserId, userId)));
    return row ?? null;
  }

  async ensureTest(accId: number, userId: number, phone: string, now: Date): Promise<ConversationRow> {
    await this.db
      .insert(aiConversations)
      .values({ accId, phone, testUserId: userId, channel: 'test', createdAt: now, lastMessageAt: now })
      .onConflictDoNothing({
        target: [aiConversations.accId, aiConversations.testUserId],
        where: isNotNull(aiConversations.testUserId),
      });
    const [row] = await this.db
      .update(aiConversations)
      .set({ phone, lastMessageAt: now })
      .where(and(eq(aiConversations.accId, accId), eq(aiConversations.testUserId, userId)))
      .returning();
    return row!;
  }

  async setTakeover(
    id: number,
    takeover: { state: 'bot' | 'paused' | 'human'; pausedTill: Date | null; reason: string | null },
  ): Promise<ConversationRow | null> {
    const [row] = await this.db.update(aiConversations).set(takeover).where(eq(aiConversations.id, id)).returning();
    return row ?? null;
  }

  async setTestState(
    id: number,
    values: { testState: string | null; pausedTill?: Date | null; reason?: string | null },
  ): Promise<void> {
    await this.db.update(aiConversations).set(values).where(eq(aiConversations.id, id));
  }

  // Marks the conversation as waiting for an answer from `now` unless it already waits; true when
  // this call started the wait (then one answer job is scheduled).
  async startPending(id: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(aiConversations)
      .set({ pendingSince: now })
      .where(and(eq(aiConversations.id, id), isNull(aiConversations.pendingSince)))
      .returning({ id: aiConversations.id });
    return rows.length > 0;
  }

  // Takes the wait that started at `since` (one answer step wins).
  async claimPending(id: number, since: Date): Promise<boolean> {
    const rows = await this.db
      .update(aiConversations)
      .set({ pendingSince: null })
      .where(and(eq(aiConversations.id, id), eq(aiConversations.pendingSince, since)))
      .returning({ id: aiConversations.id });
    return rows.length > 0;
  }

  // Live conversations waiting since before `cutoff` (for the sweep; each checks its own settings).
  // The conditions spell out the predicate of ai_conversations_pending_idx, so the sweep reads only
  // that small index (the `<` alone implies `is not null` to the planner, but only while it stays a
  // plain comparison).
  async pendingSince(cutoff: Date, limit: number): Promise<ConversationRow[]> {
    return this.db
      .select()
      .from(aiConversations)
      .where(
        and(
          isNotNull(aiConversations.pendingSince),
          isNull(aiConversations.testUserId),
          lt(aiConversations.pendingSince, cutoff),
        ),
      )
      .orderBy(asc(aiConversations.pendingSince))
      .limit(limit);
  }

  async list(
    accId: number,
    page: { limit: number; skip: number; waiting: boolean },
  ): Promise<{ rows: ConversationRow[]; total: number }> {
    const waiting = sql`exists (select 1 from ${aiMessages} m where m.conversation_id = ${aiConversations.id}
      and m.status = 'pending')`;
    const where = and(
      eq(aiConversations.accId, accId),
      isNull(aiConversations.testUserId),
      page.waiting ? waiting : undefined,
    );
    const [rows, total] = await Promise.all([
      this.db
        .select()
        .from(aiConversations)
        .where(where)
        .orderBy(desc(aiConversations.lastMessageAt), desc(aiConversations.id))
        .limit(page.limit)
        .offset(page.skip),
      this.db.select({ n: count() }).from(aiConversations).where(where),
    ]);
    return { rows, total: total[0]?.n ?? 0 };
  }

  // --- Messages ---

  // The stored message's id; null when the channel delivered the same message before.
  async insertMessage(message: NewMessage): Promise<number | null> {
    const rows = await this.db
      .insert(aiMessages)
      .values(message)
      .onConflictDoNothing({
        target: [aiMessages.conversationId, aiMessages.providerMessageId],
        where: isNotNull(aiMessages.providerMessageId),
      })
      .returning({ id: aiMessages.id });
    return rows[0]?.id ?? null;
  }

  unanswered(conversationId: number): Promise<MessageRow[]> {
    return this.db
      .select()
      .from(aiMessages)
      .where(
        and(
          eq(aiMessages.conversationId, conversationId),
          eq(aiMessages.direction, 'incoming'),
          eq(aiMessages.answered, false),
        ),
      )
      .orderBy(asc(aiMessages.id));
  }

  // Marks the incoming messages answered; the ids this call changed (another answer may have won).
  async markAnswered(conversationId: number, upToId: number): Promise<number[]> {
    const rows = await this.db
      .update(aiMessages)
      .set({ answered: true })
      .where(
        and(
          eq(aiMessages.conversationId, conversationId),
          eq(aiMessages.direction, 'incoming'),
          eq(aiMessages.answered, false),
          sql`${aiMessages.id} <= ${upToId}`,
        ),
      )
      .returning({ id: aiMessages.id });
    return rows.map((r) => r.id);
  }

  // What the client saw of the conversation before `beforeId`, the last `limit` messages, oldest first.
  async history(conversationId: number, beforeId: number, limit: number): Promise<MessageRow[]> {
    const rows = await this.db
      .select()
      .from(aiMessages)
      .where(
        and(
          eq(aiMessages.conversationId, conversationId),
          lt(aiMessages.id, beforeId),
          eq(aiMessages.showClient, true),
        ),
      )
      .orderBy(desc(aiMessages.id))
      .limit(limit);
    return rows.reverse();
  }

  messages(conversationId: number): Promise<MessageRow[]> {
    return this.db
      .select()
      .from(aiMessages)
      .where(eq(aiMessages.conversationId, conversationId))
      .orderBy(asc(aiMessages.id));
  }

  async pendingSuggestions(conversationIds: number[]): Promise<MessageRow[]> {
    if (conversationIds.length === 0) return [];
    return this.db
      .select()
      .from(aiMessages)
      .where(and(inArray(aiMessages.conversationId, conversationIds), eq(aiMessages.status, 'pending')))
      .orderBy(asc(aiMessages.id));
  }

  // A message of this branch (never another branch's row).
  async message(accId: number, id: number): Promise<MessageRow | null> {
    const [row] = await this.db
      .select()
      .from(aiMessages)
      .where(and(eq(aiMessages.accId, accId), eq(aiMessages.id, id)));
    return row ?? null;
  }

  async messageById(id: number): Promise<MessageRow | null> {
    const [row] = await this.db.select().from(aiMessages).where(eq(aiMessages.id, id));
    return row ?? null;
  }

  // Moves a suggestion out of 'pending' once (two admins pressing at once: one wins).
  async settleSuggestion(
    id: number,
    values: { status: MessageStatus; text?: string; outboxId?: number | null; at?: Date },
  ): Promise<boolean> {
    const delivered = values.status === 'sent' || values.status === 'edited';
    const rows = await this.db
      .update(aiMessages)
      .set({
        status: values.status,
        requireAction: false,
        showClient: delivered,
        ...(values.text === undefined ? {} : { text: values.text }),
        ...(values.outboxId === undefined ? {} : { outboxId: values.outboxId }),
        ...(values.at === undefined ? {} : { at: values.at }),
      })
      .where(and(eq(aiMessages.id, id), eq(aiMessages.status, 'pending')))
      .returning({ id: aiMessages.id });
    return rows.length > 0;
  }

  async supersedePending(conversationId: number): Promise<void> {
    await this.db
      .update(aiMessages)
      .set({ status: 'superseded', requireAction: false })
      .where(and(eq(aiMessages.conversationId, conversationId), eq(aiMessages.status, 'pending')));
  }

  // When the client started waiting for the answer stored as `beforeId` (its earliest unanswered message).
  async firstAskedBefore(conversationId: number, beforeId: number): Promise<Date | null> {
    const rows = await this.db
      .select({ at: sql<Date | string | null>`min(${aiMessages.at})` })
      .from(aiMessages)
      .where(
        and(
          eq(aiMessages.conversationId, conversationId),
          eq(aiMessages.direction, 'incoming'),
          eq(aiMessages.answered, false),
          lt(aiMessages.id, beforeId),
        ),
      );
    const at = rows[0]?.at;
    return at === null || at === undefined ? null : new Date(at);
  }

  // Whether the bot already told the client this text since `since` (the night message, once a night).
  async botSaidSince(conversationId: number, text: string, since: Date): Promise<boolean> {
    const rows = await this.db
      .select({ id: aiMessages.id })
      .from(aiMessages)
      .where(
        and(
          eq(aiMessages.conversationId, conversationId),
          eq(aiMessages.direction, 'outgoing'),
          eq(aiMessages.author, 'bot'),
          eq(aiMessages.text, text),
          gte(aiMessages.at, since),
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  async clearMessages(conversationId: number): Promise<void> {
    await this.db.delete(aiMessages).where(eq(aiMessages.conversationId, conversationId));
  }

  // --- Events (statistics; live conversations only) ---

  async insertEvent(event: NewEvent): Promise<void> {
    await this.db.insert(aiEvents).values(event);
  }

  // --- Admins ---

  // The admins to alert, each with their interface language.
  alertChats(accId: number): Promise<MemberChat[]> {
    return memberChats(this.db, accId, ALERTED_RIGHTS);
  }

  // The rights of an active member of the branch (null: not one).
  async memberRights(accId: number, userId: number): Promise<string[] | null> {
    const [row] = await this.db
      .select({ rights: branchMembers.rights })
      .from(branchMembers)
      .innerJoin(users, eq(users.telegramId, branchMembers.userId))
      .where(
        and(
          eq(branchMembers.accId, accId),
          eq(branchMembers.userId, userId),
          eq(branchMembers.active, true),
          eq(users.active, true),
        ),
      );
    return row?.rights ?? null;
  }
}
