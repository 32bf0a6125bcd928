import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { branches } from '../../platform/db/schema.js';

// The auto-connection wizard (SPEC 2 /auto_connect, SPEC 3 Auto-connection form, SPEC 7 get_form and
// accept_step). A form is opened for a salon of a booking system (its company id and the CRM name)
// and keyed by an unguessable hash; each accepted step stores its fields here, and only the last
// step (the agreements) creates the branch, in one transaction, so a failed step leaves nothing.
export const autoConnectForms = pgTable('auto_connect_forms', {
  formHash: text('form_hash').primaryKey(),
  crmName: text('crm_name').notNull(),
  // The booking system's company id of the salon (YCLIENTS salon_id).
  crmCompanyId: integer('crm_company_id').notNull(),
  stepId: integer('step_id').notNull().default(1),
  promoCode: text('promo_code'),
  // The accepted fields so far (SPEC 7 accept_step names).
  data: jsonb('data').notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  // The branch the last step created.
  accId: integer('acc_id').references(() => branches.accId, { onDelete: 'set null' }),
});
