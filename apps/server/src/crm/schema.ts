import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { branches } from '../platform/db/schema.js';
import { ts, branchAccId as accId } from '../platform/db/columns.js';

const textArray = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);

// Which CRM a branch's bookings come from. 'local': the tables below are the CRM itself.
// 'yclients': they mirror the company's data, kept current by webhooks and the reconciliation poll.
export const crmConnections = pgTable('crm_connections', {
  accId: integer('acc_id')
    .primaryKey()
    .references(() => branches.accId, { onDelete: 'cascade' }),
  kind: text('kind').notNull().default('local'),
  // YCLIENTS company_id (equals branches.branch_id for YCLIENTS branches).
  companyId: integer('company_id'),
  // YCLIENTS user token, sealed; the partner token is installation config.
  userToken: text('user_token'),
  // The reconciliation poll's cursor: records changed after this instant were already read.
  pollCursor: ts('poll_cursor'),
  active: boolean('active').notNull().default(true),
});

// --- Reference data (SPEC 7 "category lists") ---
const reference = (name: string, extra: Record<string, ReturnType<typeof text>> = {}) =>
  pgTable(
    name,
    {
      accId: accId(),
      id: text('id').notNull(),
      title: text('title').notNull(),
      active: boolean('active').notNull().default(true),
      ...extra,
    },
    (t) => [primaryKey({ columns: [t.accId, t.id] })],
  );

export const crmStaff = reference('crm_staff', { specialization: text('specialization') });
export const crmServiceCategories = reference('crm_service_categories');
export const crmClientCategories = reference('crm_client_categories');
export const crmRecordLabels = reference('crm_record_labels');
export const crmLoyaltyCardTypes = reference('crm_loyalty_card_types', { salonGroupId: text('salon_group_id') });

export const crmServices = pgTable(
  'crm_services',
  {
    accId: accId(),
    id: text('id').notNull(),
    title: text('title').notNull(),
    categoryId: text('category_id'),
    priceMin: numeric('price_min', { mode: 'number' }).notNull().default(0),
    priceMax: numeric('price_max', { mode: 'number' }).notNull().default(0),
    durationSec: integer('duration_sec').notNull().default(3600),
    active: boolean('active').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.accId, t.id] })],
);

export const crmGoods = pgTable(
  'crm_goods',
  {
    accId: accId(),
    id: text('id').notNull(),
    title: text('title').notNull(),
    price: numeric('price', { mode: 'number' }).notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.accId, t.id] })],
);

export const crmClients = pgTable(
  'crm_clients',
  {
    accId: accId(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    // Digits only, with the country code (79161234567).
    phone: text('phone').notNull(),
    email: text('email'),
    birthday: date('birthday'),
    // SPEC 3 client filters: man 1, woman 2, unknown 0.
    sex: integer('sex').notNull().default(0),
    categories: textArray('categories'),
    successVisits: integer('success_visits').notNull().default(0),
    failVisits: integer('fail_visits').notNull().default(0),
    // Loyalty balance shown by {bonus_balance}.
    bonusBalance: numeric('bonus_balance', { mode: 'number' }).notNull().default(0),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accId, t.id] }),
    index('crm_clients_phone').on(t.accId, t.phone),
    index('crm_clients_birthday').on(
      t.accId,
      sql`extract(month from ${t.birthday})`,
      sql`extract(day from ${t.birthday})`,
    ),
  ],
);

// A booking as the CRM last described it. `revision` counts the changes we applied.
export const crmRecords = pgTable(
  'crm_records',
  {
    accId: accId(),
    id: text('id').notNull(),
    clientId: text('client_id'),
    clientName: text('client_name').notNull().default(''),
    clientPhone: text('client_phone').notNull().default(''),
    staffId: text('staff_id'),
    staffName: text('staff_name').notNull().default(''),
    // [{id, title, cost, category_id, amount}] as RecordService.
    services: jsonb('services').notNull().default([]),
    // [{id, title, cost, amount}] as RecordGood.
    goods: jsonb('goods').notNull().default([]),
    startsAt: ts('starts_at').notNull(),
    lengthSec: integer('length_sec').notNull(),
    // SPEC 3 Record client status: -1 did not come, 0 waiting, 1 came, 2 confirmed.
    attendance: integer('attendance').notNull().default(0),
    deleted: boolean('deleted').notNull().default(false),
    paid: boolean('paid').notNull().default(false),
    online: boolean('online').notNull().default(false),
    labels: textArray('labels'),
    comment: text('comment').notNull().default(''),
    shortLink: text('short_link'),
    // Sum of the services' costs (the record's price), kept for statistics.
    cost: numeric('cost', { mode: 'number' }).notNull().default(0),
    createdAt: ts('created_at').notNull(),
    changedAt: ts('changed_at').notNull(),
    deletedAt: ts('deleted_at'),
    revision: integer('revision').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.accId, t.id] }),
    index('crm_records_starts').on(t.accId, t.startsAt),
    index('crm_records_client').on(t.accId, t.clientPhone, t.createdAt),
  ],
);

// The durable inbox of CRM events: a webhook is stored here before it is answered, the local CRM
// writes here in the transaction that changes a record. Processing is two steps, each idempotent:
// 'derived' (the record snapshot is updated and the event kinds it implies are stored with it), then
// 'done' (the engine planned its messages).
export const crmEvents = pgTable(
  'crm_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accId: accId(),
    source: text('source').notNull(),
    resource: text('resource').notNull(),
    resourceId: text('resource_id').notNull(),
    status: text('status').notNull(),
    payload: jsonb('payload'),
    // Same event delivered twice (a webhook retry, a poll that sees what a webhook brought): one row.
    dedupKey: text('dedup_key').notNull(),
    state: text('state').notNull().default('new'),
    // Derived record event kinds (record_create, record_paid, ...).
    kinds: text('kinds').array(),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    receivedAt: ts('received_at').notNull(),
    processedAt: ts('processed_at'),
  },
  (t) => [uniqueIndex('crm_events_dedup').on(t.dedupKey), index('crm_events_pending').on(t.state, t.id)],
);
