import { z } from 'zod';
import { INT4_MAX } from './db-limits.js';
import {
  BONUS_POINTS_MAX,
  BONUS_TYPES,

  INTEREST_MAX,
  INTEREST_MIN,
  LOYALTY_ANALYTICS_SORT,
  LOYALTY_TITLE_MAX,
  MONTHLY_LIMIT_DEFAULT,
  MONTHLY_LIMIT_MAX,
  RANGE_OF_VISITS_MAX,
  RANGE_OF_VISITS_MIN,
  REFERRAL_REJECT_REASONS,
} from './loyalty-rules.js';

export * from './loyalty-rules.js';

// SPEC 7 Invite friends with SPEC 3's server names (Loyalty action). Everything here is on the wire;
// validation messages are codes the cabinet translates (loyalty.errors.<code>).
//
//   GET    /loyalty/loyalty_actions?acc_id                       → loyaltyActionsResponse
//   GET    /loyalty/loyalty_action/:id?acc_id                    → loyaltyActionResponse
//   POST   /loyalty/create?acc_id            loyaltyActionInput  → loyaltySavedResponse
//   PUT    /loyalty/loyalty_action?acc_id    loyaltyActionUpdate → loyaltySavedResponse
//   PUT    /loyalty/switch_action?acc_id     switchActionInput   → loyaltySavedResponse
//   DELETE /loyalty/loyalty_action/:id?acc_id                    → loyaltyDeletedResponse
//   GET    /loyalty/loyalty_analytics?acc_id&date_from&date_to&sort&order → loyaltyAnalyticsResponse
//   GET    /loyalty/loyalty_cards?acc_id                         → loyaltyCardsResponse
//   GET    /min_cost_service?acc_id                              → minCostServiceResponse
//   POST   /loyalty/copy_loyalty_action_to_branches?acc_id&loyalty_action_id  [acc ids] → loyaltyCopyResponse
//
// The friend's side (no session; the code is the credential):
//   GET  /api/invite/:code          → an HTML page in the salon's name
//   POST /api/invite/:code  inviteSignupInput (form or JSON) → an HTML page (thanks / refusal)

export const loyaltyActionId = z.number().int().positive().max(INT4_MAX);
const points = z
  .number({ message: 'digits_only' })
  .int({ message: 'digits_only' })
  .min(0, { message: 'bonus_range' })
  .max(BONUS_POINTS_MAX, { message: 'bonus_range' });

// SPEC 3 cardType {id, title, salon_group_id}; the placeholder is id '0' "Не выбрано".
export const cardTypeWire = z.object({
  id: z.union([z.string().max(64), z.number().int().min(0).max(INT4_MAX)]).transform(String),
  title: z.string().max(200),
  salon_group_id: z
    .union([z.string().max(64), z.number().int()])
    .nullable()
    .transform((v) => (v === null ? null : String(v))),
});
export type CardTypeWire = z.output<typeof cardTypeWire>;

const actionFields = {
  title: z.string().trim().min(1, { message: 'required' }).max(LOYALTY_TITLE_MAX),
  active: z.boolean().default(false),
  bonus_type: z.enum(BONUS_TYPES),
  card_type: cardTypeWire,
  // first_visit only: the inviting client's points for the friend's first paid visit.
  loyalty_points: points.nullable().default(null),
  // The friend's points for the first paid visit (both types).
  new_customer_points: points.default(0),
  // [0, N]: the friend's paid visits 1…N earn the percent (percents type; first_visit uses [0, 1]).
  range_of_visits: z
    .tuple([z.literal(0), z.number().int().min(RANGE_OF_VISITS_MIN, { message: 'visit_range' }).max(RANGE_OF_VISITS_MAX)])
    .default([0, 1]),
  // percents only: the inviting client's percent of what the friend paid.
  interest_regular_customer: z
    .number()
    .int()
    .min(INTEREST_MIN, { message: 'interest_range' })
    .max(INTEREST_MAX, { message: 'interest_range' })
    .nullable()
    .default(null),
  sending_bonuses: z.literal(true).default(true),
  // Ours: friends paid for per inviting client per calendar month.
  monthly_limit: z.number().int().min(1).max(MONTHLY_LIMIT_MAX).default(MONTHLY_LIMIT_DEFAULT),
};

// The fields a type needs: first_visit needs loyalty_points; percents needs the interest.
function typeFieldsPresent(a: { bonus_type: string; loyalty_points: number | null; interest_regular_customer: number | null }) {
  if (a.bonus_type === 'first_visit') return a.loyalty_points !== null;
  if (a.bonus_type === 'percents') return a.interest_regular_customer !== null;
  return true;
}

export const loyaltyActionInput = z
  .object(actionFields)
  .strict()
  .refine(typeFieldsPresent, { message: 'type_fields_missing' });
export type LoyaltyActionInput = z.output<typeof loyaltyActionInput>;

export const loyaltyActionUpdate = z
  .object({ loyalty_action_id: loyaltyActionId, old_title: z.string().max(LOYALTY_TITLE_MAX).optional(), ...actionFields })
  .strict()
  .refine(typeFieldsPresent, { message: 'type_fields_missing' });
