import { describe, expect, it } from 'vitest';
import { RANGE_SHORTCUTS, defaultRange, shortcutOf, shortcutRange } from './date-range-rules';

// Sunday 22 November 2026, mid-afternoon: Q4 runs from 1 October.
const now = new Date(2026, 10, 22, 15, 30);

describe('default range (SPEC 9)', () => {
  it('runs from the start of the current year to today', () => {
    expect(defaultRange(now)).toEqual({ from: '2026-01-01', to: '2026-11-22' });
    expect(defaultRange(new Date(2027, 0, 1, 0, 5))).toEqual({ from: '2027-01-01', to: '2027-01-01' });
  });
});

describe('date range shortcuts (SPEC 9)', () => {
  it.each([
    ['last7', '2026-11-16', '2026-11-22'],
    ['last14', '2026-11-09', '2026-11-22'],
    ['currentMonth', '2026-11-01', '2026-11-22'],
    ['previousMonth', '2026-10-01', '2026-10-31'],
    ['currentQuarter', '2026-10-01', '2026-11-22'],
    ['fullQuarter', '2026-07-01', '2026-09-30'],
    ['currentYear', '2026-01-01', '2026-11-22'],
  ] as const)('%s is %s – %s', (shortcut, from, to) => {
    expect(shortcutRange(shortcut, now)).toEqual({ from, to });
  });

  it('crosses a year boundary in January', () => {
    const january = new Date(2026, 0, 10);
    expect(shortcutRange('previousMonth', january)).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(shortcutRange('fullQuarter', january)).toEqual({ from: '2025-10-01', to: '2025-12-31' });
    expect(shortcutRange('last14', january)).toEqual({ from: '2025-12-28', to: '2026-01-10' });
  });

  it('knows the previous month of March in a leap year', () => {
    expect(shortcutRange('previousMonth', new Date(2028, 2, 3))).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('recognises a range that equals a shortcut', () => {
    for (const shortcut of RANGE_SHORTCUTS) {
      // currentYear and the default share their range; the first one listed wins.
      expect(shortcutRange(shortcutOf(shortcutRange(shortcut, now), now)!, now)).toEqual(shortcutRange(shortcut, now));
    }
    expect(shortcutOf({ from: '2026-10-01', to: '2026-10-31' }, now)).toBe('previousMonth');
    expect(shortcutOf({ from: '2026-10-02', to: '2026-10-31' }, now)).toBeNull();
  });
});
