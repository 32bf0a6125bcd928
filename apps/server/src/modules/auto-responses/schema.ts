import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { branches } from '../../platform/db/schema.js';
import { ts } from '../../platform/db/columns.js';

// The file of a file reply: a file of the branch's store (platform/files), copied into the outbox
// row's media when the reply goes out.
export interface KeyPhraseMedia {
  fileId: string;
  fileName: string;
  contentType: string;
  size: number;
  path: string;
}

// SPEC 3 Auto-response: the branch's key phrases, each with its trigger words and its reply.
export const keyPhrases = pgTable(
  'key_phrases',
  {
    id: serial('id').primaryKey(),
    accId: integer('acc_id')
      .notNull()
      .references(() => branches.accId, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
    // 'text' or 'file'.
    type: text('type').notNull(),
    // The text reply, or the file's caption.
    reply: text('reply').notNull(),
    words: text('words').array().notNull(),
    media: jsonb('media').$type<KeyPhraseMedia>(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('key_phrases_acc').on(t.accId, t.id)],
);

// When a phrase last answered a client: at most one reply per phrase per client per period. One row
// per phrase and client, claimed atomically in the transaction that writes the reply's outbox row.
export const keyPhraseAnswers = pgTable(
  'key_phrase_answers',
  {
    keyPhraseId: integer('key_phrase_id')
      .notNull()
      .references(() => keyPhrases.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    accId: integer('acc_id').notNull(),
    answeredAt: ts('answered_at').notNull(),
    outboxId: bigint('outbox_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.keyPhraseId, t.phone] })],
);

// The branch's period and takeover pause; no row: the defaults (auto-responses-rules.ts).
export const autoResponseSettings = pgTable('auto_response_settings', {
  accId: integer('acc_id')
    .primaryKey()
    .references(() => branches.accId, { onDelete: 'cascade' }),
  periodHours: integer('period_hours').notNull(),
  pauseMinutes: integer('pause_minutes').notNull(),
  updatedAt: ts('updated_at').notNull(),
});
