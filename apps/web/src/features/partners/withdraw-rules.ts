import { PARTNER_STATUS, type Bonuses } from '@salon/contract/partners';
import { PARTNER_RULES } from '@salon/contract/partners-rules';
import { isApiError } from '../../shared/api/api-error';
import { formatMonthKey } from '../../shared/lib/datetime';

// SPEC 4 Bonuses: the partner checks months of payable earnings, then withdraws them.

type MonthlyEarning = Bonuses['monthly_earnings'][number];

const cents = (value: number) => Math.round(value * 100) / 100;

export function toggleMonth(checked: readonly string[], period: string): string[] {
  return checked.includes(period) ? checked.filter((p) => p !== period) : [...checked, period].sort();
}

// Every month checked, or none when all already are (the "all" box).
export function toggleAllMonths(checked: readonly string[], monthly: readonly MonthlyEarning[]): string[] {
  const all = monthly.map((m) => m.period);
  return all.length > 0 && all.every((p) => checked.includes(p)) ? [] : [...all].sort();
}

// Months still offered: a checked month the server no longer lists (paid meanwhile) is dropped.
export function stillPayable(checked: readonly string[], monthly: readonly MonthlyEarning[]): string[] {
  const offered = new Set(monthly.map((m) => m.period));
  return checked.filter((p) => offered.has(p));
}

export function checkedSum(monthly: readonly MonthlyEarning[], checked: readonly string[]): number {
  const set = new Set(checked);
  return cents(monthly.reduce((sum, m) => (set.has(m.period) ? sum + m.amount : sum), 0));
}

// Salon partners: the bonus days of the checked months (null for consultants, who are paid money).
export function checkedDays(monthly: readonly MonthlyEarning[], checked: readonly string[]): number | null {
  const set = new Set(checked);
  const picked = monthly.filter((m) => set.has(m.period));
  if (picked.length === 0) return monthly.some((m) => m.days !== null) ? 0 : null;
  if (picked.some((m) => m.days === null)) return null;
  return picked.reduce((sum, m) => sum + (m.days ?? 0), 0);
}

export function canWithdraw(checked: readonly string[], message: string, sum: number): boolean {
  return checked.length > 0 && sum > 0 && message.length <= PARTNER_RULES.withdrawMessageMax;
}

// The POST body: months in order, the message only when there is one.
export function withdrawBody(checked: readonly string[], message: string): { months: string[]; msg?: string } {
  const msg = message.trim();
  return msg ? { months: [...checked].sort(), msg } : { months: [...checked].sort() };
}

// After a withdrawal the paid months leave the list and the total with them (SPEC 4), whatever
// the answer's own copy holds.
export function withoutPaidMonths(bonuses: Bonuses, paid: readonly string[]): Bonuses {
  const gone = new Set(paid);
  const monthly = bonuses.monthly_earnings.filter((m) => !gone.has(m.period));
  return {
    ...bonuses,
    monthly_earnings: monthly,
    total_earnings: cents(monthly.reduce((sum, m) => sum + m.amount, 0)),
  };
}

export const WITHDRAW_ERRORS = {
  [PARTNER_STATUS.nothingPayable]: 'nothingPayable',
  [PARTNER_STATUS.monthNotPayable]: 'monthNotPayable',
} as const;
export type WithdrawErrorKey = (typeof WITHDRAW_ERRORS)[keyof typeof WITHDRAW_ERRORS];

// The withdrawal refusals the partners namespace words; null sends the caller to the common texts.
export function withdrawErrorKey(error: unknown): WithdrawErrorKey | null {
  if (!isApiError(error)) return null;
  return (WITHDRAW_ERRORS as Record<string, WithdrawErrorKey>)[error.status] ?? null;
}

// 'Сентябрь 2026 г.' / 'September 2026': a month as a row's title (only its first letter raised;
// a CSS capitalize would raise the 'г.' too).
export function monthTitle(period: string, language: string | undefined): string {
  const text = formatMonthKey(period, language);
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}
