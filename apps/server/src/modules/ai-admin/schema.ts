import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { branches } from '../../platform/db/schema.js';
import { ts, branchAccId as accId } from '../../platform/db/columns.js';

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

// --- Knowledge files (SPEC 3 Knowledge file) ---

// A branch's uploaded document. The raw bytes live in the file store (`raw_path`); the converted
// text is kept here so re-indexing never needs the converter again. `state` is SPEC 4's
// (upload → convert → vectorize → ready | error | deleted); `stage` is the step now running
// (contract FILE_STAGES), `error` the code of FILE_ERRORS when state is 'error'. A file in 'error'
// or 'deleted' takes no space from the branch's total.
export const aiKnowledgeFiles = pgTable(
  'ai_knowledge_files',
  {
    id: serial('id').primaryKey(),
    accId: accId(),
    fileName: text('file_name').notNull(),
    extension: text('extension').notNull(),
    size: integer('size').notNull(),
    rawPath: text('raw_path'),
    text: text('text'),
    summary: text('summary').notNull().default(''),
    // The owner edited the summary: re-processing keeps theirs.
    summaryEdited: boolean('summary_edited').notNull().default(false),
    state: text('state').notNull().default('upload'),
    stage: text('stage').notNull().default('upload'),
    error: text('error'),
    isActive: boolean('is_active').notNull().default(true),
    // SPEC 4 unsaved-file flag: false until the next settings save.
    applied: boolean('applied').notNull().default(false),
    chunkCount: integer('chunk_count').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [index('ai_knowledge_files_acc_idx').on(t.accId, t.id)],
);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

// Passages of a file, indexed for retrieval: full-text search with the `russian` configuration
// (stemmed words) and trigram similarity (pg_trgm: typos, word forms the stemmer misses).
export const aiKnowledgeChunks = pgTable(
  'ai_knowledge_chunks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accId: accId(),
    fileId: integer('file_id')
      .notNull()
      .references(() => aiKnowledgeFiles.id, { onDelete: 'cascade' }),
    ord: integer('ord').notNull(),
    body: text('body').notNull(),
    tsv: tsvector('tsv')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('russian', body)`),
  },
  (t) => [
    index('ai_knowledge_chunks_file_idx').on(t.fileId, t.ord),
    index('ai_knowledge_chunks_acc_idx').on(t.accId),
    // No pending list (fastupdate, on by default): with it, new passages wait in an unsorted list that
    // every search reads through in full, up to 4 MB of it, until a vacuum merges it — and the
    // embedded database runs no autovacuum. Passages are written by a background job and read on
    // every client message, so the inserts pay instead (indexing 10 MB takes about 1.5 times as long).
    index('ai_knowledge_chunks_tsv_idx').using('gin', t.tsv).with({ fastupdate: false }),
    index('ai_knowledge_chunks_trgm_idx').using('gin', sql`${t.body} gin_trgm_ops`),
  ],
);

// --- Conversations (SPEC 3 Chat message and status) ---

// One conversation per branch and client phone (live), or per branch and cabinet user (the test
// chat: `test_user_id` set, `phone` the pretend client's). `state` is the explicit takeover state
// (contract TAKEOVER_STATES): the bot answers only in 'bot', or in 'paused' after `paused_till`.
export const aiConversations = pgTable(
  'ai_conversations',
  {
    id: serial('id').primaryKey(),
    accId: accId(),
    phone: text('phone').notNull(),
    // A Telegram id: above int4 for most real users.
    testUserId: bigint('test_user_id', { mode: 'number' }),
    clientName: text('client_name').notNull().default(''),
    // The channel instance the client writes on (live only): answers go back there.
    instanceId: text('instance_id'),
    channel: text('channel').notNull().default('test'),
    state: text('state').notNull().default('bot'),
    pausedTill: ts('paused_till'),
    reason: text('reason'),
    // When the client's unanswered messages started (aggregation); null when all are answered.
    pendingSince: ts('pending_since'),
    // The test chat's own lock (SPEC 4 locked_by_admin), and its pretend "now".
    testState: text('test_state'),
    createdAt: ts('created_at').notNull(),
    lastMessageAt: ts('last_message_at').notNull(),
  },
  (t) => [
    uniqueIndex('ai_conversations_live_uq')
      .on(t.accId, t.phone)
      .where(sql`${t.testUserId} is null`),
    uniqueIndex('ai_conversations_test_uq')
      .on(t.accId, t.testUserId)
      .where(sql`${t.testUserId} is not null`),
    index('ai_conversations_recent_idx').on(t.accId, t.lastMessageAt),
    // The answers sweep (every few seconds) looks only at conversations waiting for an answer.
    index('ai_conversations_pending_idx')
      .on(t.pendingSince)
      .where(sql`${t.pendingSince} is not null and ${t.testUserId} is null`),
  ],
);

// The messages of a conversation. A client's message is 'incoming'; an answer 'outgoing'. A
// suggestion in manual mode is an outgoing message with require_action (shown to the admin only)
// until an admin sends, edits or deletes it (`status`: pending → sent | edited | deleted).
export const aiMessages = pgTable(
  'ai_messages',
  {
    id: serial('id').primaryKey(),
    accId: accId(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => aiConversations.id, { onDelete: 'cascade' }),
    author: text('author').notNull(),
    direction: text('direction').notNull(),
    text: text('text').notNull(),
    at: ts('at').notNull(),
    isAiResponse: boolean('is_ai_response').notNull().default(false),
    showAdmin: boolean('show_admin').notNull().default(true),
    showClient: boolean('show_client').notNull().default(true),
    requireAction: boolean('require_action').notNull().default(false),
    status: text('status').notNull().default('sent'),
    // Incoming: the channel's message id (a redelivered message is stored once). Outgoing: the
    // outbox row that carries it.
    providerMessageId: text('provider_message_id'),
    outboxId: bigint('outbox_id', { mode: 'number' }),
    // Incoming: answered (alone or aggregated with others).
    answered: boolean('answered').notNull().default(false),
  },
  (t) => [
    index('ai_messages_conversation_idx').on(t.conversationId, t.id),
    uniqueIndex('ai_messages_provider_uq')
      .on(t.conversationId, t.providerMessageId)
      .where(sql`${t.providerMessageId} is not null`),
  ],
);

// What the statistics count (live conversations only): a conversation started, the bot answered,
// it handed over (reason), it booked / moved / cancelled a record (revenue, record id).
export const aiEvents = pgTable(
  'ai_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accId: accId(),
    conversationId: integer('conversation_id').notNull(),
    kind: text('kind').notNull(),
    reason: text('reason'),
    recordId: text('record_id'),
    revenue: numeric('revenue', { mode: 'number' }).notNull().default(0),
    // 'answer' events: ms from the conversation's first unanswered client message.
    answerMs: integer('answer_ms'),
    at: ts('at').notNull(),
  },
  (t) => [index('ai_events_acc_at_idx').on(t.accId, t.at)],
);

// SPEC 7 "POST feedback": kept here, then forwarded to the configured webhook when there is one.
export const aiFeedback = pgTable('ai_feedback', {
  id: serial('id').primaryKey(),
  accId: accId(),
  // The writer's Telegram id (above int4 for most real users).
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  text: text('text').notNull(),
  rate: integer('rate'),
  topic: text('topic'),
  branchName: text('branch_name'),
  createdAt: ts('created_at').notNull(),
  forwardedAt: ts('forwarded_at'),
});
