import { bigserial, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from '../../../platform/db/columns.js';

// The sandbox phone network lives in the database, so it survives restarts and crashes exactly as
// a real provider does, and every process (API, workers, the dev page, the CLI) sees the same network.

// The salon's account on the simulated network, per channel instance: how it is linked.
export const sandboxAccounts = pgTable('sandbox_accounts', {
  instanceId: text('instance_id').primaryKey(),
  kind: text('kind').notNull(),
  // idle | qr | code_sent | password_needed | linked | banned | logged_out | dropped
  state: text('state').notNull().default('idle'),
  phone: text('phone'),
  qr: text('qr'),
  qrExpiresAt: ts('qr_expires_at'),
  pairingCode: text('pairing_code'),
  pairingPhone: text('pairing_phone'),
  // Telegram: the login code "sent to the app" (shown on the dev page) and the 2FA password, if any.
  loginCode: text('login_code'),
  password: text('password'),
  updatedAt: ts('updated_at').notNull(),
});

// Messages on the network, both ways. `client_key` is the sender's idempotency key: the network
// keeps one message per key, as WhatsApp does with message ids and Telegram with random_id.
export const sandboxMessages = pgTable(
  'sandbox_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    instanceId: text('instance_id').notNull(),
    kind: text('kind').notNull(),
    direction: text('direction').notNull(),
    clientKey: text('client_key').notNull(),
    phone: text('phone').notNull(),
    name: text('name'),
    body: text('body').notNull(),
    media: jsonb('media'),
    // Bots: what the message carries besides text — from_client {start: token} (pressed Start from
    // a link) or {contact: phone} (shared the phone), {stopped: true}; to_client {askContact: true}
    // (the bot's "share my phone" button).
    meta: jsonb('meta'),
    // to_client: server → delivered → read; from_client (and from_salon, typed on the salon's own
    // phone): new → taken (the session reported it).
    status: text('status').notNull(),
    deliverAt: ts('deliver_at'),
    deliveredAt: ts('delivered_at'),
    readAt: ts('read_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('sandbox_messages_key').on(t.instanceId, t.direction, t.clientKey),
    index('sandbox_messages_pending').on(t.instanceId, t.status),
    index('sandbox_messages_phone').on(t.phone, t.createdAt),
  ],
);
