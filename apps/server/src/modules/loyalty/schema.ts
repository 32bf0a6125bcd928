import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import { ts, branchAccId as accId } from '../../platform/db/columns.js';

// SPEC 3 Loyalty (invite-friends) action of a branch.
export const loyaltyActions = pgTable(
  'loyalty_actions',
  {
    id: serial('id').primaryKey(),
    accId: accId(),
    title: text('title').notNull(),
    active: boolean('active').notNull().default(false),
    // first_visit | percents | notSelected
    bonusType: text('bonus_type').notNull(),
    // The CRM's loyalty card type the bonuses go to; '0' is the placeholder "Не выбрано".
    cardTypeId: text('card_type_id').notNull().default('0'),
    cardTypeTitle: text('card_type_title').notNull().default('Не выбрано'),
    cardTypeGroupId: text('card_type_group_id'),
    loyaltyPoints: integer('loyalty_points'),
    newCustomerPoints: integer('new_customer_points').notNull().default(0),
    // range_of_visits [0, rangeTo].
    rangeTo: integer('range_to').notNull().default(1),
    interest: integer('interest'),
    monthlyLimit: integer('monthly_limit').notNull().default(10),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    firstActivatedAt: ts('first_activated_at'),
    // Deleted actions keep their invitations, ledger and analytics.
    deletedAt: ts('deleted_at'),
  },
  (t) => [index('loyalty_actions_acc').on(t.accId)],
);

// One personal invite link per inviting client and action: /api/invite/<code>.
export const loyaltyInvites = pgTable(
  'loyalty_invites',
  {
    code: text('code').primaryKey(),
    accId: accId(),
    actionId: integer('action_id')
      .notNull()
      .references(() => loyaltyActions.id, { onDelete: 'cascade' }),
    // Digits with the country code.
    parentPhone: text('parent_phone').notNull(),
    parentName: text('parent_name').notNull().default(''),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('loyalty_invites_parent').on(t.actionId, t.parentPhone)],
);

// A friend who came through a link: attributed to the inviting client once per branch. A rejected
// referral keeps why it earns nothing (loyalty-rules REFERRAL_REJECT_REASONS).
export const loyaltyReferrals = pgTable(
  'loyalty_referrals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accId: accId(),
    actionId: integer('action_id')
      .notNull()
      .references(() => loyaltyActions.id, { onDelete: 'cascade' }),
    inviteCode: text('invite_code').notNull(),
    parentPhone: text('parent_phone').notNull(),
    childPhone: text('child_phone').notNull(),
    childName: text('child_name').notNull(),
    // attributed | rejected
    status: text('status').notNull(),
    rejectReason: text('reject_reason'),
    createdAt: ts('created_at').notNull(),
    // The friend's first paid visit (set once, when it is paid for).
    firstPaidAt: ts('first_paid_at'),
  },
  (t) => [
    uniqueIndex('loyalty_referrals_child').on(t.accId, t.childPhone),
    index('loyalty_referrals_action').on(t.actionId),
    index('loyalty_referrals_parent').on(t.accId, t.parentPhone),
  ],
);

// The bonus ledger: append-only, never updated or deleted. One accrual and at most one reversal per
// paid visit and beneficiary (the unique key makes a replayed webhook or a second worker a no-op).
export const loyaltyLedger = pgTable(
  'loyalty_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accId: accId(),
    actionId: integer('action_id')
      .notNull()
      .references(() => loyaltyActions.id, { onDelete: 'cascade' }),
    referralId: bigint('referral_id', { mode: 'number' })
      .notNull()
      .references(() => loyaltyReferrals.id, { onDelete: 'cascade' }),
    // The CRM record (visit) that was paid.
    recordId: text('record_id').notNull(),
    // parent | child
    beneficiary: text('beneficiary').notNull(),
    phone: text('phone').notNull(),
    cardTypeId: text('card_type_id').notNull(),
    // accrual | reversal
    kind: text('kind').notNull(),
    // Signed: accruals positive, reversals negative.
    amount: numeric('amount', { mode: 'number' }).notNull(),
    // What the friend paid for the visit, and which of the friend's paid visits it was.
    paidAmount: numeric('paid_amount', { mode: 'number' }).notNull().default(0),
    visitNumber: integer('visit_number').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('loyalty_ledger_once').on(t.accId, t.recordId, t.beneficiary, t.kind),
    index('loyalty_ledger_referral').on(t.referralId),
    index('loyalty_ledger_phone').on(t.accId, t.phone),
  ],
);

// Pushing a ledger entry to the CRM's loyalty card; kept apart so the ledger stays append-only.
export const loyaltyPushes = pgTable(
  'loyalty_pushes',
  {
    entryId: bigint('entry_id', { mode: 'number' })
      .primaryKey()
      .references(() => loyaltyLedger.id, { onDelete: 'cascade' }),
    accId: accId(),
    // pending | pushed | failed (gave up after the attempts)
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAt: ts('next_at').notNull(),
    lastError: text('last_error'),
    pushedAt: ts('pushed_at'),
  },
  (t) => [index('loyalty_pushes_due').on(t.status, t.nextAt)],
);
