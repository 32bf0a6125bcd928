import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { branches } from '../platform/db/schema.js';
import { ts } from '../platform/db/columns.js';

// One connected account per branch and channel kind: its state, sealed credentials, the login
// flow in progress, the governor's pacing, and which process holds its live session.
export const channelInstances = pgTable(
  'channel_instances',
  {
    id: text('id').primaryKey(),
    accId: integer('acc_id')
      .notNull()
      .references(() => branches.accId, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    provider: text('provider').notNull(),
    status: text('status').notNull().default('not_authenticated'),
    statusReason: text('status_reason'),
    phone: text('phone'),
    credentials: text('credentials'),
    qr: text('qr'),
    qrExpiresAt: ts('qr_expires_at'),
    pairingCode: text('pairing_code'),
    pairingPhone: text('pairing_phone'),
    pairingExpiresAt: ts('pairing_expires_at'),
    // First time the account was authenticated: its age drives the warm-up of the daily cap.
    firstConnectedAt: ts('first_connected_at'),
    // Governor: the next moment a message may leave this number, today's count, and an auto-pause.
    nextSlotAt: ts('next_slot_at'),
    sentDay: text('sent_day'),
    sentToday: integer('sent_today').notNull().default(0),
    recentFailures: integer('recent_failures').notNull().default(0),
    pausedUntil: ts('paused_until'),
    pauseReason: text('pause_reason'),
    // Lease: exactly one process holds the live session; another takes over when it expires.
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: ts('lease_expires_at'),
    // Bumped to ask the holder to drop and reopen its session (logout, reboot, drop instance).
    generation: integer('generation').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('channel_instances_acc_kind').on(t.accId, t.kind)],
);

// Requests from API processes to the process that holds a session (login steps, actions).
export const channelCommands = pgTable(
  'channel_commands',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    instanceId: text('instance_id')
      .notNull()
      .references(() => channelInstances.id, { onDelete: 'cascade' }),
    command: jsonb('command').notNull(),
    state: text('state').notNull().default('pending'),
    result: jsonb('result'),
    createdAt: ts('created_at').notNull(),
    doneAt: ts('done_at'),
  },
  (t) => [index('channel_commands_pending').on(t.instanceId, t.state)],
);

// Every message the system will send: written once per trigger × recipient × template version
// (the idempotency key), then moved by the dispatcher: pending → sending → sent → delivered → read.
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accId: integer('acc_id')
      .notNull()
      .references(() => branches.accId, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    source: text('source').notNull(),
    sourceId: text('source_id'),
    recipient: text('recipient').notNull(),
    clientName: text('client_name'),
    body: text('body').notNull(),
    media: jsonb('media'),
    // Channels this message may use, in order; null means the branch's channel priority.
    channels: text('channels').array(),
    notBefore: ts('not_before').notNull(),
    status: text('status').notNull().default('pending'),
    statusReason: text('status_reason'),
    attempts: integer('attempts').notNull().default(0),
    triedKinds: text('tried_kinds')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    channelKind: text('channel_kind'),
    instanceId: text('instance_id'),
    providerMessageId: text('provider_message_id'),
    // A claim by a worker that is sending it; when it lapses (the worker died) the row is taken again.
    claimedUntil: ts('claimed_until'),
    sentAt: ts('sent_at'),
    deliveredAt: ts('delivered_at'),
    readAt: ts('read_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('outbox_idempotency').on(t.idempotencyKey),
    index('outbox_due').on(t.status, t.notBefore),
    index('outbox_provider_message').on(t.instanceId, t.providerMessageId),
    index('outbox_acc_created').on(t.accId, t.createdAt),
  ],
);

// The highest ack each provider message got, kept apart from the outbox: an ack may arrive before
// the worker that sent the message has recorded it (it died in between), and must not be lost.
export const channelAcks = pgTable(
  'channel_acks',
  {
    instanceId: text('instance_id').notNull(),
    providerMessageId: text('provider_message_id').notNull(),
    ack: text('ack').notNull(),
    at: ts('at').notNull(),
  },
  (t) => [uniqueIndex('channel_acks_key').on(t.instanceId, t.providerMessageId)],
);
