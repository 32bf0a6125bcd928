import { describe, expect, it } from 'vitest';
import { loyaltyAnalyticsQuery } from '@salon/contract/loyalty';
import {
  analyticsQueryOf,
  defaultRange,
  initialStatsState,
  nextSort,
  ratioPercent,
  shownRange,
  withFrom,
  withTo,
} from './loyalty-stats-rules';

describe('range (SPEC 9)', () => {
  it('defaults to January 1 of the current year to today in the branch zone', () => {
    expect(defaultRange(new Date('2026-11-26T10:00:00Z'), 'Europe/Moscow')).toEqual({
      from: '2026-01-01',
      to: '2026-11-26',
    });
    expect(defaultRange(new Date('2026-12-31T20:00:00Z'), 'Asia/Vladivostok')).toEqual({
      from: '2027-01-01',
      to: '2027-01-01',
    });
  });

  it('shows the chosen range, else the server answer, else the browser guess', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    const answered = { date_from: '2026-01-01', date_to: '2026-06-02' };
    const chosen = { from: '2026-02-01', to: '2026-03-01' };
    expect(shownRange({ ...initialStatsState(), range: chosen }, answered, now, 'UTC')).toEqual(chosen);
    expect(shownRange(initialStatsState(), answered, now, 'UTC')).toEqual({ from: '2026-01-01', to: '2026-06-02' });
    expect(shownRange(initialStatsState(), undefined, now, 'UTC')).toEqual({ from: '2026-01-01', to: '2026-06-01' });
  });

  it('keeps the ends in order', () => {
    const range = { from: '2026-03-01', to: '2026-03-10' };
    expect(withFrom(range, '2026-04-01')).toEqual({ from: '2026-04-01', to: '2026-04-01' });
    expect(withTo(range, '2026-02-01')).toEqual({ from: '2026-02-01', to: '2026-02-01' });
    expect(withTo(range, 'nope')).toBe(range);
  });
});

describe('sort and query', () => {
  it('defaults to the first activation date descending and flips on a second click', () => {
    const { sort } = initialStatsState();
    expect(sort).toEqual({ column: 'dateFirstActivateTemplate', desc: true });
    expect(nextSort(sort, 'dateFirstActivateTemplate').desc).toBe(false);
    expect(nextSort(sort, 'countChild')).toEqual({ column: 'countChild', desc: true });
    expect(nextSort(sort, 'templateName')).toEqual({ column: 'templateName', desc: false });
  });

  it('builds a query the contract accepts; the default range is left to the server', () => {
    expect(loyaltyAnalyticsQuery.parse(analyticsQueryOf(initialStatsState()))).toEqual({
      sort: 'dateFirstActivateTemplate',
      order: 'desc',
    });
    const chosen = {
      range: { from: '2026-01-01', to: '2026-02-01' },
      sort: { column: 'countParent', desc: false },
    } as const;
    expect(loyaltyAnalyticsQuery.parse(analyticsQueryOf(chosen))).toEqual({
      date_from: '2026-01-01',
      date_to: '2026-02-01',
      sort: 'countParent',
      order: 'asc',
    });
  });

  it('shows ratios as percents with one decimal', () => {
    expect(ratioPercent(0.4567)).toBe(45.7);
    expect(ratioPercent(1)).toBe(100);
    expect(ratioPercent(Number.NaN)).toBe(0);
  });
});
