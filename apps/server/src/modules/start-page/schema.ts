import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { branches } from '../../platform/db/schema.js';

// The booking-system start page (SPEC 2, 4, 7): a client leaves a name and a phone on the page a
// booking form links to, and picks how the salon reaches them. Every submission is kept, with what
// came of it, so the owner can see who asked and no request is lost when a channel is down.
export const startPageRequests = pgTable(
  'start_page_requests',
  {
    id: serial('id').primaryKey(),
    accId: integer('acc_id')
      .notNull()
      .references(() => branches.accId, { onDelete: 'cascade' }),
    userName: text('user_name').notNull(),
    phone: text('phone').notNull(),
    // 'whatsapp' | 'phone' (SPEC 7 communication_method).
    communicationMethod: text('communication_method').notNull(),
    // The CRM lead or booking form the client came from (SPEC 2 leadId, formUrl, formHash, crmName).
    leadId: text('lead_id'),
    formUrl: text('form_url'),
    formHash: text('form_hash'),
    crmName: text('crm_name'),
    // The CRM client found or created for the phone.
    crmClientId: text('crm_client_id'),
    // The outbox row of the first message, when the chosen channel is a messenger.
    outboxId: integer('outbox_id'),
    // 'started' (a message is on its way), 'callback' (the salon calls back), 'failed'.
    status: text('status').notNull(),
    statusReason: text('status_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('start_page_requests_acc_idx').on(t.accId, t.createdAt)],
);
