import { bigint, bigserial, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { branches } from '../../platform/db/schema.js';

// The change log of a branch's consent entries (SPEC 3 Consent entry changelog). Written by the
// server when it applies a change (the cabinet, the template engine, a client's answer), never
// taken from the client. Each row holds the entry's values after the change.
export const consentChanges = pgTable(
  'consent_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accId: integer('acc_id')
      .notNull()
      .references(() => branches.accId, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    // change_comment, change_consent, crm_creation, manual_creation, user_answered, template_creation.
    actions: text('actions').array().notNull(),
    newActive: boolean('new_active'),
    newConsent: boolean('new_consent'),
    newComment: text('new_comment'),
    newClientText: text('new_client_text'),
    // The cabinet user who made the change; null for the client and the system.
    userTgId: bigint('user_tg_id', { mode: 'number' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('consent_changes_acc_phone').on(t.accId, t.phone, t.at)],
);

// Consent to messages per client phone (SPEC 3 Consent entry). true consent, false declined,
// null no answer; active false with null is "neutral". Owned by this module (the list, its changelog
// above, the engine's questions and answers through ConsentsRepository): only its repository writes
// here; the dispatcher and the send-out drafts read it through consentPolicy() / consentEntriesSql().
export const consents = pgTable(
  'consents',
  {
    accId: integer('acc_id')
      .notNull()
      .references(() => branches.accId, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    active: boolean('active').notNull().default(false),
    consent: boolean('consent'),
    clientText: text('client_text'),
    comment: text('comment'),
    consentAt: timestamp('consent_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('consents_acc_phone').on(t.accId, t.phone),
    // The list's order (newest change first), paged.
    index('consents_acc_updated').on(t.accId, t.updatedAt),
  ],
);
