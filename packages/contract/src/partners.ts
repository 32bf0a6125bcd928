import { z } from 'zod';
import { PARTNER_TYPES } from './accounts.js';
import {
  FILIAL_STATUSES,
  LEAD_STATUSES,
  OPERATION_STATUSES,
  PARTNER_AWARDS,
  PARTNER_RULES,
  isValidPromoCode,
  normalizePromoCode,
} from './partners-rules.js';
import { telegramIdSchema } from './telegram-id.js';

export * from './partners-rules.js';

// SPEC 3 Partner, SPEC 7 Partners (main host /api). Every call but the public promo-code card needs a
// session; `promo_code` must be one the caller holds (its own, one of its extra codes, or one it is a
// partner admin of with access granted), else 403 'Fail rights'.
//
//   GET    /api/reff_salon                                   → salonPartner (a salon partner's own page)
//   GET    /api/reff_salon/payments_history                  → salonHistory
//   GET    /api/reff_consultant?promo_code                   → consultant
//   GET    /api/reff_consultant/partners                     → partnerTable (every code the caller holds)
//   GET    /api/reff_consultant/operations?promo_code&…      → operationList (filters: operationsQuery)
//   GET    /api/reff_consultant/history?promo_code           → consultantHistory
//   GET    /api/partner_badges?promo_code&partner_type       → partnerBadges
//   GET    /api/reff_consultant/admins?promo_code            → partnerAdmin[]
//   POST   /api/reff_consultant/admins?promo_code  {name, telegram_id, access} → partnerAdmin[]
//   PUT    /api/reff_consultant/admins?promo_code  {name, telegram_id, access} → partnerAdmin[]
//   DELETE /api/reff_consultant/admins?promo_code  {telegram_id}               → partnerAdmin[]
//   GET    /api/reff_consultant/order_payment?promo_code     → bonuses
//   POST   /api/reff_consultant/order_payment?promo_code {months, msg} → orderPaymentResult
//   POST   /api/reff_consultant/add_promo?promo_code&promo_name&days → consultant
//   POST   /api/add_promo_leads  {promo_code, phone, branch_id, branch_name, comment} → lead[]
//   GET    /api/get_promo_leads?promo_code                   → lead[]
//   GET    /api/promo_code_data?promo_code   (no session)    → promoCodeData
//   POST   /api/ops/partner_payout_paid {payout_id}  (OPS_TOKEN) → {ok, payout_id}
//
// Money: a confirmed payment (card, autopay, invoice) of a branch that came through a promo code
// accrues the code owner's share — the one-time rate on the branch's first payment, the regular rate
// after — as an operation 'Начисление'; after the refund window (PARTNER_HOLD_DAYS) it is 'Начислено'
// (payable); a payout request makes it 'Выплачено' once an operator marks it paid. A refund writes a
// reversal 'Возврат' with the negative share (also after a payout: it comes off the next one).
// Consultants are paid in money; salon partners in bonus days of their own subscription, granted at
// once when they withdraw (sum ÷ their own day price).

export const PARTNER_STATUS = {
  failRights: 'Fail rights',
  promoInvalid: 'promo_code_invalid',
  promoTaken: 'promo_code_taken',
  promoNameInvalid: 'promo_name_invalid',
  bonusDaysInvalid: 'bonus_days_invalid',
  promoUnknown: 'promo_code_unknown',
  leadPhoneInvalid: 'lead_phone_invalid',
  leadProtected: 'lead_protected',
  leadBranchInvalid: 'lead_branch_invalid',
  nothingPayable: 'nothing_payable',
  monthNotPayable: 'month_not_payable',
  adminExists: 'admin_exists',
  adminNotFound: 'admin_not_found',
  adminIsOwner: 'admin_is_owner',
  payoutNotFound: 'payout_not_found',
} as const;

const promoCode = z
  .string()
  .max(40)
  .transform(normalizePromoCode)
  .refine(isValidPromoCode, { message: PARTNER_STATUS.promoInvalid });
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);
const money = z.number();

export const promoCodeQuery = z.object({ promo_code: promoCode });
export const badgesQuery = z.object({ promo_code: promoCode, partner_type: z.enum(PARTNER_TYPES) });

