import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { branches } from '../../platform/db/schema.js';
import { ts } from '../../platform/db/columns.js';

// SPEC 3 Template. Timing, filters and options are kept as the wire's settings object (validated
// by the contract on the way in and re-read through it on the way out); the text lives in versions.
export const templates = pgTable(
  'templates',
  {
    id: serial('id').primaryKey(),
    accId: integer('acc_id')
      .notNull()
      .references(() => branches.accId, { onDelete: 'cascade' }),
    // 'tm' time-based, 'em' event-based (event and consent).
    kind: text('kind').notNull(),
    // before_start, after_end, after_deletion, all_day_recs_notifications, event, consent, happy_birthday.
    category: text('category').notNull(),
    title: text('title').notNull(),
    active: boolean('active').notNull().default(false),
    // Order in the list, per kind (drag to reorder).
    position: integer('position').notNull().default(0),
    settings: jsonb('settings').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    // Deleted templates keep their statistics.
    deletedAt: ts('deleted_at'),
  },
  (t) => [index('templates_acc_kind').on(t.accId, t.kind, t.position)],
);

// Every text a template has had: editing the text makes a new version, statistics are per version.
export const templateVersions = pgTable(
  'template_versions',
  {
    templateId: integer('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    // Content items [{type, body, caption, name_field_file, file_name, file_id}].
    content: jsonb('content').notNull(),
    textSms: text('text_sms').notNull().default(''),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.templateId, t.version] })],
);

// Which template (and version) an outbox row came from, for what record and client: the engine
// reschedules and cancels through it, and template statistics are computed from it.
export const templateSends = pgTable(
  'template_sends',
  {
    outboxId: bigint('outbox_id', { mode: 'number' }).primaryKey(),
    accId: integer('acc_id').notNull(),
    templateId: integer('template_id').notNull(),
    version: integer('version').notNull(),
    // Which content item of the version this row carries (a template may send several messages).
    item: integer('item').notNull().default(0),
    recordId: text('record_id'),
    clientId: text('client_id'),
    clientPhone: text('client_phone').notNull(),
    clientName: text('client_name').notNull().default(''),
    // The confirm-record question: the client's '1'/'2' answer confirms or cancels this record.
    asksConfirmation: boolean('asks_confirmation').notNull().default(false),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('template_sends_record').on(t.accId, t.recordId),
    index('template_sends_template').on(t.templateId, t.version, t.createdAt),
    index('template_sends_phone').on(t.accId, t.clientPhone, t.createdAt),
  ],
);
