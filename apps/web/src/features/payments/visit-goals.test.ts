import { describe, expect, it } from 'vitest';
import { payClickGoal } from './visit-goals';

describe('payClickGoal', () => {
  it('has a goal for the 3, 6 and 12 months buttons only', () => {
    expect(payClickGoal(3)).toBe('pay_3_months');
    expect(payClickGoal(6)).toBe('pay_6_months');
    expect(payClickGoal(12)).toBe('pay_12_months');
    expect(payClickGoal(1)).toBeNull();
  });
});
