import { and, eq, sql } from 'drizzle-orm';
import type { ChatLogRepository } from '../../channels/chat-log/repository.js';
import { queryRows, type Db } from '../../platform/db/client.js';
import type { Executor } from '../../platform/db/executor.js';
import { branchMembers, users } from '../../platform/db/schema.js';
import { chatReadMarkers, chatReplies } from './schema.js';

// SQL of the inbox: conversations, threads, read markers and the cabinet's replies. No rules here.
// The messages themselves are channels' chat log: read through its repository (`chatLog`), whose
// SQL these statements join with this module's tables.

export interface ConversationRow {
  conversationId: number;
  phone: string;
  crmName: string | null;
  chatName: string | null;
  channel: string;
  lastType: string;
  lastBody: string;
  lastCaption: string | null;
  lastFile: unknown;
  lastDirection: string;
  lastAt: Date;
  lastIsReply: boolean;
  unread: number;
}

export interface ThreadRow {
  conversationId: number;
  phone: string;
  channel: string;
  direction: string;
  name: string | null;
  crmName: string | null;
  type: string;
  body: string;
  caption: string | null;
  file: unknown;
  at: Date;
  // Set when the message went through the outbox.
  outboxStatus: string | null;
  // Set when someone answered from the cabinet.
  replyAuthor: string | null;
  isReply: boolean;
}

export interface ReplyTarget {
  phone: string;
  channel: string;
  clientName: string | null;
}

export interface NewReply {
  accId: number;
  phone: string;
  outboxId: number;
  authorId: number;
  authorName: string | null;
  channelKind: string;
  body: string;
  file: { fileName: string; size: number; contentType: string } | null;
  createdAt: Date;
}

const asDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));
const asNumber = (value: unknown): number => Number(value);

export class ChatHistoryRepository {
  constructor(
    private readonly db: Db,
    private readonly chatLog: ChatLogRepository,
  ) {}

  // Latest conversation first: its last message, the client's name in the CRM, the channel of the
  // client's last message, and how many of the client's messages came after the read marker.
  async conversations(accId: number, limit: number, offset: number): Promise<ConversationRow[]> {
    const rows = await queryRows<Record<string, unknown>>(
      this.db,
      sql`with last as (${this.chatLog.latestPerPhoneSql(accId)}),
          firsts as (${this.chatLog.firstIdsSql(accId)})
          select f.first_id::bigint as conversation_id, l.phone, l.type, l.body, l.caption, l.file, l.direction, l.at,
            (l.outbox_id is not null and exists (select 1 from ${chatReplies} r where r.outbox_id = l.outbox_id)) as is_reply,
            coalesce(${this.chatLog.lastIncomingChannelSql(accId, sql`l.phone`)}, l.channel_kind) as channel,
            ${this.chatLog.lastIncomingNameSql(accId, sql`l.phone`)} as chat_name,
            (select c.name from crm_clients c where c.acc_id = ${accId} and c.phone = l.phone
              order by c.updated_at desc limit 1) as crm_name,
            ${this.chatLog.incomingAfterSql(accId, sql`l.phone`, sql`coalesce(m.last_read_id, 0)`)} as unread
          from last l
          join firsts f on f.phone = l.phone
          left join ${chatReadMarkers} m on m.acc_id = ${accId} and m.phone = l.phone
          order by l.at desc, l.id desc
          limit ${limit} offset ${offset}`,
    );
    return rows.map((r) => ({
      conversationId: asNumber(r.conversation_id),
      phone: String(r.phone),
      crmName: (r.crm_name as string | null) ?? null,
      chatName: (r.chat_name as string | null) ?? null,
      channel: String(r.channel),
      lastType: String(r.type),
      lastBody: String(r.body),
      lastCaption: (r.caption as string | null) ?? null,
      lastFile: r.file ?? null,
      lastDirection: String(r.direction),
      lastAt: asDate(r.at),
      lastIsReply: Boolean(r.is_reply),
      unread: asNumber(r.unread),
    }));
  }

  // The phone a conversation id stands for, within the branch.
  phoneOf(accId: number, conversationId: number): Promise<string | null> {
    return this.chatLog.phoneOf(accId, conversationId);
  }

