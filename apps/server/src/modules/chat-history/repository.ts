import { and, eq, sql } from 'drizzle-orm';
import { chatMessages } from '../../channels/schema.js';
import { queryRows, type Db } from '../../platform/db/client.js';
import type { Executor } from '../../platform/db/executor.js';
import { branchMembers, users } from '../accounts/schema.js';
import { chatReadMarkers, chatReplies } from './schema.js';

// SQL of the inbox: conversations, threads, read markers and the cabinet's replies. No rules here.

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

// A conversation's id: its phone's first message.
const firstIds = (accId: number) =>
  sql`select phone, min(id) as first_id from ${chatMessages} where acc_id = ${accId} group by phone`;

export class ChatHistoryRepository {
  constructor(private readonly db: Db) {}

  // Latest conversation first: its last message, the client's name in the CRM, the channel of the
  // client's last message, and how many of the client's messages came after the read marker.
  async conversations(accId: number, limit: number, offset: number): Promise<ConversationRow[]> {
    const rows = await queryRows<Record<string, unknown>>(
      this.db,
      sql`with last as (
            select distinct on (phone) phone, id, type, body, caption, file, direction, channel_kind, name, outbox_id, at
            from ${chatMessages} where acc_id = ${accId}
            order by phone, at desc, id desc
          ), firsts as (${firstIds(accId)})
          select f.first_id::bigint as conversation_id, l.phone, l.type, l.body, l.caption, l.file, l.direction, l.at,
            (l.outbox_id is not null and exists (select 1 from ${chatReplies} r where r.outbox_id = l.outbox_id)) as is_reply,
            coalesce((select i.channel_kind from ${chatMessages} i
              where i.acc_id = ${accId} and i.phone = l.phone and i.direction = 'incoming'
              order by i.at desc, i.id desc limit 1), l.channel_kind) as channel,
            (select i.name from ${chatMessages} i
              where i.acc_id = ${accId} and i.phone = l.phone and i.direction = 'incoming' and i.name is not null
              order by i.at desc, i.id desc limit 1) as chat_name,
            (select c.name from crm_clients c where c.acc_id = ${accId} and c.phone = l.phone
              order by c.updated_at desc limit 1) as crm_name,
            (select count(*) from ${chatMessages} u
              where u.acc_id = ${accId} and u.phone = l.phone and u.direction = 'incoming'
                and u.id > coalesce(m.last_read_id, 0))::int as unread
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
  async phoneOf(accId: number, conversationId: number): Promise<string | null> {
    const rows = await this.db
      .select({ phone: chatMessages.phone })
      .from(chatMessages)
      .where(and(eq(chatMessages.accId, accId), eq(chatMessages.id, conversationId)));
    return rows[0]?.phone ?? null;
  }

  // The latest `limit` messages of the phones matching `phoneLike` (SQL LIKE), with the cabinet's
  // replies still waiting in the outbox, newest first.
  async thread(accId: number, phoneLike: string, limit: number): Promise<ThreadRow[]> {
    const rows = await queryRows<Record<string, unknown>>(
      this.db,
      sql`with firsts as (${firstIds(accId)}),
          msgs as (
            select m.phone, m.channel_kind, m.direction, m.name, m.type, m.body, m.caption, m.file, m.at, m.id,
              o.status as outbox_status, r.author_name, (r.id is not null) as is_reply
            from ${chatMessages} m
            left join outbox o on o.id = m.outbox_id
            left join ${chatReplies} r on r.outbox_id = m.outbox_id
            where m.acc_id = ${accId} and m.phone like ${phoneLike}
            union all
            select r.phone, r.channel_kind, 'outgoing', null,
              case when r.file_name is null then 'text' else 'file' end, r.body, null,
              case when r.file_name is null then null
                else jsonb_build_object('fileName', r.file_name, 'size', r.file_size, 'contentType', r.content_type) end,
              r.created_at, 0, o.status, r.author_name, true
            from ${chatReplies} r
            join outbox o on o.id = r.outbox_id
            where r.acc_id = ${accId} and r.phone like ${phoneLike}
              and not exists (select 1 from ${chatMessages} s where s.outbox_id = r.outbox_id)
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
          select ${accId}, ${phone}, coalesce(max(id), 0), ${now.toISOString()}::timestamptz
          from ${chatMessages} where acc_id = ${accId} and phone = ${phone} and direction = 'incoming'
          on conflict (acc_id, phone) do update
          set last_read_id = greatest(${chatReadMarkers.lastReadId}, excluded.last_read_id), read_at = excluded.read_at`,
    );
  }

  // Where a reply goes: the channel the client last wrote on (else the last one used with them).
  async replyTarget(accId: number, phone: string): Promise<ReplyTarget | null> {
    const rows = await queryRows<Record<string, unknown>>(
      this.db,
      sql`select phone, channel_kind,
            (select c.name from crm_clients c where c.acc_id = ${accId} and c.phone = ${phone}
              order by c.updated_at desc limit 1) as crm_name,
            name
          from ${chatMessages}
          where acc_id = ${accId} and phone = ${phone}
          order by (direction = 'incoming') desc, at desc, id desc
          limit 1`,
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
