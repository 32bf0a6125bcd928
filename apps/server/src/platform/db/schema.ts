import { sql } from 'drizzle-orm';
import { boolean, date, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

// The tenancy tables every layer refers to: a network of salons and its branches (acc_id is the
// tenant key of every branch-owned row). The accounts module reads and writes them.
export const networks = pgTable('networks', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
});

export const branches = pgTable('branches', {
  accId: serial('acc_id').primaryKey(),
  // The CRM's company id (YCLIENTS company_id, or the local CRM's).
  branchId: integer('branch_id').notNull(),
  networkId: integer('network_id').references(() => networks.id),
  name: text('name').notNull(),
  address: text('address').notNull().default(''),
  crmName: text('crm_name').notNull().default('local'),
  currency: text('currency').notNull().default('RUB'),
  // IANA zone: every schedule of the branch is computed in it.
  timeZone: text('time_zone').notNull().default('Europe/Moscow'),
  sendOutAccount: boolean('send_out_account').notNull().default(false),
  showNeiroInterface: boolean('show_neiro_interface').notNull().default(false),
  activeModules: text('active_modules')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  payPeriod: date('pay_period'),
  payStatus: boolean('pay_status').notNull().default(false),
  actionSendOut: boolean('action_send_out').notNull().default(false),
  isAdminBotIntegrated: boolean('is_admin_bot_integrated').notNull().default(false),
  showWaBanner: boolean('show_wa_banner').notNull().default(true),
  showTgBanner: boolean('show_tg_banner').notNull().default(true),
  showPartnerPageBanner: boolean('show_partner_page_banner').notNull().default(false),
  // Summary of the channel states; the channels module keeps them current.
  statusWa: text('status_wa').notNull().default('not_authenticated'),
  statusTg: text('status_tg').notNull().default('not_authenticated'),
  // When the owner accepted the rules of the mass-messaging registry (the connection page asks once).
  registryConsentAt: timestamp('registry_consent_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
