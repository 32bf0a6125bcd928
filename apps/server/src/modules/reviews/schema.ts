import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { branches } from '../../platform/db/schema.js';
import { ts } from '../../platform/db/columns.js';

// SPEC 3 Review chain. The steps are kept as the wire's objects (validated by the contract on the
// way in and re-read through it on the way out).
export const reviewChains = pgTable(
  'review_chains',
  {
    id: serial('id').primaryKey(),
    accId: integer('acc_id')
      .notNull()
      .references(() => branches.accId, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    // The chain's switch is the first step's `active`.
    active: boolean('active').notNull().default(false),
    position: integer('position').notNull().default(0),
    firstStep: jsonb('first_step').notNull(),
    // [{active, content, delay_hours}], at most 3.
    secondStep: jsonb('second_step').notNull(),
    lastStep: jsonb('last_step').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    // Deleted chains keep their statistics.
    deletedAt: ts('deleted_at'),
  },
  (t) => [index('review_chains_acc').on(t.accId, t.position)],
);

// Branch-wide review settings: where review links lead, and check_already_review's window.
export const reviewSettings = pgTable('review_settings', {
  accId: integer('acc_id')
    .primaryKey()
    .references(() => branches.accId, { onDelete: 'cascade' }),
  // [{kind, url}] (contract reviewSite).
  sites: jsonb('sites').notNull(),
  repeatDays: integer('repeat_days').notNull().default(30),
  updatedAt: ts('updated_at').notNull(),
});

// One chain run per visit: the request, the reminders while the client is silent, the rating and the
// last step. The runner moves it planned → asked → rated/silent/cancelled/skipped; statistics read it.
export const reviewRuns = pgTable(
  'review_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accId: integer('acc_id').notNull(),
    chainId: integer('chain_id').notNull(),
    recordId: text('record_id').notNull(),
    clientId: text('client_id'),
    clientPhone: text('client_phone').notNull(),
    clientName: text('client_name').notNull().default(''),
    // What the admin alert names: visit time, master, services.
    visitAt: ts('visit_at').notNull(),
    staffName: text('staff_name').notNull().default(''),
    services: text('services').notNull().default(''),
    // planned (first step in the outbox, not yet sent), asked (a step went out), rated, silent (every
    // step went out, no rating), cancelled (record moved/cancelled, chain off, send failed), skipped.
    state: text('state').notNull(),
    // The highest step number enqueued (1 first, 2..4 middle, last = middle count + 2).
    step: smallint('step').notNull().default(1),
    // When the next middle step is due (null: none); the advance sweep picks due runs.
    nextAt: ts('next_at'),
    rating: smallint('rating'),
    answer: text('answer'),
    // Why it was skipped or cancelled (for logs and tests).
    reason: text('reason'),
    createdAt: ts('created_at').notNull(),
    askedAt: ts('asked_at'),
    ratedAt: ts('rated_at'),
    // Reached the last step (the positive or negative text went out).
    finishedAt: ts('finished_at'),
  },
  (t) => [
    uniqueIndex('review_runs_chain_record').on(t.chainId, t.recordId),
    index('review_runs_phone').on(t.accId, t.clientPhone, t.createdAt),
    index('review_runs_next').on(t.nextAt),
    index('review_runs_chain_created').on(t.chainId, t.createdAt),
    // Statistics count the requests sent in a date range, chain by chain.
    index('review_runs_chain_asked').on(t.chainId, t.askedAt),
  ],
);

// Which outbox row carried which step of a run: cancellation and the "did it go out" checks.
export const reviewRunSends = pgTable(
  'review_run_sends',
  {
    outboxId: bigint('outbox_id', { mode: 'number' }).primaryKey(),
    runId: bigint('run_id', { mode: 'number' }).notNull(),
    step: smallint('step').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('review_run_sends_run').on(t.runId)],
);

// Short links served by our server ({review_link}, {tips_link}): who got it, from what, where it leads.
export const reviewLinks = pgTable(
  'review_links',
  {
    code: text('code').primaryKey(),
    accId: integer('acc_id').notNull(),
    // 'review' or 'tips'.
    kind: text('kind').notNull(),
    runId: bigint('run_id', { mode: 'number' }),
    chainId: integer('chain_id'),
    templateId: integer('template_id'),
    recordId: text('record_id'),
    clientPhone: text('client_phone').notNull(),
    createdAt: ts('created_at').notNull(),
    // The first click (a link is one per visit: later clicks only count up).
    firstClickAt: ts('first_click_at'),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [
    uniqueIndex('review_links_origin').on(t.accId, t.kind, t.recordId, t.clientPhone),
    index('review_links_chain').on(t.chainId),
  ],
);
