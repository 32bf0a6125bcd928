import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { branches } from '../../platform/db/schema.js';

// The branch's blocked numbers. Owned by the blacklist module: only its repository writes here;
// the dispatcher reads it through blacklistPolicy() (repository.ts), other modules through its service.
export const blacklist = pgTable(
  'blacklist',
  {
    accId: integer('acc_id')
      .notNull()
      .references(() => branches.accId, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('blacklist_acc_phone').on(t.accId, t.phone)],
);
