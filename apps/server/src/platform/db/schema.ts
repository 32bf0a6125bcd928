import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

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

// Telegram ids reach 12 digits: a JS number holds them exactly.
export const telegramId = (name: string) => bigint(name, { mode: 'number' });

// Who signs in (a Telegram id) and who may act on which branch: the tenancy's people. Every
// layer's access checks read them; the accounts and accesses modules write them.
export const users = pgTable('users', {
  telegramId: telegramId('telegram_id').primaryKey(),
  name: text('name').notNull(),
  avatarUrl: text('avatar_url'),
  lang: text('lang').notNull().default('ru'),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// Who may act on a branch, and with which rights. The owner is a member with 'owner'.
export const branchMembers = pgTable(
  'branch_members',
  {
    accId: integer('acc_id')
      .notNull()
      .references(() => branches.accId, { onDelete: 'cascade' }),
    userId: telegramId('user_id')
      .notNull()
      .references(() => users.telegramId, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    rights: text('rights').array().notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.accId] }), index('branch_members_acc_idx').on(t.accId)],
);
