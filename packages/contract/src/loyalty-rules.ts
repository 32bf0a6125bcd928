// SPEC 3 Loyalty (invite-friends) action, SPEC 5 bonus fields, SPEC 4 Invite friends: the zod-free
// rules the cabinet and the server share.

export const BONUS_TYPES = ['first_visit', 'percents', 'notSelected'] as const;
export type BonusType = (typeof BONUS_TYPES)[number];

// SPEC 5: bonus fields are digits only, 0 to 1,000,000,000.
export const BONUS_POINTS_MAX = 1_000_000_000;
// SPEC 5: interest for regular customers 1 to 100, default 1.
export const INTEREST_MIN = 1;
export const INTEREST_MAX = 100;
export const INTEREST_DEFAULT = 1;
// SPEC 5: the visit range is at least 1. Ours: at most 100 paid visits of a friend earn a percent.
export const RANGE_OF_VISITS_MIN = 1;
export const RANGE_OF_VISITS_MAX = 100;
// SPEC 3 defaults.
export const NEW_ACTION_TITLE = 'Новая акция';
export const PLACEHOLDER_CARD_TYPE = { id: 0, title: 'Не выбрано', salon_group_id: null } as const;
export const LOYALTY_TITLE_MAX = 120;
// Ours: an inviting client is paid for at most this many friends a calendar month (branch zone);
// the action may lower or raise it.
export const MONTHLY_LIMIT_DEFAULT = 10;
export const MONTHLY_LIMIT_MAX = 1000;
// The template / mailing placeholder of the inviting client's personal link (SPEC 3 Add-action).
export const PARTNER_LINK_KEY = 'partner_link';
export const PARTNER_LINK_PLACEHOLDER = `{${PARTNER_LINK_KEY}}`;

// Why an invitation earns nothing (kept on the referral).
export const REFERRAL_REJECT_REASONS = ['self_referral', 'existing_client', 'monthly_limit'] as const;
export type ReferralRejectReason = (typeof REFERRAL_REJECT_REASONS)[number];

// Analytics sort columns (the statistics tab).
export const LOYALTY_ANALYTICS_SORT = [
  'templateName',
  'countParent',
  'countChild',
  'countChildPaid',
  'childSignupRatio',
  'childPaymentRatio',
  'amountPaymentsChild',
  'amountAccruedBonusesParents',
  'amountAccruedBonusesChildren',
  'dateFirstActivateTemplate',
] as const;
export type LoyaltyAnalyticsSort = (typeof LOYALTY_ANALYTICS_SORT)[number];

// Status texts of the loyalty calls (exact strings; the cabinet translates them).
export const LOYALTY_STATUS = {
  ok: 'OK',
  created: 'Loyalty action created', // followed by " id <n>"
  deleted: 'Loyalty action deleted', // followed by " id <n>"
  notFound: 'Loyalty action not found',
  // SPEC 8: "no-required-key error": an active action needs a chosen card type.
  noCardType: 'Card type not selected',
  cardTypesUnavailable: 'Card types unavailable',
  objectNotUpdate: 'Object not update',
} as const;

// SPEC 4: a text that offers the action must carry the link placeholder.
export function lacksPartnerLink(text: string): boolean {
  return !text.includes(PARTNER_LINK_PLACEHOLDER);
}

// SPEC 4: turning the action off strips the placeholder from the text (and the space before it).
export function stripPartnerLink(text: string): string {
  return text.split(PARTNER_LINK_PLACEHOLDER).join('').replace(/[ \t]+$/gm, '');
}

// SPEC 5: bonus fields keep digits only and stay within 0…1,000,000,000.
export function clampBonusInput(raw: string): string {
  const digits = raw.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  if (digits === '') return '';
  return String(Math.min(Number(digits.slice(0, 10)), BONUS_POINTS_MAX));
}
