import { describe, expect, it } from 'vitest';
import { defaultPeriod, isDefaultPeriod, periodQuery, shortcutOfPeriod, shortcutPeriod } from './dashboard-period';

describe('dashboard period', () => {
  it('defaults to all time: SPEC 9 2020-01-01 … today', () => {
    expect(defaultPeriod('2026-11-26')).toEqual({ from: '2020-01-01', to: '2026-11-26' });
    expect(shortcutPeriod('allTime', '2026-11-26')).toEqual(defaultPeriod('2026-11-26'));
    expect(isDefaultPeriod({ from: '2020-01-01', to: '2026-11-26' }, '2026-11-26')).toBe(true);
    expect(isDefaultPeriod({ from: '2020-01-01', to: '2026-11-25' }, '2026-11-26')).toBe(false);
  });

  it('counts today as one of the last N days, across month and year ends', () => {
    expect(shortcutPeriod('last7', '2026-11-26')).toEqual({ from: '2026-11-20', to: '2026-11-26' });
    expect(shortcutPeriod('last30', '2026-11-26')).toEqual({ from: '2026-10-28', to: '2026-11-26' });
    expect(shortcutPeriod('last30', '2026-01-10')).toEqual({ from: '2025-12-12', to: '2026-01-10' });
    expect(shortcutPeriod('last7', '2024-03-02')).toEqual({ from: '2024-02-25', to: '2024-03-02' });
  });

  it('gives the current month and year up to today, and the whole previous month', () => {
    expect(shortcutPeriod('currentMonth', '2026-11-26')).toEqual({ from: '2026-11-01', to: '2026-11-26' });
    expect(shortcutPeriod('currentYear', '2026-11-26')).toEqual({ from: '2026-01-01', to: '2026-11-26' });
    expect(shortcutPeriod('previousMonth', '2026-03-15')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(shortcutPeriod('previousMonth', '2024-03-15')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(shortcutPeriod('previousMonth', '2026-01-05')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });

  it('names the shortcut a period equals, and none for a typed one', () => {
    expect(shortcutOfPeriod({ from: '2020-01-01', to: '2026-11-26' }, '2026-11-26')).toBe('allTime');
    expect(shortcutOfPeriod({ from: '2026-11-01', to: '2026-11-26' }, '2026-11-26')).toBe('currentMonth');
    expect(shortcutOfPeriod({ from: '2026-11-02', to: '2026-11-26' }, '2026-11-26')).toBeNull();
  });

  it('sends the period as date_start and date_end', () => {
    expect(periodQuery({ from: '2026-10-28', to: '2026-11-26' })).toEqual({
      date_start: '2026-10-28',
      date_end: '2026-11-26',
    });
  });
});
