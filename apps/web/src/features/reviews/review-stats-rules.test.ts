import { describe, expect, it } from 'vitest';
import { reviewStatsExcelQuery, reviewStatsQuery } from '@salon/contract/reviews';
import {
  defaultStatsRange,
  excelQueryOf,
  initialStatsState,
  nextSort,
  pageSizeOf,
  shownRange,
  statsQueryOf,
  totalPages,
  withFrom,
  withTo,
} from './review-stats-rules';

describe('default range (SPEC 9)', () => {
  it('runs from January 1 of the current year to today in the branch zone', () => {
    const now = new Date('2026-11-26T10:00:00Z');
    expect(defaultStatsRange(now, 'Europe/Moscow')).toEqual({ from: '2026-01-01', to: '2026-11-26' });
  });

  it('takes the branch calendar: late on Dec 31 in UTC is already the new year in Vladivostok', () => {
    const now = new Date('2026-12-31T20:00:00Z');
    expect(defaultStatsRange(now, 'Asia/Vladivostok')).toEqual({ from: '2027-01-01', to: '2027-01-01' });
    expect(defaultStatsRange(now, 'America/New_York')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('shows the chosen range, else the server answer, else the browser guess', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    const chosen = { from: '2026-02-01', to: '2026-03-01' };
    const answered = { date_start: '2026-01-01', date_end: '2026-06-02' };
    expect(shownRange({ ...initialStatsState(), range: chosen }, answered, now, 'UTC')).toEqual(chosen);
    expect(shownRange(initialStatsState(), answered, now, 'UTC')).toEqual({ from: '2026-01-01', to: '2026-06-02' });
    expect(shownRange(initialStatsState(), undefined, now, 'UTC')).toEqual({ from: '2026-01-01', to: '2026-06-01' });
  });

  it('keeps the range in order when one end passes the other', () => {
    const range = { from: '2026-03-01', to: '2026-03-10' };
    expect(withFrom(range, '2026-04-01')).toEqual({ from: '2026-04-01', to: '2026-04-01' });
    expect(withTo(range, '2026-02-01')).toEqual({ from: '2026-02-01', to: '2026-02-01' });
    expect(withFrom(range, 'bad')).toBe(range);
  });
});

describe('sort and paging', () => {
  it('defaults to total sends descending and flips on a second click', () => {
    const state = initialStatsState();
    expect(state.sort).toEqual({ column: 'total_sends', desc: true });
    expect(state.pageSize).toBe(8);
    expect(nextSort(state.sort, 'total_sends')).toEqual({ column: 'total_sends', desc: false });
    expect(nextSort(state.sort, 'negative_results')).toEqual({ column: 'negative_results', desc: true });
    expect(nextSort(state.sort, 'title')).toEqual({ column: 'title', desc: false });
  });

  it('takes only the allowed page sizes and counts pages', () => {
    expect(pageSizeOf(20)).toBe(20);
    expect(pageSizeOf(7)).toBe(8);
    expect(totalPages(0, 8)).toBe(1);
    expect(totalPages(17, 8)).toBe(3);
  });

  it('builds queries the contract accepts; the default range is left to the server', () => {
    const state = { ...initialStatsState(), page: 2, pageSize: 5 };
    expect(reviewStatsQuery.parse(statsQueryOf(state))).toEqual({
      sort: 'total_sends',
      sort_desc: true,
      page_size: 5,
      page: 2,
    });
    const chosen = { ...state, range: { from: '2026-01-01', to: '2026-05-05' } };
    expect(reviewStatsQuery.parse(statsQueryOf(chosen))).toMatchObject({
      date_start: '2026-01-01',
      date_end: '2026-05-05',
    });
    expect(reviewStatsExcelQuery.parse(excelQueryOf(state, true)).send_tg).toBe(true);
    expect(excelQueryOf(state, false).send_tg).toBeUndefined();
  });
});
