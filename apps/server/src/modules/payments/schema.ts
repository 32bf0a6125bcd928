import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { branches } from '../../platform/db/schema.js';
import { ts, branchAccId as accId } from '../../platform/db/columns.js';

// A branch's terms (SPEC 3 Pay data): its discount (a fraction), the bonus weeks each period gives,
// and the saved payment method for autopay (the provider's id and the card's last 4 digits).
export const paymentAccounts = pgTable('payment_accounts', {
  accId: integer('acc_id')
    .primaryKey()
    .references(() => branches.accId, { onDelete: 'cascade' }),
  discount: numeric('discount', { mode: 'number' }).notNull().default(0),
  // {"1":0,"3":1,"6":2,"12":4}: weeks added free per period.
  bonusWeeks: jsonb('bonus_weeks')
    .notNull()
    .default(sql`'{"1":0,"3":0,"6":0,"12":0}'::jsonb`),
  autopay: boolean('autopay').notNull().default(false),
  paymentMethodId: text('payment_method_id'),
  last4: text('last_4'),
  // What autopay buys each time (the plan of the payment that turned it on, or the last one).
  autopayMonths: integer('autopay_months'),
  autopayModules: text('autopay_modules').array(),
  updatedAt: ts('updated_at').notNull(),
});

// How long each module of a branch is paid for (a branch-local day, inclusive); a test period is
// paid time the branch did not pay for.
export const paymentModulePeriods = pgTable(
  'payment_module_periods',
  {
    accId: accId(),
    module: text('module').notNull(),
    paidTill: date('paid_till').notNull(),
    testPeriod: boolean('test_period').notNull().default(false),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accId, t.module] })],
);

// One payment asked of a provider. It extends the modules only when the provider confirms it
// (`applied_at` set once, in the same transaction as the module periods: a repeated or replayed
// notification finds it applied and changes nothing). `plan` keeps what was priced: per module the
// months, bonus months, bonus weeks and extra days.
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    accId: accId(),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id'),
    idempotenceKey: text('idempotence_key').notNull(),
    type: text('type').notNull().default('card'),
    status: text('status').notNull().default('pending'),
    amount: numeric('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    months: integer('months').notNull(),
    modules: text('modules').array().notNull(),
    plan: jsonb('plan').notNull(),
    confirmationUrl: text('confirmation_url'),
    receipt: jsonb('receipt'),
    createdAt: ts('created_at').notNull(),
    confirmedAt: ts('confirmed_at'),
    appliedAt: ts('applied_at'),
    // Autopay: the paid-till day this charge is for (its tries share it) and why a try failed.
    dueDay: date('due_day'),
    failureReason: text('failure_reason'),
    refundedAt: ts('refunded_at'),
    refundAmount: numeric('refund_amount', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('payments_provider_id_uq').on(t.provider, t.providerPaymentId),
    uniqueIndex('payments_idempotence_uq').on(t.idempotenceKey),
    index('payments_acc_idx').on(t.accId, t.createdAt),
    index('payments_autopay_due_idx').on(t.accId, t.dueDay),
  ],
);

// An invoice for a legal entity: the buyer's requisites as they were when it was issued (the
// settings may change later), what it buys, and when an operator recorded it paid (that extends
// the modules, once).
export const paymentInvoices = pgTable(
  'payment_invoices',
  {
    id: serial('id').primaryKey(),
    accId: accId(),
    number: text('number').notNull(),
    inn: text('inn').notNull(),
    kpp: text('kpp'),
    name: text('name').notNull(),
    amount: numeric('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    months: integer('months').notNull(),
    modules: text('modules').array().notNull(),
    plan: jsonb('plan').notNull(),
    status: text('status').notNull().default('issued'),
    createdAt: ts('created_at').notNull(),
    paidAt: ts('paid_at'),
  },
  (t) => [
    uniqueIndex('payment_invoices_number_uq').on(t.number),
    index('payment_invoices_acc_idx').on(t.accId, t.createdAt),
  ],
);

// Dunning messages sent to a branch's owners, one per (kind, key): a sweep that runs again the same
// day sends nothing twice (key: the paid-till day and the try).
export const paymentNotices = pgTable(
  'payment_notices',
  {
    accId: accId(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    sentAt: ts('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accId, t.kind, t.key] })],
);
