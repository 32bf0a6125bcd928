import { describe, expect, it } from 'vitest';
import {
  RANGE_SHORTCUTS,
  defaultRange,
  maskDateInput,
  orderedRange,
  parseTypedDate,
  shortcutOf,
  shortcutRange,
  typedDate,
} from './date-range-rules';

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

describe('typing a date (SPEC 5)', () => {
  it('keeps digits and dots only', () => {
    expect(maskDateInput('1a2')).toBe('12.');
    expect(maskDateInput('12/03/2026')).toBe('12.03.2026');
    expect(maskDateInput('12-03-2026')).toBe('12.03.2026');
  });

  it('adds the dot after the day and after the month', () => {
    expect(maskDateInput('12', '1')).toBe('12.');
    expect(maskDateInput('12.03', '12.0')).toBe('12.03.');
    expect(maskDateInput('12032026')).toBe('12.03.2026');
  });

  it('pads a one-digit day or month closed by a dot', () => {
    expect(maskDateInput('1.')).toBe('01.');
    expect(maskDateInput('1.3.2026')).toBe('01.03.2026');
  });

  it('stops at a whole date and ignores extra dots', () => {
    expect(maskDateInput('12.03.20261')).toBe('12.03.2026');
    expect(maskDateInput('12..')).toBe('12.');
    expect(maskDateInput('.')).toBe('');
  });

  it('lets a deleted dot stay deleted', () => {
    expect(maskDateInput('12', '12.')).toBe('12');
    expect(maskDateInput('12.03', '12.03.')).toBe('12.03');
  });

  it('reads whole real days only', () => {
    expect(parseTypedDate('05.03.2026')).toBe('2026-03-05');
    expect(parseTypedDate('30.02.2026')).toBeNull();
    expect(parseTypedDate('5.3.2026')).toBeNull();
    expect(parseTypedDate('05.03.20')).toBeNull();
    expect(typedDate('2026-03-05')).toBe('05.03.2026');
    expect(typedDate('nope')).toBe('');
  });

  it('swaps a reversed pair', () => {
    expect(orderedRange('2026-05-01', '2026-04-01')).toEqual({ from: '2026-04-01', to: '2026-05-01' });
    expect(orderedRange('2026-04-01', '2026-05-01')).toEqual({ from: '2026-04-01', to: '2026-05-01' });
  });
});