  // The latest `limit` messages of the phones matching `phoneLike` (SQL LIKE), with the cabinet's
  // replies still waiting in the outbox, newest first.
  async thread(accId: number, phoneLike: string, limit: number): Promise<ThreadRow[]> {
    const rows = await queryRows<Record<string, unknown>>(
      this.db,
      sql`with firsts as (${this.chatLog.firstIdsSql(accId)}),
          msgs as (
            select m.phone, m.channel_kind, m.direction, m.name, m.type, m.body, m.caption, m.file, m.at, m.id,
              o.status as outbox_status, r.author_name, (r.id is not null) as is_reply
            from ${this.chatLog.messagesSql(accId, phoneLike)} m
            left join outbox o on o.id = m.outbox_id
            left join ${chatReplies} r on r.outbox_id = m.outbox_id
            union all
            select r.phone, r.channel_kind, 'outgoing', null,
              case when r.file_name is null then 'text' else 'file' end, r.body, null,
              case when r.file_name is null then null
                else jsonb_build_object('fileName', r.file_name, 'size', r.file_size, 'contentType', r.content_type) end,
              r.created_at, 0, o.status, r.author_name, true
            from ${chatReplies} r
            join outbox o on o.id = r.outbox_id
            where r.acc_id = ${accId} and r.phone like ${phoneLike}
              and not ${this.chatLog.loggedSql(sql`r.outbox_id`)}
          )
          select f.first_id::bigint as conversation_id, x.*,
            (select c.name from crm_clients c where c.acc_id = ${accId} and c.phone = x.phone
              order by c.updated_at desc limit 1) as crm_name
          from msgs x join firsts f on f.phone = x.phone
          order by x.at desc, x.id desc
          limit ${limit}`,
    );
    return rows.map((r) => ({
      conversationId: asNumber(r.conversation_id),
      phone: String(r.phone),
      channel: String(r.channel_kind),
      direction: String(r.direction),
      name: (r.name as string | null) ?? null,
      crmName: (r.crm_name as string | null) ?? null,
      type: String(r.type),
      body: String(r.body),
      caption: (r.caption as string | null) ?? null,
      file: r.file ?? null,
      at: asDate(r.at),
      outboxStatus: (r.outbox_status as string | null) ?? null,
      replyAuthor: (r.author_name as string | null) ?? null,
      isReply: Boolean(r.is_reply),
    }));
  }

  // Everything the client wrote so far is read; a marker never moves back.
  async markRead(accId: number, phone: string, now: Date): Promise<void> {
    await this.db.execute(
      sql`insert into ${chatReadMarkers} (acc_id, phone, last_read_id, read_at)
          select ${accId}, ${phone}, ${this.chatLog.lastIncomingIdSql(accId, phone)}, ${now.toISOString()}::timestamptz
          on conflict (acc_id, phone) do update
          set last_read_id = greatest(${chatReadMarkers.lastReadId}, excluded.last_read_id), read_at = excluded.read_at`,
    );
  }

  // Where a reply goes: the channel the client last wrote on (else the last one used with them).
  async replyTarget(accId: number, phone: string): Promise<ReplyTarget | null> {
    const rows = await queryRows<Record<string, unknown>>(
      this.db,
      sql`select l.phone, l.channel_kind,
            (select c.name from crm_clients c where c.acc_id = ${accId} and c.phone = ${phone}
              order by c.updated_at desc limit 1) as crm_name,
            l.name
          from ${this.chatLog.lastContactSql(accId, phone)} l`,
    );
    const row = rows[0];
    if (!row) return null;
    return {
      phone: String(row.phone),
      channel: String(row.channel_kind),
      clientName: (row.crm_name as string | null) ?? (row.name as string | null) ?? null,
    };
  }

  // The name the salon's reply is signed with: the member's name on the branch, else the user's.
  async memberName(accId: number, userId: number): Promise<string | null> {
    const rows = await this.db
      .select({ member: branchMembers.name, user: users.name })
      .from(users)
      .leftJoin(branchMembers, and(eq(branchMembers.userId, users.telegramId), eq(branchMembers.accId, accId)))
      .where(eq(users.telegramId, userId));
    const row = rows[0];
    return row?.member?.trim() || row?.user?.trim() || null;
  }

  // When someone at the salon last wrote to the phone themselves: a reply from the cabinet (from
  // the moment it was written, sent or not) or a message from the salon's own phone ('outgoing' in
  // the chat log). Null when nobody has. Automatic replies pause after it (auto-responses).
  async lastHumanMessageAt(accId: number, phone: string): Promise<Date | null> {
    const rows = await queryRows<{ at: unknown }>(
      this.db,
      sql`select greatest(
            (select max(r.created_at) from ${chatReplies} r where r.acc_id = ${accId} and r.phone = ${phone}),
            (select max(m.at) from ${this.chatLog.messagesSql(accId, phone)} m where m.direction = 'outgoing')
          ) as at`,
    );
    const at = rows[0]?.at;
    return at === null || at === undefined ? null : asDate(at);
  }

  async insertReply(reply: NewReply, db: Executor = this.db): Promise<void> {
    await db
      .insert(chatReplies)
      .values({
        accId: reply.accId,
        phone: reply.phone,
        outboxId: reply.outboxId,
        authorId: reply.authorId,
        authorName: reply.authorName,
        channelKind: reply.channelKind,
        body: reply.body,
        fileName: reply.file?.fileName ?? null,
        fileSize: reply.file?.size ?? null,
        contentType: reply.file?.contentType ?? null,
        createdAt: reply.createdAt,
      })
      .onConflictDoNothing({ target: chatReplies.outboxId });
  }
}
