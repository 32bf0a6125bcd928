import { describe, expect, it } from 'vitest';
import {
  BONUS_MONTHS,
  DEFAULT_MODULE_PRICES,
  PAY_CURRENCIES,
  PAY_MODULES,
  PAY_PERIODS,
  addMonthsToDay,
  daysBetween,
  paidTillAfter,
  periodsFor,
  priceFor,
  pricingRefusal,
  type PayCurrency,
  type PayModule,
  type PriceInput,
} from './payments.js';

const NO_WEEKS = { 1: 0, 3: 0, 6: 0, 12: 0 };
const input = (over: Partial<PriceInput>): PriceInput => ({
  currency: 'RUB',
  prices: DEFAULT_MODULE_PRICES.RUB,
  discount: 0,
  bonusWeeks: NO_WEEKS,
  months: 3,
  modules: ['TG'],
  today: '2026-03-10',
  paidTill: {},
  ...over,
});

describe('calendar days of the paid-till date', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2026-03-31', 20, '2027-11-30'],
    ['2026-11-15', 4, '2027-03-15'],
  ])('%s plus %i months is %s', (day, months, expected) => {
    expect(addMonthsToDay(day, months)).toBe(expected);
  });

  it('adds the bonus months and the bonus weeks', () => {
    expect(paidTillAfter('2026-03-10', 3, 0)).toBe('2026-07-10');
    expect(paidTillAfter('2026-03-10', 6, 2)).toBe('2026-12-24');
    expect(paidTillAfter('2026-03-10', 12, 1)).toBe('2027-11-17');
  });
});

describe('priceFor: hand-computed cases', () => {
  it('3 months of WA and TG from nothing paid: 3 × 1490 each, WA at the TG price', () => {
    const plan = priceFor(input({ modules: ['TG', 'WA'], prices: { WA: 9999, TG: 1490, loyalty: 990 } }));
    expect(plan.modules_cost).toEqual([
      { module: 'WA', months: 3, days: 0, cost: 4470 },
      { module: 'TG', months: 3, days: 0, cost: 4470 },
    ]);
    expect(plan.full_cost).toBe(8940);
    expect(plan.new_data_if_pay_days).toBe('2026-07-10');
  });

  it('a module that ends earlier buys its days to the common start at the day price', () => {
    const plan = priceFor(input({ months: 1, modules: ['WA', 'TG'], paidTill: { TG: '2026-04-09', WA: null } }));
    expect(plan.start).toBe('2026-04-09');
    expect(plan.modules_cost).toEqual([
      { module: 'WA', months: 1, days: 30, cost: 2980 },
      { module: 'TG', months: 1, days: 0, cost: 1490 },
    ]);
    expect(plan.full_cost).toBe(4470);
    expect(plan.new_data_if_pay_days).toBe('2026-05-09');
  });

  it('a module paid till the past starts today, not at its old date', () => {
    const plan = priceFor(input({ months: 1, modules: ['loyalty'], paidTill: { loyalty: '2025-12-01' } }));
    expect(plan.start).toBe('2026-03-10');
    expect(plan.modules_cost[0]).toEqual({ module: 'loyalty', months: 1, days: 0, cost: 990 });
    expect(plan.new_data_if_pay_days).toBe('2026-04-10');
  });

  it('takes the discount off and adds the bonus weeks of the period', () => {
    const plan = priceFor(input({ months: 6, modules: ['loyalty'], discount: 0.1, bonusWeeks: { ...NO_WEEKS, 6: 2 } }));
    expect(plan.full_cost).toBe(5346);
    expect(plan.new_data_if_pay_days).toBe('2026-12-24');
  });

  it('rounds USD to 0.1 and RUB to whole units', () => {
    const usd = priceFor(
      input({
        currency: 'USD',
        prices: DEFAULT_MODULE_PRICES.USD,
        modules: ['TG', 'loyalty'],
        paidTill: { TG: '2026-03-21' },
      }),
    );
    // loyalty: 3 × 12 + 11 × 12 / 30 = 40.4; TG: 3 × 19 = 57.
    expect(usd.modules_cost.map((m) => [m.module, m.days, m.cost])).toEqual([
      ['TG', 0, 57],
      ['loyalty', 11, 40.4],
    ]);
    expect(usd.full_cost).toBe(97.4);
    const discounted = priceFor(input({ currency: 'USD', prices: DEFAULT_MODULE_PRICES.USD, discount: 0.07 }));
    // 57 × 0.93 = 53.01.
    expect(discounted.full_cost).toBe(53);
    const rub = priceFor(input({ months: 1, modules: ['TG'], paidTill: { TG: '2026-03-11' }, discount: 0.15 }));
    expect(rub.full_cost).toBe(Math.round(1490 * 0.85));
  });
});

