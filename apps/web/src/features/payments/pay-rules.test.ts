import { describe, expect, it } from 'vitest';
import type { PayData } from '@salon/contract/payments';
import { bonusParts, defaultModules, discountPercent, modulePrice, payState, periodCards } from './pay-rules';

const base: Pick<PayData, 'currency' | 'bonus_week' | 'month_cost' | 'discount'> = {
  currency: 'RUB',
  bonus_week: { 1: 0, 3: 1, 6: 2, 12: 4 },
  month_cost: { 1: 2980, 3: 2900, 6: 2800, 12: 2500 },
  discount: 0,
};

describe('periodCards', () => {
  it('gives RUB branches the four periods with their bonus months, bonus weeks and month cost', () => {
    expect(periodCards(base)).toEqual([
      { months: 1, bonusMonths: 0, bonusWeeks: 0, monthCost: 2980, discountPercent: 0, popular: false },
      { months: 3, bonusMonths: 1, bonusWeeks: 1, monthCost: 2900, discountPercent: 0, popular: false },
      { months: 6, bonusMonths: 3, bonusWeeks: 2, monthCost: 2800, discountPercent: 0, popular: true },
      { months: 12, bonusMonths: 8, bonusWeeks: 4, monthCost: 2500, discountPercent: 0, popular: false },
    ]);
  });

  it('drops the 1-month card for USD and tags only the 6 months card as most popular', () => {
    const cards = periodCards({ ...base, currency: 'USD' });
    expect(cards.map((c) => c.months)).toEqual([3, 6, 12]);
    expect(cards.filter((c) => c.popular).map((c) => c.months)).toEqual([6]);
  });

  it('shows the discount ×100 on every card', () => {
    expect(periodCards({ ...base, discount: 0.15 }).map((c) => c.discountPercent)).toEqual([15, 15, 15, 15]);
  });

  it('never shows negative bonus weeks', () => {
    expect(periodCards({ ...base, bonus_week: { 1: -1, 3: 0, 6: 0, 12: 0 } })[0]?.bonusWeeks).toBe(0);
  });
});

describe('discountPercent', () => {
  it('turns the fraction into a percent without float noise', () => {
    expect(discountPercent(0.07)).toBe(7);
    expect(discountPercent(0.125)).toBe(12.5);
    expect(discountPercent(1)).toBe(100);
  });

  it('is 0 for no discount or a broken value', () => {
    expect(discountPercent(0)).toBe(0);
    expect(discountPercent(-0.1)).toBe(0);
    expect(discountPercent(Number.NaN)).toBe(0);
  });
});

describe('bonusParts', () => {
  it('lists the gift months, then the gift weeks', () => {
    expect(bonusParts({ bonusMonths: 1, bonusWeeks: 2 })).toEqual([
      { kind: 'bonusMonths', count: 1 },
      { kind: 'bonusWeeks', count: 2 },
    ]);
  });

  it('leaves out what is zero', () => {
    expect(bonusParts({ bonusMonths: 0, bonusWeeks: 0 })).toEqual([]);
    expect(bonusParts({ bonusMonths: 0, bonusWeeks: 1 })).toEqual([{ kind: 'bonusWeeks', count: 1 }]);
    expect(bonusParts({ bonusMonths: 8, bonusWeeks: 0 })).toEqual([{ kind: 'bonusMonths', count: 8 }]);
  });
});

describe('modulePrice', () => {
  it('prices WA as TG whatever the wire says for WA', () => {
    const prices = { WA: 5000, TG: 1490, loyalty: 990 };
    expect(modulePrice(prices, 'WA')).toBe(1490);
    expect(modulePrice(prices, 'TG')).toBe(1490);
    expect(modulePrice(prices, 'loyalty')).toBe(990);
  });
});

describe('defaultModules', () => {
  it('starts from the active modules in the wire order', () => {
    expect(defaultModules(['loyalty', 'WA'])).toEqual(['WA', 'loyalty']);
  });

  it('offers all modules when none is active', () => {
    expect(defaultModules([])).toEqual(['WA', 'TG', 'loyalty']);
  });
});

describe('payState', () => {
  it('reads a test period first', () => {
    expect(payState({ is_test_period: true, pay_status: true, pay_date: '2026-12-01' })).toEqual({
      kind: 'test',
      till: '2026-12-01',
    });
  });

  it('tells paid, ended and never paid apart', () => {
    expect(payState({ is_test_period: false, pay_status: true, pay_date: '2026-12-01' })).toEqual({
      kind: 'paid',
      till: '2026-12-01',
    });
    expect(payState({ is_test_period: false, pay_status: false, pay_date: '2026-10-01' })).toEqual({
      kind: 'expired',
      till: '2026-10-01',
    });
    expect(payState({ is_test_period: false, pay_status: false, pay_date: null })).toEqual({ kind: 'notPaid' });
  });
});
