import type { PayPeriod } from '@salon/contract/payments';

// SPEC 7 Other: visit goals for the pay-button clicks (3, 6 and 12 months) and the invoice download.
export type PayGoal = 'pay_3_months' | 'pay_6_months' | 'pay_12_months' | 'invoice_download';

// The 1-month card has no goal of its own (SPEC 7 names only 3, 6 and 12).
export function payClickGoal(months: PayPeriod): PayGoal | null {
  if (months === 3) return 'pay_3_months';
  if (months === 6) return 'pay_6_months';
  if (months === 12) return 'pay_12_months';
  return null;
}

export const VISIT_GOAL_EVENT = 'salon:visit-goal';

// The cabinet has no analytics counter of its own (generic analytics calls do nothing, SPEC 7): a goal
// is announced as a window event, which an installation's counter snippet forwards (Metrika's
// reachGoal, for one). Nothing listens by default, so nothing is sent anywhere.
export function reachGoal(goal: PayGoal | null): void {
  if (goal === null || typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent(VISIT_GOAL_EVENT, { detail: { goal } }));
}
