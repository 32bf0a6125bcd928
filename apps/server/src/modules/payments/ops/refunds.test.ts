import { describe, expect, it } from 'vitest';
import { paidTillAfter } from '@salon/contract/payments';
import { paidTillAfterRefund } from './refunds.js';

describe('the paid-till day after a refund', () => {
  it.each([
    // 31 January + 1 month = 28 February: a refund goes back to the 31st, not the 28th.
    ['2027-02-28', 1, 0, '2027-01-31'],
    ['2026-07-10', 3, 0, '2026-03-10'],
    // 6 months + 3 bonus months + 2 bonus weeks.
    [paidTillAfter('2026-05-20', 6, 2), 6, 2, '2026-05-20'],
    [paidTillAfter('2026-03-31', 12, 4), 12, 4, '2026-03-31'],
  ] as const)('from %s back by %i months and %i weeks is %s', (till, months, weeks, back) => {
    expect(paidTillAfterRefund(till, months, weeks, '2026-03-10')).toBe(back);
  });

  it('also takes back the extra days a module bought to reach the others', () => {
    expect(paidTillAfterRefund('2026-08-10', 1, 0, '2026-03-10', 20)).toBe('2026-06-20');
  });

  it('never goes before today', () => {
    expect(paidTillAfterRefund('2026-04-10', 1, 0, '2026-03-20')).toBe('2026-03-20');
    expect(paidTillAfterRefund('2026-04-10', 3, 0, '2026-03-20')).toBe('2026-03-20');
  });
});