// POST /reff_consultant/add_promo: the new code is in `promo_code` (the caller's main code is implied).
export const addPromoQuery = z.object({
  promo_code: promoCode,
  promo_name: z.string().trim().min(1).max(PARTNER_RULES.promoNameMax),
  days: z.coerce
    .number()
    .int()
    .min(PARTNER_RULES.bonusDaysMin, { message: PARTNER_STATUS.bonusDaysInvalid })
    .max(PARTNER_RULES.bonusDaysMax, { message: PARTNER_STATUS.bonusDaysInvalid }),
});

export const promoCodeData = z.object({
  promo_code: z.string(),
  bonus_days: z.number().int(),
  // Fraction 0…1 off the first payment (SPEC 3 oneTimeDiscount).
  discount: z.number(),
  partner_name: z.string(),
});
export type PromoCodeData = z.infer<typeof promoCodeData>;

export const extraPromoCode = z.object({ promo: z.string(), bonus_days: z.number().int(), name: z.string() });

export const consultantPayment = z.object({
  amount: money,
  date: day,
  first_payment: z.boolean(),
  paid_till: day.nullable(),
});

export const consultant = z.object({
  name: z.string(),
  phone: z.string().nullable(),
  admins: z.array(z.object({ name: z.string(), telegram_id: z.number() })),
  rights: z.array(z.string()),
  partner_type: z.enum(PARTNER_TYPES),
  bonus_days: z.number().int(),
  promo_code: z.string(),
  telegram_id: z.number(),
  payments_detail: z.array(
    z.object({ branch: z.number().int(), branch_name: z.string(), payments: z.array(consultantPayment) }),
  ),
  // The one-time share as money so far (sum of first-payment accruals).
  one_time_payment: money,
  partner_chat_url: z.string().nullable(),
  // Fractions 0…1.
  regular_pay_rate: z.number(),
  one_time_pay_rate: z.number(),
  extra_promo_codes: z.array(extraPromoCode),
  one_time_discount: z.number(),
  currency: z.enum(['RUB', 'USD']),
});
export type Consultant = z.infer<typeof consultant>;

export const partnerTableRow = z.object({
  acc_id: z.number().int(),
  filial_name: z.string(),
  promo_code: z.string(),
  connection_date: day,
  first_pay_date: day.nullable(),
  pay_till_date: day.nullable(),
  comment: z.string().nullable(),
  filial_status: z.enum(FILIAL_STATUSES),
  created_at: z.string(),
  pay_status: z.boolean(),
  paid_till: day.nullable(),
});
export type PartnerTableRow = z.infer<typeof partnerTableRow>;

export const promoGroup = z.object({
  qr_code: z.string(),
  promo_url: z.string(),
  promo_code: z.string(),
  promo_name: z.string(),
  bonus_days: z.number().int(),
  total_clients: z.number().int(),
  paid_clients: z.number().int(),
  percent_paid: z.number(),
  consultant_type: z.object({ partner_type: z.enum(PARTNER_TYPES), regular_pay: z.number() }),
  rows: z.array(partnerTableRow),
});
export const partnerTable = z.array(promoGroup);
export type PromoGroup = z.infer<typeof promoGroup>;

// SPEC 5 partner filters: sums from/to (either open), operation dates (from the start of the year by
// default), branches, filial names and statuses (repeatable), one promo code.
const many = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]), z.array(item).max(200).optional());
export const operationsQuery = z.object({
  promo_code: promoCode,
  sum_from: z.coerce.number().min(0).max(1e9).optional(),
  sum_to: z.coerce.number().min(0).max(1e9).optional(),
  date_from: day.optional(),
  date_to: day.optional(),
  branches: many(z.coerce.number().int().positive()),
  filial_names: many(z.string().max(200)),
  statuses: many(z.enum(OPERATION_STATUSES)),
});
export type OperationsQuery = z.infer<typeof operationsQuery>;

export const operation = z.object({
  id: z.number().int(),
  branch: z.number().int(),
  branch_name: z.string(),
  operation_date: z.string(),
  promo: z.string(),
  income_amount: money,
  accrued_amount: money,
  status: z.enum(OPERATION_STATUSES),
  // When an accruing share becomes payable (the end of the refund window).
  payable_from: day.nullable(),
});
export type Operation = z.infer<typeof operation>;
export const operationList = z.object({
  operations: z.array(operation),
  // Income of the attributed salons, everything accrued (net of reversals), and what is payable now.
  total_paid: money,
  total_accrued: money,
  current_accrued: money,
  currency: z.enum(['RUB', 'USD']),
  // The filter's choices: every branch and filial name of the code's operations.
  branches: z.array(z.object({ branch: z.number().int(), branch_name: z.string() })),
});
export type OperationList = z.infer<typeof operationList>;

