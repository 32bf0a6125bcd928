import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { branches, telegramId, users } from '../../platform/db/schema.js';

// The partner programme (SPEC 3 Partner). A partner is a user with a row here: a salon partner
// (paid in bonus days of its own subscription) or a consultant (paid in money). The accounts module
// reads it through this module's repository for the accounts response.
export const consultants = pgTable('consultants', {
  userId: telegramId('user_id')
    .primaryKey()
    .references(() => users.telegramId, { onDelete: 'cascade' }),
  partnerType: text('partner_type').notNull(),
  // Partner-programme rights ('owner' manages partner admins, SPEC 6).
  rights: text('rights').array().notNull(),
  // The main promo code; every code (main and extra) is a row of partner_promo_codes.
  promoCode: text('promo_code').notNull().unique(),
  phone: text('phone'),
  partnerChatUrl: text('partner_chat_url'),
  // Fractions 0…1: the share of a brought salon's first payment, and of every later one.
  oneTimePayRate: numeric('one_time_pay_rate', { mode: 'number' }).notNull().default(0.5),
  regularPayRate: numeric('regular_pay_rate', { mode: 'number' }).notNull().default(0.2),
  // Off a brought salon's first payment (SPEC 3 oneTimeDiscount), a fraction.
  oneTimeDiscount: numeric('one_time_discount', { mode: 'number' }).notNull().default(0),
  // A salon partner's own branch: its withdrawals become bonus days there.
  bonusAccId: integer('bonus_acc_id').references(() => branches.accId, { onDelete: 'set null' }),
  currency: text('currency').notNull().default('RUB'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const partnerPromoCodes = pgTable(
  'partner_promo_codes',
  {
    code: text('code').primaryKey(),
    userId: telegramId('user_id')
      .notNull()
      .references(() => consultants.userId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    // Days of free subscription a salon connecting with this code gets.
    bonusDays: integer('bonus_days').notNull(),
    isMain: boolean('is_main').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('partner_promo_codes_user_idx').on(t.userId)],
);

// Which promo code brought a branch (one per branch, never changed).
export const partnerAttributions = pgTable(
  'partner_attributions',
  {
    accId: integer('acc_id')
      .primaryKey()
      .references(() => branches.accId, { onDelete: 'cascade' }),
    promoCode: text('promo_code')
      .notNull()
      .references(() => partnerPromoCodes.code),
    comment: text('comment'),
    attributedAt: timestamp('attributed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('partner_attributions_code_idx').on(t.promoCode)],
);

// The partner's ledger: an accrual per confirmed payment of a brought branch, a reversal per refund.
// Keyed by the payment (unique with the kind), so a replayed notification never accrues twice.
export const partnerOperations = pgTable(
  'partner_operations',
  {
    id: serial('id').primaryKey(),
    promoCode: text('promo_code')
      .notNull()
      .references(() => partnerPromoCodes.code),
    userId: telegramId('user_id').notNull(),
    accId: integer('acc_id').notNull(),
    // Our payment's id (the payments module's); no foreign key across modules.
    paymentId: integer('payment_id').notNull(),
    kind: text('kind').notNull(),
    firstPayment: boolean('first_payment').notNull().default(false),
    incomeAmount: numeric('income_amount', { mode: 'number' }).notNull(),
    accruedAmount: numeric('accrued_amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    operationAt: timestamp('operation_at', { withTimezone: true }).notNull(),
    // The day the share may be paid out (after the refund window); a reversal is due at once.
    payableFrom: date('payable_from').notNull(),
    // The month it is withdrawn under ('2026-10').
    period: text('period').notNull(),
    payoutId: integer('payout_id'),
  },
  (t) => [
    uniqueIndex('partner_operations_payment_kind_idx').on(t.paymentId, t.kind),
    index('partner_operations_code_idx').on(t.promoCode, t.operationAt),
    index('partner_operations_unpaid_idx')
      .on(t.userId)
      .where(sql`payout_id is null`),
  ],
);

// A withdrawal: a consultant's waits for an operator; a salon partner's is paid at once in bonus days.
export const partnerPayouts = pgTable(
  'partner_payouts',
  {
    id: serial('id').primaryKey(),
    userId: telegramId('user_id').notNull(),
    promoCode: text('promo_code').notNull(),
    amount: numeric('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    months: text('months').array().notNull(),
    msg: text('msg'),
    // 'money' or 'bonus_days'.
    kind: text('kind').notNull(),
    days: integer('days'),
    // 'requested' or 'paid'.
    status: text('status').notNull().default('requested'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [index('partner_payouts_user_idx').on(t.userId, t.requestedAt)],
);

export const partnerLeads = pgTable(
  'partner_leads',
  {
    id: serial('id').primaryKey(),
    promoCode: text('promo_code')
      .notNull()
      .references(() => partnerPromoCodes.code),
    // The partner who registered it (the code's owner): protection is per partner, not per code.
    userId: telegramId('user_id').notNull(),
    phone: text('phone').notNull(),
    branchId: integer('branch_id'),
    branchName: text('branch_name').notNull().default(''),
    comment: text('comment').notNull().default(''),
    // SPEC 3: 1 paid, 2 reached, 3 not reached, 4 new request, 5 on test.
    status: integer('status').notNull().default(4),
    // The branch that came of it, once it connected.
    accId: integer('acc_id'),
    amoContactId: integer('amo_contact_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('partner_leads_phone_idx').on(t.phone, t.createdAt),
    index('partner_leads_code_idx').on(t.promoCode, t.createdAt),
  ],
);

// Partner admins (SPEC 6): a Telegram id granted or denied access to one promo code.
export const partnerAdmins = pgTable(
  'partner_admins',
  {
    promoCode: text('promo_code')
      .notNull()
      .references(() => partnerPromoCodes.code, { onDelete: 'cascade' }),
    telegramId: telegramId('telegram_id').notNull(),
    name: text('name').notNull(),
    access: boolean('access').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.promoCode, t.telegramId] }), index('partner_admins_tg_idx').on(t.telegramId)],
);
