import {
  BONUS_MONTHS,
  MOST_POPULAR_PERIOD,
  PAY_MODULES,
  periodsFor,
  type PayData,
  type PayModule,
  type PayPeriod,
} from '@salon/contract/payments';

// One month card of /pay (SPEC 9): the period, what it adds for free, its month price and discount.
export interface PeriodCard {
  months: PayPeriod;
  bonusMonths: number;
  bonusWeeks: number;
  monthCost: number;
  // The branch's discount ×100 (SPEC 9), 0 when there is none.
  discountPercent: number;
  popular: boolean;
}

export type BonusPart = { kind: 'bonusMonths' | 'bonusWeeks'; count: number };

// The wire's fraction as the percent the cabinet shows; two decimals absorb 0.07 × 100 = 7.000000000000001.
export function discountPercent(discount: number): number {
  if (!Number.isFinite(discount) || discount <= 0) return 0;
  return Math.round(discount * 10000) / 100;
}

export function periodCards(data: Pick<PayData, 'currency' | 'bonus_week' | 'month_cost' | 'discount'>): PeriodCard[] {
  const percent = discountPercent(data.discount);
  return periodsFor(data.currency).map((months) => ({
    months,
    bonusMonths: BONUS_MONTHS[months],
    bonusWeeks: Math.max(0, data.bonus_week[months]),
    monthCost: data.month_cost[months],
    discountPercent: percent,
    popular: months === MOST_POPULAR_PERIOD,
  }));
}

// "+1 месяц в подарок", "+2 недели": only what the card really adds.
export function bonusParts(card: Pick<PeriodCard, 'bonusMonths' | 'bonusWeeks'>): BonusPart[] {
  const parts: BonusPart[] = [];
  if (card.bonusMonths > 0) parts.push({ kind: 'bonusMonths', count: card.bonusMonths });
  if (card.bonusWeeks > 0) parts.push({ kind: 'bonusWeeks', count: card.bonusWeeks });
  return parts;
}

// SPEC 3: WA is priced as TG, whatever the wire says for WA.
export function modulePrice(prices: PayData['modules_price'], module: PayModule): number {
  return module === 'WA' ? prices.TG : prices[module];
}

// The choice the page opens with: the branch's active modules, or all of them when none is active.
export function defaultModules(active: readonly PayModule[]): PayModule[] {
  const chosen = PAY_MODULES.filter((m) => active.includes(m));
  return chosen.length > 0 ? chosen : [...PAY_MODULES];
}

export type PayState =
  | { kind: 'test'; till: string | null }
  | { kind: 'paid'; till: string }
  | { kind: 'expired'; till: string }
  | { kind: 'notPaid' };

// The header's line: a test period, paid till a day, ended on a day, or never paid.
export function payState(data: Pick<PayData, 'pay_status' | 'pay_date' | 'is_test_period'>): PayState {
  if (data.is_test_period) return { kind: 'test', till: data.pay_date };
  if (data.pay_date === null) return { kind: 'notPaid' };
  return data.pay_status ? { kind: 'paid', till: data.pay_date } : { kind: 'expired', till: data.pay_date };
}
