import { describe, expect, it } from 'vitest';
import type { AiStatsResponse } from '@salon/contract/ai-stats';
import {
  addDays,
  defaultStatsRange,
  durationParts,
  handoverBreakdown,
  isEmptyStats,
  shortcutOf,
  shortcutRange,
} from './stats-range-rules';

describe('range shortcuts', () => {
  it('opens on the current month so far', () => {
    expect(defaultStatsRange('2026-11-26')).toEqual({ from: '2026-11-01', to: '2026-11-26' });
  });

  it('counts today in the last 7 and 14 days', () => {
    expect(shortcutRange('last7', '2026-11-26')).toEqual({ from: '2026-11-20', to: '2026-11-26' });
    expect(shortcutRange('last14', '2026-11-26')).toEqual({ from: '2026-11-13', to: '2026-11-26' });
    expect(shortcutRange('last7', '2026-03-03')).toEqual({ from: '2026-02-25', to: '2026-03-03' });
  });

  it('takes the whole previous month, across a year and a leap February', () => {
    expect(shortcutRange('previousMonth', '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(shortcutRange('previousMonth', '2028-03-31')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(shortcutRange('currentMonth', '2026-01-01')).toEqual({ from: '2026-01-01', to: '2026-01-01' });
  });

  it('names the shortcut a range equals', () => {
    expect(shortcutOf({ from: '2026-11-20', to: '2026-11-26' }, '2026-11-26')).toBe('last7');
    expect(shortcutOf({ from: '2026-10-01', to: '2026-10-31' }, '2026-11-26')).toBe('previousMonth');
    expect(shortcutOf({ from: '2026-10-02', to: '2026-10-31' }, '2026-11-26')).toBeNull();
  });

  it('counts days across a year end', () => {
    expect(addDays('2026-12-29', 6)).toBe('2027-01-04');
  });
});

describe('totals', () => {
  const empty: AiStatsResponse = {
    totals: {
      conversations: 0,
      answered_by_bot: 0,
      handed_over: 0,
      bookings: 0,
      moved: 0,
      cancelled: 0,
      revenue: 0,
      handover_reasons: { no_match: 0, client_asked: 0, provider_failed: 0, booking_failed: 0 },
      median_first_answer_sec: null,
    },
    series: [],
  };

  it('lists the handover reasons that happened, most frequent first', () => {
    expect(handoverBreakdown({ no_match: 2, client_asked: 5, provider_failed: 0, booking_failed: 1 })).toEqual([
      { reason: 'client_asked', count: 5 },
      { reason: 'no_match', count: 2 },
      { reason: 'booking_failed', count: 1 },
    ]);
    expect(handoverBreakdown({})).toEqual([]);
  });

  it('calls a range without conversations or bookings empty', () => {
    expect(isEmptyStats(empty)).toBe(true);
    expect(isEmptyStats({ ...empty, totals: { ...empty.totals, conversations: 1 } })).toBe(false);
    expect(isEmptyStats({ ...empty, totals: { ...empty.totals, cancelled: 1 } })).toBe(false);
  });

  it('splits the median answer time into minutes and seconds', () => {
    expect(durationParts(125.4)).toEqual({ minutes: 2, seconds: 5 });
    expect(durationParts(42)).toEqual({ minutes: 0, seconds: 42 });
    expect(durationParts(-3)).toEqual({ minutes: 0, seconds: 0 });
  });
});
