import { describe, expect, it } from 'vitest';
import { AUTOPAY_RULES } from '@salon/contract/payments';
import { gateOf, standingOf } from './gating.js';

describe('standingOf', () => {
  const D = '2026-03-31';
  it('is paid through the paid-till day itself', () => {
    expect(standingOf(D, '2026-03-01')).toBe('paid');
    expect(standingOf(D, D)).toBe('paid');
  });
  it('is in grace for graceDays after it, across a month end', () => {
    expect(AUTOPAY_RULES.graceDays).toBe(3);
    expect(standingOf(D, '2026-04-01')).toBe('grace');
    expect(standingOf(D, '2026-04-03')).toBe('grace');
  });
  it('is lapsed the day after the grace, and unpaid when never paid', () => {
    expect(standingOf(D, '2026-04-04')).toBe('lapsed');
    expect(standingOf(D, '2027-01-01')).toBe('lapsed');
    expect(standingOf(null, '2026-04-04')).toBe('unpaid');
  });
});

describe('gateOf', () => {
  it('does not gate a branch with no payment data', () => {
    const gate = gateOf([], '2026-04-10');
    expect(gate).toMatchObject({ gated: false, active: [], lapsed: [], payStatus: false, payPeriod: null });
  });

  it('gates a branch whose row has a pay period but no modules: nothing is active, nothing lapsed', () => {
    const gate = gateOf([], '2026-04-10', true);
    expect(gate).toMatchObject({ gated: true, active: [], lapsed: [], payStatus: false });
    expect(gate.modules.map((m) => m.standing)).toEqual(['unpaid', 'unpaid', 'unpaid']);
  });

  it('keeps modules in grace active, drops lapsed ones, and reports the latest paid-till day', () => {
    const gate = gateOf(
      [
        { module: 'WA', paidTill: '2026-04-01' },
        { module: 'TG', paidTill: '2026-04-08' },
        { module: 'loyalty', paidTill: '2026-04-20' },
      ],
      '2026-04-10',
    );
    expect(gate.modules.map((m) => [m.module, m.standing])).toEqual([
      ['WA', 'lapsed'],
      ['TG', 'grace'],
      ['loyalty', 'paid'],
    ]);
    expect(gate).toMatchObject({
      gated: true,
      active: ['TG', 'loyalty'],
      lapsed: ['WA'],
      payStatus: true,
      payPeriod: '2026-04-20',
    });
  });

  it('is not paid while every module is only in grace', () => {
    const gate = gateOf([{ module: 'TG', paidTill: '2026-04-09' }], '2026-04-10');
    expect(gate).toMatchObject({ active: ['TG'], payStatus: false, payPeriod: '2026-04-09' });
    expect(gate.modules.find((m) => m.module === 'WA')?.standing).toBe('unpaid');
  });
});
