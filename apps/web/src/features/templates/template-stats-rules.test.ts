import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STATS_SORT,
  barPercents,
  defaultStatsRange,
  inRange,
  isIsoDate,
  nextSort,
  percent,
  rangeBounds,
  readGroupBy,
  readStatsRange,
  sortStatsRows,
  statsQuery,
} from './template-stats-rules';

// 15:30 in Moscow, whatever the zone the tests run in.
const now = new Date('2026-11-22T12:30:00Z');
const zone = 'Europe/Moscow';

describe('statistics range defaults (SPEC 9)', () => {
  it('runs from the 2020-01-01 baseline to today', () => {
    expect(defaultStatsRange(now, zone)).toEqual({ from: '2020-01-01', to: '2026-11-22', open: true });
  });

  it("ends on the branch's today, not the browser's", () => {
    // 22:30 UTC: already the 23rd in Vladivostok, still the 22nd in Moscow and London.
    const late = new Date('2026-11-22T22:30:00Z');
    expect(defaultStatsRange(late, 'Asia/Vladivostok').to).toBe('2026-11-23');
    expect(defaultStatsRange(late, 'Europe/London').to).toBe('2026-11-22');
    expect(readStatsRange(new URLSearchParams(''), late, 'Asia/Vladivostok').to).toBe('2026-11-23');
  });

  it("leaves an end nobody chose to the server, whose today may be ahead of the browser's", () => {
    // The branch's zone (or a dev clock) may already be on the next day: its sends still count.
    expect(statsQuery(defaultStatsRange(now, zone))).toEqual({ date_from: '2020-01-01' });
    expect(statsQuery(readStatsRange(new URLSearchParams('from=2026-01-05'), now, zone))).toEqual({
      date_from: '2026-01-05',
    });
    expect(inRange(new Date(2026, 10, 23, 1, 0).toISOString(), defaultStatsRange(now, zone))).toBe(true);
    expect(inRange(new Date(2019, 11, 31, 23, 0).toISOString(), defaultStatsRange(now, zone))).toBe(false);
    // A chosen end is sent and kept to.
    const chosen = readStatsRange(new URLSearchParams('to=2026-11-22'), now, zone);
    expect(statsQuery(chosen)).toEqual({ date_from: '2020-01-01', date_to: '2026-11-22' });
    expect(inRange(new Date(2026, 10, 23, 1, 0).toISOString(), chosen)).toBe(false);
  });

  it('reads the range from the address and ignores invalid dates', () => {
    expect(readStatsRange(new URLSearchParams('from=2026-01-05&to=2026-02-01'), now, zone)).toEqual({
      from: '2026-01-05',
      to: '2026-02-01',
    });
    expect(readStatsRange(new URLSearchParams('from=2026-02-30&to=nope'), now, zone)).toEqual({
      from: '2020-01-01',
      to: '2026-11-22',
      open: true,
    });
  });

  it('puts a reversed range right', () => {
    expect(readStatsRange(new URLSearchParams('from=2026-03-01&to=2026-01-01'), now, zone)).toEqual({
      from: '2026-01-01',
      to: '2026-03-01',
    });
    expect(readStatsRange(new URLSearchParams('from=2026-12-01'), now, zone)).toEqual({
      from: '2026-11-22',
      to: '2026-12-01',
    });
  });

  it('groups by week unless month is asked for', () => {
    expect(readGroupBy(new URLSearchParams(''))).toBe('week');
    expect(readGroupBy(new URLSearchParams('group_by=month'))).toBe('month');
    expect(readGroupBy(new URLSearchParams('group_by=year'))).toBe('week');
  });

  it('starts at 00:00 and ends at 23:59:59 (SPEC 5)', () => {
    const { start, end } = rangeBounds({ from: '2026-01-05', to: '2026-01-06' });
    expect([start.getHours(), start.getMinutes(), start.getSeconds()]).toEqual([0, 0, 0]);
    expect([end.getDate(), end.getHours(), end.getMinutes(), end.getSeconds()]).toEqual([6, 23, 59, 59]);
    expect(inRange(new Date(2026, 0, 6, 23, 59, 30).toISOString(), { from: '2026-01-05', to: '2026-01-06' })).toBe(
      true,
    );
    expect(inRange(new Date(2026, 0, 7, 0, 0, 1).toISOString(), { from: '2026-01-05', to: '2026-01-06' })).toBe(false);
    expect(inRange(null, { from: '2026-01-05', to: '2026-01-06' })).toBe(false);
  });

  it('knows a real date', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate(null)).toBe(false);
  });
});

describe('all-templates table', () => {
  const row = (title: string, send_count: number, recorded_rate = 0) => ({
    title,
    send_count,
    sent: 0,
    answered_count: 0,
    recorded_count: 0,
    recorded_rate,
    earned_count: 0,
    earn_one_msg: 0,
  });
  const rows = [row('Б', 5, 10), row('а', 20, 5), row('В', 5, 30)];

  it('sorts by sends, most first, ties by title', () => {
    expect(sortStatsRows(rows, DEFAULT_STATS_SORT, 'ru-RU').map((r) => r.title)).toEqual(['а', 'Б', 'В']);
  });

  it('sorts by title and by a rate', () => {
    expect(sortStatsRows(rows, { column: 'title', desc: false }, 'ru-RU').map((r) => r.title)).toEqual(['а', 'Б', 'В']);
    expect(sortStatsRows(rows, { column: 'recorded_rate', desc: true }, 'ru-RU').map((r) => r.title)).toEqual([
      'В',
      'Б',
      'а',
    ]);
  });

  it('flips the direction on the same column', () => {
    expect(nextSort(DEFAULT_STATS_SORT, 'send_count')).toEqual({ column: 'send_count', desc: false });
    expect(nextSort(DEFAULT_STATS_SORT, 'title')).toEqual({ column: 'title', desc: false });
    expect(nextSort({ column: 'title', desc: false }, 'earned_count')).toEqual({ column: 'earned_count', desc: true });
  });
});

describe('numbers', () => {
  it('scales bars to the largest value', () => {
    expect(barPercents([0, 5, 10])).toEqual([0, 50, 100]);
    expect(barPercents([0, 0])).toEqual([0, 0]);
    expect(barPercents([1, 1000])).toEqual([2, 100]);
  });

  it('rounds percentages to one decimal', () => {
    expect(percent(33.333)).toBe(33.3);
    expect(percent(Number.NaN)).toBe(0);
  });
});
