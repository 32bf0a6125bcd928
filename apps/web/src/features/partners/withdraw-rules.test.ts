import { describe, expect, it } from 'vitest';
import type { Bonuses } from '@salon/contract/partners';
import { ApiError } from '../../shared/api/api-error';
import {
  canWithdraw,
  checkedDays,
  checkedSum,
  monthTitle,
  stillPayable,
  toggleAllMonths,
  toggleMonth,
  withdrawBody,
  withdrawErrorKey,
  withoutPaidMonths,
} from './withdraw-rules';

const bonuses: Bonuses = {
  total_earnings: 1001.3,
  monthly_earnings: [
    { period: '2026-09', amount: 500.1, days: null },
    { period: '2026-10', amount: 300.1, days: null },
    { period: '2026-11', amount: 201.1, days: null },
  ],
  currency: 'RUB',
  day_price: null,
};
const salonMonths = [
  { period: '2026-09', amount: 1000, days: 20 },
  { period: '2026-10', amount: 500, days: 10 },
];

describe('checking months', () => {
  it('toggles one month and all of them', () => {
    expect(toggleMonth([], '2026-10')).toEqual(['2026-10']);
    expect(toggleMonth(['2026-11', '2026-09'], '2026-10')).toEqual(['2026-09', '2026-10', '2026-11']);
    expect(toggleMonth(['2026-10'], '2026-10')).toEqual([]);
    expect(toggleAllMonths(['2026-10'], bonuses.monthly_earnings)).toEqual(['2026-09', '2026-10', '2026-11']);
    expect(toggleAllMonths(['2026-09', '2026-10', '2026-11'], bonuses.monthly_earnings)).toEqual([]);
  });

  it('drops a checked month the list no longer offers', () => {
    expect(stillPayable(['2026-08', '2026-10'], bonuses.monthly_earnings)).toEqual(['2026-10']);
  });
});

describe('the sum of the checked months', () => {
  it('adds the checked amounts to the cent', () => {
    expect(checkedSum(bonuses.monthly_earnings, ['2026-09', '2026-10'])).toBe(800.2);
    expect(checkedSum(bonuses.monthly_earnings, [])).toBe(0);
  });

  it('counts a salon partner days, and none for a consultant', () => {
    expect(checkedDays(salonMonths, ['2026-09', '2026-10'])).toBe(30);
    expect(checkedDays(salonMonths, [])).toBe(0);
    expect(checkedDays(bonuses.monthly_earnings, ['2026-09'])).toBeNull();
  });

  it('withdraws only something checked, above zero, with a message within the limit', () => {
    expect(canWithdraw([], '', 0)).toBe(false);
    expect(canWithdraw(['2026-09'], '', 500)).toBe(true);
    expect(canWithdraw(['2026-09'], 'x'.repeat(2001), 500)).toBe(false);
  });

  it('sends the months in order and the message only when there is one', () => {
    expect(withdrawBody(['2026-10', '2026-09'], '  ')).toEqual({ months: ['2026-09', '2026-10'] });
    expect(withdrawBody(['2026-09'], ' to card ')).toEqual({ months: ['2026-09'], msg: 'to card' });
  });
});

describe('after a withdrawal', () => {
  it('removes the paid months and their money from the total', () => {
    const after = withoutPaidMonths(bonuses, ['2026-09', '2026-11']);
    expect(after.monthly_earnings.map((m) => m.period)).toEqual(['2026-10']);
    expect(after.total_earnings).toBe(300.1);
    expect(bonuses.monthly_earnings).toHaveLength(3);
  });

  it('words the withdrawal refusals and leaves the rest to the common texts', () => {
    expect(withdrawErrorKey(new ApiError('nothing_payable', 400))).toBe('nothingPayable');
    expect(withdrawErrorKey(new ApiError('month_not_payable', 400))).toBe('monthNotPayable');
    expect(withdrawErrorKey(new ApiError('Fail rights', 403))).toBeNull();
    expect(withdrawErrorKey(new Error('x'))).toBeNull();
  });
});

describe('monthTitle', () => {
  it('raises only the first letter of the month name', () => {
    expect(monthTitle('2026-09', 'ru')).toBe('Сентябрь 2026 г.');
    expect(monthTitle('2026-09', 'en')).toBe('September 2026');
  });
});
