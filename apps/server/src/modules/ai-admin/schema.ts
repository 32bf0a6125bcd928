import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { branches } from '../../platform/db/schema.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

// SPEC 3 "AI agent settings": one agent per branch. The settings are one jsonb document, checked by
// the contract's `agentSettings` on the way in and re-read through it on the way out: they are
// always read and written whole (the PATCH merges in the service), nothing queries a single field,
// and the AI side adds fields often — a new contract field then needs no migration.
export const aiAgents = pgTable('ai_agents', {
  accId: integer('acc_id')
    .primaryKey()
    .references(() => branches.accId, { onDelete: 'cascade' }),
  settings: jsonb('settings').notNull(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});
