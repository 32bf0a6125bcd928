import { integer, timestamp } from 'drizzle-orm/pg-core';
import { branches } from './schema.js';

// Column shapes every module's tables share.

// An instant, stored with its zone (every time is kept in UTC and shown in the branch's zone).
export const ts = (name: string) => timestamp(name, { withTimezone: true });

// The tenant key of a branch-owned row: the branch's acc_id, its rows gone with the branch.
export const branchAccId = () =>
  integer('acc_id')
    .notNull()
    .references(() => branches.accId, { onDelete: 'cascade' });
