import { describe, expect, it } from 'vitest';
import { awardsOf, badgesOf } from '@salon/contract/partners';
import {
  accrualOf,
  bonusDaysFor,
  filialStatusOf,
  monthStart,
  operationStatus,
  payableFromOf,
  payableMonths,
  partnerMonth,
  reversalOf,
  totalsOf,
  withdrawalOf,
  type LedgerOp,
} from './money-rules.js';

const op = (o: Partial<LedgerOp> & Pick<LedgerOp, 'id'>): LedgerOp => ({
  kind: 'accrual',
  income: 1000,
  accrued: 100,
  payableFrom: '2026-03-24',
  period: '2026-03',
  payoutId: null,
  payoutPaid: false,
  ...o,
});

describe('partner money rules', () => {
  it('takes the one-time rate on the first payment and the regular one after, to the kopeck', () => {
    expect(accrualOf({ amount: 2980, first: true, oneTimeRate: 0.5, regularRate: 0.2 })).toBe(1490);
    expect(accrualOf({ amount: 2980, first: false, oneTimeRate: 0.5, regularRate: 0.2 })).toBe(596);
    expect(accrualOf({ amount: 100.05, first: false, oneTimeRate: 0.5, regularRate: 0.1 })).toBe(10.01);
  });

  it('reverses the refunded part of the share', () => {
    expect(reversalOf({ refunded: 2980, amount: 2980, accrued: 1490 })).toBe(-1490);
    expect(reversalOf({ refunded: 1490, amount: 2980, accrued: 596 })).toBe(-298);
  });

  it('holds a share for the refund window on the Moscow calendar', () => {
    // 22:30 UTC is already the next day in Moscow.
    expect(payableFromOf(new Date('2026-03-10T22:30:00Z'), 14)).toBe('2026-03-25');
    expect(payableFromOf(new Date('2026-03-10T09:00:00Z'), 0)).toBe('2026-03-10');
    expect(partnerMonth(new Date('2026-03-31T21:30:00Z'))).toBe('2026-04');
    expect(monthStart('2026-04').toISOString()).toBe('2026-03-31T21:00:00.000Z');
  });

  it('names the status from the clock: accruing, accrued, paid out, refund', () => {
    expect(operationStatus(op({ id: 1 }), '2026-03-23')).toBe('Начисление');
    expect(operationStatus(op({ id: 1 }), '2026-03-24')).toBe('Начислено');
    expect(operationStatus(op({ id: 1, payoutId: 5 }), '2026-03-30')).toBe('Начислено');
    expect(operationStatus(op({ id: 1, payoutId: 5, payoutPaid: true }), '2026-03-30')).toBe('Выплачено');
    expect(operationStatus(op({ id: 1, kind: 'reversal', accrued: -100 }), '2026-03-30')).toBe('Возврат');
  });

  it('totals income of accruals, everything accrued, and what is payable now', () => {
    const ops = [
      op({ id: 1 }),
      op({ id: 2, payableFrom: '2026-04-01', accrued: 50, income: 500 }),
      op({ id: 3, kind: 'reversal', income: -1000, accrued: -100 }),
    ];
    expect(totalsOf(ops, '2026-03-25')).toEqual({ total_paid: 1500, total_accrued: 50, current_accrued: 0 });
    expect(totalsOf(ops.slice(0, 2), '2026-04-01')).toEqual({
      total_paid: 1500,
      total_accrued: 150,
      current_accrued: 150,
    });
  });

  it('withdraws only payable months; a refund after a payout comes off the next one', () => {
    const ops = [
      op({ id: 1, period: '2026-03' }),
      op({ id: 2, period: '2026-04', payableFrom: '2026-04-20', accrued: 80 }),
      op({ id: 3, period: '2026-04', kind: 'reversal', accrued: -30, payableFrom: '2026-04-02' }),
      op({ id: 4, period: '2026-05', payableFrom: '2026-05-30', accrued: 70 }),
    ];
    expect(payableMonths(ops, '2026-04-25').months).toEqual([
      { period: '2026-03', amount: 100, opIds: [1] },
      { period: '2026-04', amount: 50, opIds: [2, 3] },
    ]);
    expect(withdrawalOf(ops, ['2026-05'], '2026-04-25')).toEqual({ refusal: 'monthNotPayable' });
    expect(withdrawalOf(ops, ['2026-04', '2026-04'], '2026-04-25')).toEqual({
      amount: 50,
      opIds: [2, 3],
      months: ['2026-04'],
    });
    expect(withdrawalOf([], ['2026-04'], '2026-04-25')).toEqual({ refusal: 'nothingPayable' });
    // A refund after the March payout: its own month nets below zero and rides on the next payout.
    const later = [
      op({ id: 1, payoutId: 9, payoutPaid: true }),
      op({ id: 5, period: '2026-04', kind: 'reversal', accrued: -100, payableFrom: '2026-04-02' }),
      op({ id: 6, period: '2026-05', payableFrom: '2026-05-20', accrued: 160 }),
    ];
    const { months, debts } = payableMonths(later, '2026-05-20');
    expect(months.map((m) => m.period)).toEqual(['2026-05']);
    expect(debts.map((m) => m.amount)).toEqual([-100]);
    expect(withdrawalOf(later, ['2026-05'], '2026-05-20')).toEqual({ amount: 60, opIds: [6, 5], months: ['2026-05'] });
    expect(
      withdrawalOf(later.slice(0, 2).concat(op({ id: 7, accrued: 40, period: '2026-05' })), ['2026-05'], '2026-05-20'),
    ).toEqual({
      refusal: 'nothingPayable',
    });
  });

  it('pays salon partners in whole days', () => {
    expect(bonusDaysFor(1490, 2980 / 30)).toBe(15);
    expect(bonusDaysFor(99.34, 2980 / 30)).toBe(1);
    expect(bonusDaysFor(99.33, 2980 / 30)).toBe(0);
    expect(bonusDaysFor(2980, 2980 / 30)).toBe(30);
  });

  it('tells on test, active, inactive and not paid apart', () => {
    const today = '2026-03-10';
    expect(filialStatusOf({ paid: false, onTest: true, paidTill: '2026-03-20', today })).toBe('on_test');
    expect(filialStatusOf({ paid: true, onTest: false, paidTill: '2026-03-10', today })).toBe('active');
    expect(filialStatusOf({ paid: true, onTest: false, paidTill: '2026-03-09', today })).toBe('inactive');
    expect(filialStatusOf({ paid: false, onTest: false, paidTill: '2026-03-09', today })).toBe('not_paid');
    expect(filialStatusOf({ paid: false, onTest: false, paidTill: null, today })).toBe('not_paid');
  });
});