export type LoyaltyActionUpdate = z.output<typeof loyaltyActionUpdate>;

export const switchActionInput = z
  .object({ loyalty_action_id: loyaltyActionId, status_action: z.boolean() })
  .strict();

// SPEC 3 Backend, as the server sends it.
export const loyaltyActionWire = z.object({
  loyalty_action_id: loyaltyActionId,
  title: z.string(),
  active: z.boolean(),
  bonus_type: z.enum(BONUS_TYPES),
  card_type: z.object({ id: z.string(), title: z.string(), salon_group_id: z.string().nullable() }),
  loyalty_points: z.number().nullable(),
  new_customer_points: z.number(),
  range_of_visits: z.tuple([z.literal(0), z.number()]),
  interest_regular_customer: z.number().nullable(),
  sending_bonuses: z.literal(true),
  monthly_limit: z.number(),
  date_create_template: z.string(),
  date_first_activate_template: z.string().nullable(),
});
export type LoyaltyActionWire = z.infer<typeof loyaltyActionWire>;

export const loyaltyActionsResponse = z.object({
  data: z.array(loyaltyActionWire),
  // Action ids in display order (newest first).
  order: z.array(loyaltyActionId),
});
export type LoyaltyActionsResponse = z.infer<typeof loyaltyActionsResponse>;

// SPEC 3 Dependent template.
export const dependentTemplateWire = z.object({
  id: z.number().int(),
  title: z.string(),
  active: z.boolean(),
  type_template: z.string(),
  loyalty_action_id: loyaltyActionId,
});
export type DependentTemplateWire = z.infer<typeof dependentTemplateWire>;

export const loyaltyActionResponse = z.object({
  data: loyaltyActionWire,
  all_dependent_templates: z.array(dependentTemplateWire),
});
export type LoyaltyActionResponse = z.infer<typeof loyaltyActionResponse>;

// Create, update and switch. loyalty_permission_status false: the CRM refused loyalty rights,
// nothing was applied (SPEC 4). status: LOYALTY_STATUS text (create: "… id <n>").
export const loyaltySavedResponse = z.object({
  status: z.string(),
  loyalty_permission_status: z.boolean(),
  data: loyaltyActionWire.nullable(),
});
export type LoyaltySavedResponse = z.infer<typeof loyaltySavedResponse>;

export const loyaltyDeletedResponse = z.object({ status: z.string() });

export const loyaltyIdParams = z.object({ id: z.coerce.number().int().positive().max(INT4_MAX) }).strict();

export const copyLoyaltyQuery = z.object({
  loyalty_action_id: z.coerce.number().int().positive().max(INT4_MAX),
});
export const copyLoyaltyBody = z.array(z.number().int().positive().max(INT4_MAX)).min(1).max(500);
// SPEC 7: "response may be an array with the new action" (the copy made in the calling branch, if any).
export const loyaltyCopyResponse = z.array(loyaltyActionWire);

export const loyaltyCardsResponse = z.object({
  // false: the CRM did not answer; activation is blocked (SPEC 4).
  ok: z.boolean(),
  data: z.array(z.object({ id: z.string(), title: z.string(), salon_group_id: z.string().nullable() })),
});
export type LoyaltyCardsResponse = z.infer<typeof loyaltyCardsResponse>;

export const minCostServiceResponse = z.object({ data: z.array(z.object({ price_min: z.number() })) });

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'invalid_date' });
export const loyaltyAnalyticsQuery = z.object({
  date_from: isoDate.optional(),
  date_to: isoDate.optional(),
  sort: z.enum(LOYALTY_ANALYTICS_SORT).default('dateFirstActivateTemplate'),
  order: z.enum(['asc', 'desc']).default('desc'),
});

// SPEC 3 Analytics row (camelCase on the wire as the spec names it). Ratios are fractions 0…1;
// amounts in the branch's currency; medians over the children who have records.
export const loyaltyAnalyticsRow = z.object({
  actionId: loyaltyActionId,
  templateName: z.string(),
  countParent: z.number().int(),
  countChild: z.number().int(),
  countChildPaid: z.number().int(),
  childSignupRatio: z.number(),
  childPaymentRatio: z.number(),
  amountPaymentsChild: z.number(),
  amountAccruedBonusesParents: z.number(),
  amountAccruedBonusesChildren: z.number(),
  medianChildrenRecords: z.number(),
  medianPaymentsChild: z.number(),
  dateFirstActivateTemplate: z.string().nullable(),
  childHaveRecords: z.number().int(),
});
export type LoyaltyAnalyticsRow = z.infer<typeof loyaltyAnalyticsRow>;

export const loyaltyAnalyticsResponse = z.object({
  data: z.array(loyaltyAnalyticsRow),
  date_from: z.string(),
  date_to: z.string(),
});
export type LoyaltyAnalyticsResponse = z.infer<typeof loyaltyAnalyticsResponse>;

// The friend's form on the invite page.
export const inviteSignupInput = z.object({
  name: z.string().trim().min(1, { message: 'required' }).max(100),
  phone: z.string().trim().min(5).max(32),
});

export const referralRejectReason = z.enum(REFERRAL_REJECT_REASONS);

