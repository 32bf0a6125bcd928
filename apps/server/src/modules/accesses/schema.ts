import { bigint, bigserial, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { branches } from '../../platform/db/schema.js';

// The change log of a branch's admin accesses (SPEC 3 Admin access changeLog). Written by the
// server when it applies a change, never taken from the client.
export const accessChanges = pgTable(
  'access_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accId: integer('acc_id')
      .notNull()
      .references(() => branches.accId, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    action: text('action').notNull(),
    newName: text('new_name'),
    newRights: text('new_rights').array(),
    newActive: boolean('new_active'),
    // Who made the change.
    byUserId: bigint('by_user_id', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('access_changes_acc_user').on(t.accId, t.userId, t.at)],
);
