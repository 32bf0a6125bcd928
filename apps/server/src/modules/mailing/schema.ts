import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
} from 'drizzle-orm/pg-core';
import { branches } from '../../platform/db/schema.js';
import { ts } from '../../platform/db/columns.js';

// A send-out (SPEC 3 Mailing). It is born a draft when a client list is parsed or a segment is
// fetched (the parse answer's sendout_id), becomes planned or started at /start_sendout, is paused
// by /stop_sendout and started again, and ends finished when every recipient has an outbox row
// that left (or was refused by the dispatcher).
//   draft → planned (scheduled start) → started → finished
//                     started ⇄ paused
export const sendouts = pgTable(
  'sendouts',
  {
    id: text('id').primaryKey(),
    accId: integer('acc_id')
      .notNull()
      .references(() => branches.accId, { onDelete: 'cascade' }),
    // draft, planned, started, paused, finished.
    status: text('status').notNull().default('draft'),
    // xlsx or crm (SPEC 4: the client source).
    source: text('source').notNull(),
    // The message (SPEC 3 text / msg) and its attachment ({fileId, fileName, contentType, size}).
    text: text('text').notNull().default(''),
    media: jsonb('media'),
    // The keys the recipients' values go under (name, phone, then the file's other columns).
    keys: text('keys').array().notNull(),
    // Recipients parsed (before the consent choice) and recipients it sends to (after it).
    parsedCount: integer('parsed_count').notNull(),
    count: integer('count').notNull().default(0),
    // SPEC 7 start_sendout fields.
    batchLen: integer('batch_len').notNull(),
    betweenTime: integer('between_time').notNull(),
    instanceId: text('instance_id'),
    consentTrue: boolean('consent_true').notNull().default(true),
    consentNeutral: boolean('consent_neutral').notNull().default(true),
    loyaltyActionId: text('loyalty_action_id'),
    // Parse-answer figures kept for the calendar's day detail and the stats (SPEC 3).
    visitsMedian: doublePrecision('visits_median'),
    lastVisitTimeMedian: doublePrecision('last_visit_time_median'),
    clientsWithoutRecords: integer('clients_without_records').notNull().default(0),
    // {consent_count, neutral_count, declined_count, active_count} at parse time.
    consentCounts: jsonb('consent_counts').notNull(),
    // The requested start (scheduled) or the launch instant (immediate).
    timeStart: ts('time_start'),
    // The current plan's days [{day, from, to, count}] (ISO instants): the calendar reads them.
    planDays: jsonb('plan_days').notNull().default([]),
    // A paused send-out's last message; the resumed one keeps between_time after it.
    lastSentAt: ts('last_sent_at'),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    // SPEC 3 sendout_stop_flag: the owner stopped it at least once.
    stopped: boolean('stopped').notNull().default(false),
    // Statistics kept up to date by the attribution pass (SPEC 3 Stats row), so the stats page
    // reads one row per send-out instead of adding up its messages.
    sentCount: integer('sent_count').notNull().default(0),
    readCount: integer('read_count').notNull().default(0),
    answeredCount: integer('answered_count').notNull().default(0),
    recordedCount: integer('recorded_count').notNull().default(0),
    revenue: doublePrecision('revenue').notNull().default(0),
    statsAt: ts('stats_at'),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('sendouts_acc_status').on(t.accId, t.status),
    // The stats table's default order (date descending), paged per branch.
    index('sendouts_acc_started').on(t.accId, t.startedAt),
  ],
);

// One recipient of a send-out, in list order (position 0..parsed_count-1). `included` is the
// consent choice at launch; outbox_id is set once the recipient's message is queued under the
// idempotency key sendout:{id}:{position}, so a pause, a crash or a second start never queues it twice.
export const sendoutRecipients = pgTable(
  'sendout_recipients',
  {
    sendoutId: text('sendout_id')
      .notNull()
      .references(() => sendouts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    accId: integer('acc_id').notNull(),
    phone: text('phone').notNull(),
    name: text('name').notNull().default(''),
    // Values of the list's other columns by key.
    vars: jsonb('vars').notNull().default({}),
    // consent, declined, await or neutral, read from the consent list at parse time.
    consent: text('consent').notNull().default('neutral'),
    // Visits and days since the last visit from the CRM (null: not a CRM client).
    visits: integer('visits'),
    lastVisitAt: ts('last_visit_at'),
    included: boolean('included').notNull().default(true),
    // When the plan sends it (the filler queues rows whose time is near).
    plannedAt: ts('planned_at'),
    outboxId: bigint('outbox_id', { mode: 'number' }),
    // Attribution (SPEC 4 per-message status: sent, read, answered, recorded), written by the
    // attribution pass from the outbox, the chat and the CRM.
    sentAt: ts('sent_at'),
    readAt: ts('read_at'),
    answeredAt: ts('answered_at'),
    recordedAt: ts('recorded_at'),
    recordId: text('record_id'),
    recordService: text('record_service'),
    recordCost: doublePrecision('record_cost'),
  },
  (t) => [
    primaryKey({ columns: [t.sendoutId, t.position] }),
    // The filler's scan: recipients of a send-out not yet queued, in planned order.
    index('sendout_recipients_due')
      .on(t.sendoutId, t.plannedAt)
      .where(sql`${t.outboxId} is null and ${t.included}`),
    // Attribution looks recipients up by phone (an answer, a booking).
    index('sendout_recipients_phone').on(t.accId, t.phone, t.sentAt),
  ],
);

// Saved CRM segments (SPEC 3 Segment): the filters of /get_clients_from_ycl under a name.
export const sendoutSegments = pgTable(
  'sendout_segments',
  {
    id: serial('id').primaryKey(),
    accId: integer('acc_id')
      .notNull()
      .references(() => branches.accId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    // {operation, conditions} as the contract's segmentFilters.
    filters: jsonb('filters').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('sendout_segments_acc').on(t.accId)],
);

// The owner heard through the admin bot that a send-out waits (daily limit, sending window, no
// connected number): once per send-out and reason, so a stall that lasts days is one message.
export const sendoutStallNotices = pgTable(
  'sendout_stall_notices',
  {
    sendoutId: text('sendout_id')
      .notNull()
      .references(() => sendouts.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    notifiedAt: ts('notified_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sendoutId, t.reason] })],
);
