import { bigint, bigserial, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { branches } from '../../platform/db/schema.js';
import { ts } from '../../platform/db/columns.js';

// How far the salon has read each conversation (a branch and a client's phone): incoming messages
// with a larger id are unread. One marker per conversation, shared by the branch's team, as one
// shared inbox.
export const chatReadMarkers = pgTable(
  'chat_read_markers',
  {
    accId: integer('acc_id')
      .notNull()
      .references(() => branches.accId, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    lastReadId: bigint('last_read_id', { mode: 'number' }).notNull(),
    readAt: ts('read_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accId, t.phone] })],
);

// What the salon answered from the cabinet: who wrote it and which outbox row carries it. The chat
// row the dispatcher writes once it is sent is labelled from here (salon, with the writer's name),
// and until then the thread shows the reply as waiting.
export const chatReplies = pgTable(
  'chat_replies',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accId: integer('acc_id')
      .notNull()
      .references(() => branches.accId, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    outboxId: bigint('outbox_id', { mode: 'number' }).notNull().unique(),
    authorId: bigint('author_id', { mode: 'number' }).notNull(),
    authorName: text('author_name'),
    channelKind: text('channel_kind').notNull(),
    body: text('body').notNull(),
    fileName: text('file_name'),
    fileSize: integer('file_size'),
    contentType: text('content_type'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('chat_replies_acc_phone').on(t.accId, t.phone, t.createdAt)],
);
