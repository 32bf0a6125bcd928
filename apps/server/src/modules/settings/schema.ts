import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { branches } from '../../platform/db/schema.js';

// Per-branch settings of SPEC 3 Settings that only the cabinet and the bot read: general options,
// billing data and the SMS provider. The dispatcher's own settings live in sending_settings.
export const branchSettings = pgTable('branch_settings', {
  accId: integer('acc_id')
    .primaryKey()
    .references(() => branches.accId, { onDelete: 'cascade' }),
  // The general form as the wire names it (GeneralSettings); missing keys take their defaults.
  general: jsonb('general').notNull().default({}),
  billInn: text('bill_inn').notNull().default(''),
  billKpp: text('bill_kpp').notNull().default(''),
  billName: text('bill_name').notNull().default(''),
  // SPEC 3: 19 numbered providers, 1 = off.
  smsProvider: integer('sms_provider').notNull().default(1),
  smsLogin: text('sms_login').notNull().default(''),
  smsSenderName: text('sms_sender_name').notNull().default(''),
  // API key and password, sealed with the installation's key; never returned in full.
  smsSecrets: text('sms_secrets'),
  smsConfirm: boolean('sms_confirm').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// Branch settings the dispatcher obeys, edited on the settings pages. Owned by this module: only
// SettingsRepository writes here; the dispatcher, the template engine and the calendar read it
// through sendingSettingsSql() / sendingSettingsPolicy() (repository.ts).
export const sendingSettings = pgTable('sending_settings', {
  accId: integer('acc_id')
    .primaryKey()
    .references(() => branches.accId, { onDelete: 'cascade' }),
  // Quiet hours: messages go out only between these local times ('HH:MM'), or any time when null.
  sendFrom: text('send_from'),
  sendTo: text('send_to'),
  exceptionMastersNames: text('exception_masters_names')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  channelOrder: text('channel_order')
    .array()
    .notNull()
    .default(sql`'{whatsapp,telegram,sms}'::text[]`),
  softPriority: boolean('soft_priority').notNull().default(false),
});