describe('refusals', () => {
  it.each([
    [{ currency: 'USD' as const, months: 1, modules: ['TG'] }, 'unknownPeriod'],
    [{ currency: 'RUB' as const, months: 2, modules: ['TG'] }, 'unknownPeriod'],
    [{ currency: 'RUB' as const, months: 3, modules: [] }, 'noModules'],
    [{ currency: 'RUB' as const, months: 3, modules: ['TG', 'SMS'] }, 'unknownModule'],
    [{ currency: 'RUB' as const, months: 1, modules: ['WA'] }, null],
  ])('%j → %s', (request, refusal) => {
    expect(pricingRefusal(request)).toBe(refusal);
  });

  it('priceFor refuses what pricingRefusal refuses', () => {
    expect(() => priceFor(input({ currency: 'USD', prices: DEFAULT_MODULE_PRICES.USD, months: 1 }))).toThrow(
      'Unknown period',
    );
  });
});

// Every period × module set × currency, with and without a module ending earlier.
const moduleSets: PayModule[][] = [];
for (let mask = 1; mask < 1 << PAY_MODULES.length; mask++) {
  moduleSets.push(PAY_MODULES.filter((_, i) => mask & (1 << i)));
}
const table = PAY_CURRENCIES.flatMap((currency) =>
  PAY_PERIODS.flatMap((months) => moduleSets.map((modules) => ({ currency, months, modules }))),
);

describe('priceFor: invariants of the whole table', () => {
  it('has a row for every period, module set and currency', () => {
    expect(table).toHaveLength(2 * 4 * 7);
  });

  it.each(table)('$currency, $months months, $modules', ({ currency, months, modules }) => {
    const prices = DEFAULT_MODULE_PRICES[currency as PayCurrency];
    const price = (m: PayModule) => (m === 'WA' ? prices.TG : prices[m]);
    const request = { currency, months, modules } as const;
    if (!periodsFor(currency).includes(months)) {
      expect(currency).toBe('USD');
      expect(months).toBe(1);
      expect(pricingRefusal(request)).toBe('unknownPeriod');
      return;
    }
    const fresh = priceFor(input({ ...request, prices }));
    const unit = currency === 'USD' ? 0.1 : 1;
    for (const m of fresh.modules_cost) {
      expect(m.days).toBe(0);
      expect(m.cost).toBeCloseTo(months * price(m.module), 6);
    }
    expect(fresh.full_cost).toBeCloseTo(
      fresh.modules_cost.reduce((s, m) => s + m.cost, 0),
      6,
    );
    expect(fresh.new_data_if_pay_days).toBe(addMonthsToDay('2026-03-10', months + BONUS_MONTHS[months]));

    // The first module runs 17 more days: the others buy those days, everyone ends together.
    const [first, ...rest] = modules;
    const paidTill = { [first!]: '2026-03-27' };
    const weeks = { 1: 1, 3: 2, 6: 3, 12: 4 };
    const plan = priceFor(input({ ...request, prices, paidTill, discount: 0.25, bonusWeeks: weeks }));
    expect(plan.start).toBe('2026-03-27');
    expect(daysBetween(plan.start, plan.new_data_if_pay_days)).toBeGreaterThanOrEqual(
      months * 28 + BONUS_MONTHS[months] * 28 + weeks[months] * 7,
    );
    expect(plan.new_data_if_pay_days).toBe(paidTillAfter('2026-03-27', months, weeks[months]));
    expect(plan.modules_cost.find((m) => m.module === first)!.days).toBe(0);
    for (const m of plan.modules_cost) {
      const days = rest.includes(m.module) ? 17 : 0;
      expect(m.days).toBe(days);
      const raw = (months * price(m.module) + (days * price(m.module)) / 30) * 0.75;
      expect(Math.abs(m.cost - raw)).toBeLessThanOrEqual(unit / 2 + 1e-9);
      expect(Math.round(m.cost / unit) * unit).toBeCloseTo(m.cost, 9);
    }
    expect(plan.full_cost).toBeCloseTo(
      plan.modules_cost.reduce((s, m) => s + m.cost, 0),
      6,
    );
  });
});
