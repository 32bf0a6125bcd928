import { addDaysToDay, AUTOPAY_RULES, periodsFor, type PayCurrency, type PayData } from '@salon/contract/payments';

// What the autopay block says about the next charge (SPEC 4 Pay; contract AUTOPAY_RULES): counted
// from the paid-till day D, tries at D-3, D-1 and D+1, then a grace till D+3, then the channels stop.
export type AutopaySchedule =
  // Nothing is paid yet, so there is no day to charge before: the first payment is made by hand.
  | { kind: 'waitsForPayment' }
  // The first try is on `day` (today or later).
  | { kind: 'scheduled'; day: string; till: string }
  // The first try is past and D has not moved: the charge has not gone through yet; the next try is `day`.
  | { kind: 'retrying'; day: string; till: string }
  // Every try is past: the owner pays by hand or changes the card before `graceEnd`.
  | { kind: 'failed'; graceEnd: string; till: string }
  // The grace is over: the unpaid channels are stopped until a payment lands.
  | { kind: 'lapsed'; till: string };

export type AutopayView = { kind: 'off' } | { kind: 'on'; last4: string | null; schedule: AutopaySchedule };

type AutopayData = Pick<PayData, 'autopay' | 'last_4' | 'pay_date'>;

// The period each charge buys, as the server picks it: the last payment's length when the currency
// still sells it, else the shortest period it sells.
export function autopayMonths(lastLength: number | null, currency: PayCurrency): number {
  const periods: number[] = periodsFor(currency);
  return lastLength !== null && periods.includes(lastLength) ? lastLength : (periods[0] ?? 1);
}

// `today` is the branch-local day 'YYYY-MM-DD'.
export function autopayView(data: AutopayData, today: string): AutopayView {
  if (!data.autopay) return { kind: 'off' };
  return { kind: 'on', last4: data.last_4, schedule: autopaySchedule(data, today) };
}

export function autopaySchedule(data: Pick<AutopayData, 'pay_date'>, today: string): AutopaySchedule {
  const till = data.pay_date;
  if (till === null) return { kind: 'waitsForPayment' };
  const tries = AUTOPAY_RULES.tryOffsetsDays.map((offset) => addDaysToDay(till, offset));
  const [first] = tries;
  if (first === undefined || today <= first) return { kind: 'scheduled', day: first ?? till, till };
  const next = tries.find((day) => day >= today);
  if (next) return { kind: 'retrying', day: next, till };
  const graceEnd = addDaysToDay(till, AUTOPAY_RULES.graceDays);
  if (today <= graceEnd) return { kind: 'failed', graceEnd, till };
  return { kind: 'lapsed', till };
}