describe('badge thresholds (SPEC 3)', () => {
  it('steps a salon partner by its paying salons', () => {
    const at = (paidClients: number) => badgesOf('salon', { paidClients, leads: 0 }).status;
    expect([0, 1, 4, 5, 9, 10, 20, 29, 30, 35].map(at)).toEqual([
      'firstStep',
      'firstSuccess',
      'firstSuccess',
      'firstFive',
      'firstFive',
      'silverPartner',
      'goldPartner',
      'goldPartner',
      'vipPartner',
      'honoraryPartner',
    ]);
  });

  it('steps a consultant by its first lead, then its paying salons', () => {
    const at = (paidClients: number, leads: number) => badgesOf('consultant', { paidClients, leads }).status;
    expect(at(0, 0)).toBe('firstStep');
    expect(at(0, 1)).toBe('firstLead');
    expect(at(1, 0)).toBe('firstPay');
    expect(at(10, 0)).toBe('silver');
    expect(at(20, 3)).toBe('gold');
    expect(at(30, 0)).toBe('vip');
    expect(at(35, 0)).toBe('god');
    const steps = badgesOf('consultant', { paidClients: 1, leads: 0 }).steps;
    expect(steps.filter((s) => s.reached).map((s) => s.name)).toEqual(['firstStep', 'firstPay']);
  });

  it('gives x2, star and leader on their thresholds', () => {
    const base = { paidThisMonth: 0, paidLastMonth: 0, paidClients: 0, totalClients: 0, topThisMonth: false };
    expect(awardsOf({ ...base, paidThisMonth: 2, paidLastMonth: 1 })).toEqual(['x2']);
    expect(awardsOf({ ...base, paidThisMonth: 1, paidLastMonth: 0 })).toEqual([]);
    expect(awardsOf({ ...base, paidThisMonth: 3, paidLastMonth: 2 })).toEqual([]);
    expect(awardsOf({ ...base, paidClients: 3, totalClients: 10 })).toEqual(['star']);
    expect(awardsOf({ ...base, paidClients: 2, totalClients: 4 })).toEqual([]);
    expect(awardsOf({ ...base, paidClients: 2, totalClients: 7 })).toEqual([]);
    expect(awardsOf({ ...base, paidThisMonth: 1, topThisMonth: true })).toEqual(['leader']);
    expect(awardsOf({ ...base, paidThisMonth: 0, topThisMonth: true })).toEqual([]);
  });
});
