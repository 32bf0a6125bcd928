import { bigint, bigserial, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { branches } from '../../platform/db/schema.js';
import { ts } from '../../platform/db/columns.js';

// Chat history: what clients wrote, what we sent (bot) and what the salon sent from its own phone.
// Owned by channels, the layer that writes it (the dispatcher records each delivery, the host each
// inbound message); modules read it through ChatLogRepository (./repository.ts) and never write it.
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accId: integer('acc_id')
      .notNull()
      .references(() => branches.accId, { onDelete: 'cascade' }),
    instanceId: text('instance_id'),
    channelKind: text('channel_kind').notNull(),
    direction: text('direction').notNull(),
    phone: text('phone').notNull(),
    name: text('name'),
    type: text('type').notNull(),
    body: text('body').notNull(),
    caption: text('caption'),
    file: jsonb('file'),
    providerMessageId: text('provider_message_id'),
    outboxId: bigint('outbox_id', { mode: 'number' }),
    at: ts('at').notNull(),
  },
  (t) => [
    index('chat_messages_acc_phone_at').on(t.accId, t.phone, t.at),
    uniqueIndex('chat_messages_provider_dedup').on(t.instanceId, t.direction, t.providerMessageId),
  ],
);
