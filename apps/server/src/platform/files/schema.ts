import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { branches } from '../db/schema.js';

// Uploaded attachments (template content, mailing media): the bytes live under DATA_DIR/uploads.
export const files = pgTable('files', {
  id: text('id').primaryKey(),
  accId: integer('acc_id')
    .notNull()
    .references(() => branches.accId, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  path: text('path').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
