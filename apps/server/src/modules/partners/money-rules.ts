import type { FilialStatus, OperationStatus } from '@salon/contract/partners';
import { addDaysToDay } from '@salon/contract/payments';
import { localDay, zonedToUtc } from '@salon/contract/zoned-time';

// The partner programme keeps its books on Moscow time (payable days, months, the year's start).
export const PARTNER_TIME_ZONE = 'Europe/Moscow';

export type OperationKind = 'accrual' | 'reversal';

export interface LedgerOp {
  id: number;
  kind: OperationKind;
  income: number;
  accrued: number;
  payableFrom: string;
  period: string;
  payoutId: number | null;
  // Its payout was marked paid by an operator (or granted at once as bonus days).
  payoutPaid: boolean;
}

// Money to the kopeck/cent; the epsilon keeps 1.005 from becoming 1.00.
export const round2 = (value: number): number => Math.round((value + Math.sign(value) * 1e-9) * 100) / 100;
const sum = (values: readonly number[]) => round2(values.reduce((a, b) => a + b, 0));

export const partnerDay = (at: Date): string => localDay(at, PARTNER_TIME_ZONE);
export const partnerMonth = (at: Date): string => partnerDay(at).slice(0, 7);
export const yearStart = (at: Date): string => `${partnerDay(at).slice(0, 4)}-01-01`;

export function accrualOf(p: { amount: number; first: boolean; oneTimeRate: number; regularRate: number }): number {
  return round2(p.amount * (p.first ? p.oneTimeRate : p.regularRate));
}

// A refund takes back the same part of the share as of the payment.
export function reversalOf(p: { refunded: number; amount: number; accrued: number }): number {
  if (p.amount <= 0) return 0;
  return -round2((Math.min(p.refunded, p.amount) / p.amount) * p.accrued);
}

// The share may be paid out once the payment's refund window is over.
export const payableFromOf = (paidAt: Date, holdDays: number): string => addDaysToDay(partnerDay(paidAt), holdDays);

export function operationStatus(op: LedgerOp, today: string): OperationStatus {
  if (op.kind === 'reversal') return 'Возврат';
  if (op.payoutPaid) return 'Выплачено';
  return today >= op.payableFrom ? 'Начислено' : 'Начисление';
}

const withdrawable = (op: LedgerOp, today: string) => op.payoutId === null && today >= op.payableFrom;

export function totalsOf(ops: readonly LedgerOp[], today: string) {
  return {
    total_paid: sum(ops.filter((o) => o.kind === 'accrual').map((o) => o.income)),
    total_accrued: sum(ops.map((o) => o.accrued)),
    current_accrued: sum(ops.filter((o) => withdrawable(o, today)).map((o) => o.accrued)),
  };
}

export interface PayableMonth {
  period: string;
  amount: number;
  opIds: number[];
}

// What may be withdrawn now, by month of accrual, oldest first. Months that net to zero or less
// (a refund after a payout) are debts: they come off whatever is withdrawn next.
export function payableMonths(
  ops: readonly LedgerOp[],
  today: string,
): { months: PayableMonth[]; debts: PayableMonth[] } {
  const byPeriod = new Map<string, LedgerOp[]>();
  for (const op of ops.filter((o) => withdrawable(o, today))) {
    byPeriod.set(op.period, [...(byPeriod.get(op.period) ?? []), op]);
  }
  const all = [...byPeriod.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([period, list]) => ({ period, amount: sum(list.map((o) => o.accrued)), opIds: list.map((o) => o.id) }));
  return { months: all.filter((m) => m.amount > 0), debts: all.filter((m) => m.amount <= 0) };
}

export type WithdrawalRefusal = 'nothingPayable' | 'monthNotPayable';

export function withdrawalOf(
  ops: readonly LedgerOp[],
  asked: readonly string[],
  today: string,
): { amount: number; opIds: number[]; months: string[] } | { refusal: WithdrawalRefusal } {
  const { months, debts } = payableMonths(ops, today);
  if (months.length === 0) return { refusal: 'nothingPayable' };
  const chosen = [...new Set(asked)].map((period) => months.find((m) => m.period === period));
  if (chosen.some((m) => m === undefined)) return { refusal: 'monthNotPayable' };
  const taken = [...(chosen as PayableMonth[]), ...debts];
  const amount = sum(taken.map((m) => m.amount));
  if (amount <= 0) return { refusal: 'nothingPayable' };
  return {
    amount,
    opIds: taken.flatMap((m) => m.opIds),
    months: (chosen as PayableMonth[]).map((m) => m.period).sort(),
  };
}

// A salon partner is paid in whole days of its own subscription.
export const bonusDaysFor = (amount: number, dayPrice: number): number =>
  dayPrice > 0 ? Math.floor(amount / dayPrice + 1e-9) : 0;

export function filialStatusOf(f: {
  paid: boolean;
  onTest: boolean;
  paidTill: string | null;
  today: string;
}): FilialStatus {
  if (!f.paid && f.onTest) return 'on_test';
  if (f.paidTill !== null && f.paidTill >= f.today) return 'active';
  if (f.paid) return 'inactive';
  return 'not_paid';
}

// 'YYYY-MM' a number of months away.
export function shiftMonth(period: string, months: number): string {
  const [y, m] = period.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + months, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

// The instant a month starts on the programme's clock.
export function monthStart(period: string): Date {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return zonedToUtc({ year, month, day: 1, hour: 0, minute: 0 }, PARTNER_TIME_ZONE);
}

// Whole days from one calendar day to another.
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
