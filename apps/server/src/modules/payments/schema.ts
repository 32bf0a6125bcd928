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
  },
  (t) => [
    uniqueIndex('payments_provider_id_uq').on(t.provider, t.providerPaymentId),
    uniqueIndex('payments_idempotence_uq').on(t.idempotenceKey),
    index('payments_acc_idx').on(t.accId, t.createdAt),
  ],
);
