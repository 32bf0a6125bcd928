import { index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { branches } from '../../platform/db/schema.js';
import { ts } from '../../platform/db/columns.js';

// What the cascade knows of each client per channel: reachable there (a bot's user linked to the
// phone, or a messenger that delivered), known not to be (no WhatsApp account, stopped the bot),
// and when a message last reached them there (soft priority tries that channel first).
export const clientChannels = pgTable(
  'client_channels',
  {
    accId: integer('acc_id')
      .notNull()
      .references(() => branches.accId, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    kind: text('kind').notNull(),
    // linked | unreachable
    state: text('state').notNull(),
    // Bots: the linked user's chat id on that messenger; null for channels addressed by phone.
    address: text('address'),
    lastDeliveredAt: ts('last_delivered_at'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accId, t.phone, t.kind] }),
    index('client_channels_linked').on(t.accId, t.kind, t.state),
  ],
);

// A bot's users as the bot saw them: started (with the invite token of their link, if any), then
// linked to a phone once they shared it; stopped when they blocked the bot.
export const botSubscribers = pgTable(
  'bot_subscribers',
  {
    accId: integer('acc_id')
      .notNull()
      .references(() => branches.accId, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    address: text('address').notNull(),
    name: text('name'),
    startToken: text('start_token'),
    phone: text('phone'),
    startedAt: ts('started_at').notNull(),
    linkedAt: ts('linked_at'),
    stoppedAt: ts('stopped_at'),
  },
  (t) => [primaryKey({ columns: [t.accId, t.kind, t.address] })],
);

// Per-client invite tokens of the opt-in links ({max_link}, {tg_bot_link}): one per branch and
// phone, random (the link must not carry the phone), the deep link's start payload.
export const botInvites = pgTable(
  'bot_invites',
  {
    token: text('token').primaryKey(),
    accId: integer('acc_id')
      .notNull()
      .references(() => branches.accId, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('bot_invites_acc_phone').on(t.accId, t.phone)],
);
