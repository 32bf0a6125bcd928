import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { branches, telegramId } from '../../platform/db/schema.js';

// Integrator requests (SPEC 3 Other forms): kept before they are posted to the automation webhook,
// so a request survives a webhook that is down, refused by the address guard, or not configured.
export const integratorRequests = pgTable(
  'integrator_requests',
  {
    id: serial('id').primaryKey(),
    userId: telegramId('user_id').notNull(),
    accId: integer('acc_id').references(() => branches.accId, { onDelete: 'set null' }),
    // The wire body as posted (branch_id, integranor_name, name, service, whatsapp_number).
    payload: jsonb('payload').notNull(),
    // 'pending' → 'sent' | 'failed' | 'stored' (no webhook configured).
    status: text('status').notNull().default('pending'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('integrator_requests_status_idx').on(t.status, t.createdAt)],
);

// Feedback from the cabinet's modal (SPEC 3 Feedback, SPEC 8 reasons), forwarded to the support chat.
export const feedbackMessages = pgTable(
  'feedback_messages',
  {
    id: serial('id').primaryKey(),
    userId: telegramId('user_id').notNull(),
    accId: integer('acc_id').references(() => branches.accId, { onDelete: 'set null' }),
    branchName: text('branch_name').notNull().default(''),
    text: text('text').notNull(),
    // One of the SPEC 8 reasons, or a free topic.
    topic: text('topic'),
    rate: integer('rate'),
    // The attachment in the data dir, typed by its bytes.
    fileName: text('file_name'),
    fileType: text('file_type'),
    filePath: text('file_path'),
    fileSize: integer('file_size'),
    // 'pending' → 'forwarded' | 'failed' | 'stored' (no support chat configured).
    status: text('status').notNull().default('pending'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    forwardedAt: timestamp('forwarded_at', { withTimezone: true }),
  },
  (t) => [index('feedback_messages_created_idx').on(t.createdAt)],
);
