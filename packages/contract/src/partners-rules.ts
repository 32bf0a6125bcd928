// The userland package by its file: a bare 'punycode' is Node's deprecated built-in on the server.
import punycode from 'punycode/punycode.js';

// The partner programme's rules that the cabinet and the server share (SPEC 3 Partner, 4, 9).

export const PARTNER_RULES = {
  // Promo codes: latin capitals, digits, '_' and '-' (typed in any case, stored upper case).
  promoCodePattern: /^[A-Z0-9][A-Z0-9_-]{2,19}$/,
  promoNameMax: 120,
  bonusDaysMin: 0,
  bonusDaysMax: 365,
  leadCommentMax: 255,
  leadBranchNameMax: 120,
  adminNameMax: 120,
  withdrawMessageMax: 2000,
  // Defaults of the installation's PARTNER_HOLD_DAYS and PARTNER_LEAD_PROTECTION_DAYS.
  defaultHoldDays: 14,
  defaultLeadProtectionDays: 90,
} as const;

// Typed in any case, with spaces around: the stored form.
export function normalizePromoCode(raw: string): string {
  return raw.trim().toUpperCase();
}

export function isValidPromoCode(code: string): boolean {
  return PARTNER_RULES.promoCodePattern.test(code);
}

// SPEC 9: percent paid rounded to 2 decimals (0 when there are no clients).
export function percentPaid(paidClients: number, totalClients: number): number {
  if (totalClients <= 0) return 0;
  return Math.round((paidClients / totalClients) * 10_000) / 100;
}

// SPEC 9: a promo URL on a punycode domain (xn--…) is shown in its Russian form. A URL that does not
// parse is shown as given.
export function promoUrlForDisplay(url: string): string {
  const match = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#:]+)(.*)$/i.exec(url);
  if (!match) return url;
  const [, scheme, host, rest] = match as unknown as [string, string, string, string];
  let shown: string;
  try {
    shown = punycode.toUnicode(host.toLowerCase());
  } catch {
    shown = host;
  }
  return `${scheme}${shown}${rest}`;
}

// SPEC 3 operation statuses (wire values in Russian, as the spec gives them):
// accruing (inside the refund window), accrued (payable), paid out, refund (a reversal).
export const OPERATION_STATUSES = ['Начисление', 'Начислено', 'Выплачено', 'Возврат'] as const;
export type OperationStatus = (typeof OPERATION_STATUSES)[number];
// SPEC 4 names the same statuses in English: in progress, accrued, success (paid), refund.
export const OPERATION_STATUS_KEYS: Record<OperationStatus, 'inProgress' | 'accrued' | 'paid' | 'refund'> = {
  Начисление: 'inProgress',
  Начислено: 'accrued',
  Выплачено: 'paid',
  Возврат: 'refund',
};

// SPEC 4 filial statuses of the partner table.
export const FILIAL_STATUSES = ['active', 'inactive', 'not_paid', 'on_test'] as const;
export type FilialStatus = (typeof FILIAL_STATUSES)[number];

// SPEC 3 lead statuses: 1 paid, 2 reached, 3 not reached (or empty), 4 new request, 5 on test.
export const LEAD_STATUSES = [1, 2, 3, 4, 5] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_STATUS_KEYS: Record<LeadStatus, 'paid' | 'reached' | 'notReached' | 'newRequest' | 'onTest'> = {
  1: 'paid',
  2: 'reached',
  3: 'notReached',
  4: 'newRequest',
  5: 'onTest',
};

// SPEC 3 badges. A salon partner's steps count its paying salons: first step (joined), 1, 5, 10,
// 20, 30, 35. A consultant's: first step, a first lead, a first paying salon, then 10, 20, 30, 35
// paying salons.
export const SALON_BADGES = [
  { name: 'firstStep', paidClients: 0 },
  { name: 'firstSuccess', paidClients: 1 },
  { name: 'firstFive', paidClients: 5 },
  { name: 'silverPartner', paidClients: 10 },
  { name: 'goldPartner', paidClients: 20 },
  { name: 'vipPartner', paidClients: 30 },
  { name: 'honoraryPartner', paidClients: 35 },
] as const;
export const CONSULTANT_BADGES = [
  { name: 'firstStep', paidClients: 0 },
  { name: 'firstLead', paidClients: 0, leads: 1 },
  { name: 'firstPay', paidClients: 1 },
  { name: 'silver', paidClients: 10 },
  { name: 'gold', paidClients: 20 },
  { name: 'vip', paidClients: 30 },
  { name: 'god', paidClients: 35 },
] as const;
export type SalonBadge = (typeof SALON_BADGES)[number]['name'];
export type ConsultantBadge = (typeof CONSULTANT_BADGES)[number]['name'];
export type PartnerBadge = SalonBadge | ConsultantBadge;
export const DEFAULT_PARTNER_STATUS = 'firstStep' satisfies PartnerBadge;

// Awards on top of the steps: x2 — this month brought at least twice as many paying salons as the
// last one (and at least 2); star — at least 30% of the promo code's salons pay (with 5 or more);
// leader — the most paying salons among all partners this month.
export const PARTNER_AWARDS = ['x2', 'star', 'leader'] as const;
export type PartnerAward = (typeof PARTNER_AWARDS)[number];
export const STAR_PERCENT = 30;
export const STAR_MIN_CLIENTS = 5;

export interface BadgeFacts {
  paidClients: number;
  leads: number;
}

// The highest step reached (SPEC 3: partnerStatus, firstStep by default) and every step with its state.
export function badgesOf(
  partnerType: 'salon' | 'consultant',
  facts: BadgeFacts,
): { status: PartnerBadge; steps: { name: PartnerBadge; reached: boolean; paidClients: number }[] } {
  const table: readonly { name: PartnerBadge; paidClients: number; leads?: number }[] =
    partnerType === 'salon' ? SALON_BADGES : CONSULTANT_BADGES;
  const steps = table.map((b) => ({
    name: b.name,
    paidClients: b.paidClients,
    reached: facts.paidClients >= b.paidClients && facts.leads >= (b.leads ?? 0),
  }));
  let status: PartnerBadge = DEFAULT_PARTNER_STATUS;
  for (const s of steps) if (s.reached) status = s.name;
  return { status, steps };
}

export interface AwardFacts {
  paidThisMonth: number;
  paidLastMonth: number;
  paidClients: number;
  totalClients: number;
  // True when no other partner brought more paying salons this month (and this one brought some).
  topThisMonth: boolean;
}

export function awardsOf(f: AwardFacts): PartnerAward[] {
  const awards: PartnerAward[] = [];
  if (f.paidThisMonth >= 2 && f.paidThisMonth >= 2 * f.paidLastMonth) awards.push('x2');
  if (f.totalClients >= STAR_MIN_CLIENTS && percentPaid(f.paidClients, f.totalClients) >= STAR_PERCENT)
    awards.push('star');
  if (f.topThisMonth && f.paidThisMonth > 0) awards.push('leader');
  return awards;
}