// Payout requests of a consultant by month of the request (SPEC 3 consultant history).
export const consultantHistory = z.array(
  z.object({
    period: month,
    amount: money,
    payed: z.boolean(),
    payout_id: z.number().int(),
    requested_at: z.string(),
    paid_at: z.string().nullable(),
  }),
);
export type ConsultantHistory = z.infer<typeof consultantHistory>;

export const salonPartner = z.object({
  promo_code: z.string(),
  promo_url: z.string(),
  qr_code: z.string(),
  bonus_days: z.number().int(),
  total_clients: z.number().int(),
  paid_clients: z.number().int(),
  percent_paid: z.number(),
  regular_pay_rate: z.number(),
  one_time_pay_rate: z.number(),
  partner_chat_url: z.string().nullable(),
  // The salon's own branch that receives the bonus days.
  acc_id: z.number().int().nullable(),
});
export type SalonPartner = z.infer<typeof salonPartner>;

export const salonHistory = z.object({
  // Days left of the salon's own subscription; bonus days granted in total.
  days_left: z.number().int(),
  total_bonuses: z.number().int(),
  months: z.array(z.object({ period: month, months_accrued: z.number(), sum: money, count: z.number().int() })),
});
export type SalonHistory = z.infer<typeof salonHistory>;

export const partnerBadges = z.object({
  partner_status: z.string(),
  partner_awards: z.array(z.enum(PARTNER_AWARDS)),
  badges: z.array(z.object({ name: z.string(), paid_clients: z.number().int(), reached: z.boolean() })),
  paid_clients: z.number().int(),
  leads: z.number().int(),
});
export type PartnerBadgesWire = z.infer<typeof partnerBadges>;

export const partnerAdmin = z.object({ name: z.string(), telegram_id: z.number(), access: z.boolean() });
export type PartnerAdmin = z.infer<typeof partnerAdmin>;
export const partnerAdminList = z.array(partnerAdmin);
export const partnerAdminBody = z.object({
  name: z.string().trim().min(1).max(PARTNER_RULES.adminNameMax),
  telegram_id: telegramIdSchema,
  access: z.boolean(),
});
export const partnerAdminDeleteBody = z.object({ telegram_id: telegramIdSchema });

// SPEC 3 Bonuses: what is payable now by month of accrual; salon partners also see it in days.
export const bonuses = z.object({
  total_earnings: money,
  monthly_earnings: z.array(z.object({ period: month, amount: money, days: z.number().int().nullable() })),
  currency: z.enum(['RUB', 'USD']),
  // Salon partners: one day of their own subscription in money (null for consultants).
  day_price: z.number().nullable(),
});
export type Bonuses = z.infer<typeof bonuses>;
export const orderPaymentBody = z.object({
  months: z.array(month).min(1).max(120),
  msg: z.string().max(PARTNER_RULES.withdrawMessageMax).optional(),
});
export const orderPaymentResult = z.object({
  ok: z.literal(true),
  payout_id: z.number().int(),
  amount: money,
  // Salon partners: the bonus days granted to their branch; consultants: null (paid by an operator).
  days: z.number().int().nullable(),
  bonuses,
});

export const leadBody = z.object({
  promo_code: promoCode,
  phone: z.string().max(32),
  branch_id: z.coerce.number().int().positive().max(2_147_483_647).nullable().optional(),
  branch_name: z.string().trim().max(PARTNER_RULES.leadBranchNameMax).optional(),
  comment: z.string().max(PARTNER_RULES.leadCommentMax).optional(),
});
export const lead = z.object({
  id: z.number().int(),
  phone: z.string(),
  branch: z.number().int().nullable(),
  branch_name: z.string(),
  status: z.number().int().min(1).max(LEAD_STATUSES.length),
  comment: z.string(),
  promo_code: z.string(),
  created_at: z.string(),
  amo_contact_id: z.number().int().nullable(),
  // Until when another partner cannot register this phone.
  protected_till: day,
});
export type Lead = z.infer<typeof lead>;
export const leadList = z.array(lead);

export const payoutPaidBody = z.object({ payout_id: z.number().int().positive().max(2_147_483_647) });
