import { describe, expect, it } from 'vitest';
import {
  MOBILE_PAGE_SIZE,
  mobileSlice,
  mobileWindow,
  nextSort,
  nextStatsSearch,
  pageWithin,
  readStatsView,
  statsFilterQuery,
  statsWireQuery,
} from './stats-query-rules';

const now = new Date(2026, 10, 22, 15, 30);
const read = (search: string) => readStatsView(new URLSearchParams(search), now);

describe('reading the table state from the address (SPEC 2, SPEC 5)', () => {
  it('has the SPEC 9 defaults when the address says nothing', () => {
    expect(read('accId=7')).toEqual({
      date_start: '2026-01-01',
      date_end: '2026-11-22',
      text: '',
      page_size: 8,
      order_desc: true,
      page: 1,
      sort: 'date',
      chosenStart: false,
      chosenEnd: false,
    });
  });

  it('restores every value of a shared link', () => {
    expect(
      read('text=spring&date_start=2026-03-01&date_end=2026-03-31&sort=answers&page_size=20&order_desc=false&page=3'),
    ).toEqual({
      date_start: '2026-03-01',
      date_end: '2026-03-31',
      text: 'spring',
      page_size: 20,
      order_desc: false,
      page: 3,
      sort: 'answers',
      chosenStart: true,
      chosenEnd: true,
    });
  });

  it('falls back to 1 for a bad page', () => {
    for (const page of ['0', '-2', 'abc', '1.5', '']) expect(read(`page=${page}`).page).toBe(1);
  });

  it('falls back to 8 rows for a size outside 5, 8, 20', () => {
    for (const size of ['3', '10', '100', 'x']) expect(read(`page_size=${size}`).page_size).toBe(8);
    expect(read('page_size=5').page_size).toBe(5);
  });

  it('falls back to the date column for an unknown sort', () => {
    expect(read('sort=password').sort).toBe('date');
    expect(read('sort=summ').sort).toBe('summ');
  });

  it('ignores invalid dates and keeps the default for them', () => {
    const view = read('date_start=2026-02-30&date_end=yesterday');
    expect([view.date_start, view.date_end, view.chosenStart, view.chosenEnd]).toEqual([
      '2026-01-01',
      '2026-11-22',
      false,
      false,
    ]);
    expect(read('date_start=2026-05-01').chosenStart).toBe(true);
  });

  it('puts a reversed range in order', () => {
    const view = read('date_start=2026-06-01&date_end=2026-05-01');
    expect([view.date_start, view.date_end]).toEqual(['2026-05-01', '2026-06-01']);
  });
});

describe('page within the total (SPEC 5)', () => {
  it('keeps the page while the count is unknown', () => {
    expect(pageWithin(9, undefined, 8)).toBe(9);
  });

  it('clamps to the last page once the count is known', () => {
    expect(pageWithin(9, 17, 8)).toBe(3);
    expect(pageWithin(3, 17, 8)).toBe(3);
    expect(pageWithin(2, 0, 8)).toBe(1);
    expect(pageWithin(4, 10, MOBILE_PAGE_SIZE)).toBe(4);
    expect(pageWithin(5, 10, MOBILE_PAGE_SIZE)).toBe(4);
  });

  it('turns a bad page into 1', () => {
    expect(pageWithin(0, 50, 8)).toBe(1);
    expect(pageWithin(Number.NaN, 50, 8)).toBe(1);
  });
});

describe('writing the state back', () => {
  const current = new URLSearchParams('accId=7&page=4&sort=answers&order_desc=false');
  const view = readStatsView(current, now);

  it('keeps other parameters and leaves defaults out', () => {
    const next = nextStatsSearch(current, view, { page: 5 });
    expect(next.get('accId')).toBe('7');
    expect(next.get('page')).toBe('5');
    expect(next.get('sort')).toBe('answers');
    expect(next.get('order_desc')).toBe('false');
    expect(next.has('page_size')).toBe(false);
    expect(next.has('text')).toBe(false);
  });

  it('goes back to page 1 when what is shown changes', () => {
    expect(nextStatsSearch(current, view, { text: 'sale' }).has('page')).toBe(false);
    expect(nextStatsSearch(current, view, { page_size: 20 }).get('page_size')).toBe('20');
    expect(nextStatsSearch(current, view, { page_size: 20 }).has('page')).toBe(false);
    const sorted = nextStatsSearch(current, view, { sort: 'date', order_desc: true });
    expect([sorted.has('sort'), sorted.has('order_desc'), sorted.has('page')]).toEqual([false, false, false]);
  });

  it('sets and clears the range', () => {
    const ranged = nextStatsSearch(current, view, { range: { date_start: '2026-10-01', date_end: '2026-10-31' } });
    expect([ranged.get('date_start'), ranged.get('date_end')]).toEqual(['2026-10-01', '2026-10-31']);
    const back = nextStatsSearch(ranged, readStatsView(ranged, now), { range: null });
    expect([back.has('date_start'), back.has('date_end')]).toEqual([false, false]);
  });

  it('round-trips through the address', () => {
    const next = nextStatsSearch(current, view, {
      text: '  promo ',
      range: { date_start: '2026-02-01', date_end: '2026-02-28' },
    });
    const again = readStatsView(next, now);
    expect(again).toMatchObject({
      text: 'promo',
      date_start: '2026-02-01',
      date_end: '2026-02-28',
      sort: 'answers',
      order_desc: false,
      page: 1,
    });
  });
});

describe('the calls’ query', () => {
  it('sends the chosen days only and the page actually shown', () => {
    expect(statsWireQuery(read('sort=summ'), 2, 8)).toEqual({
      sort: 'summ',
      order_desc: 'true',
      page: '2',
      page_size: '8',
    });
    expect(statsWireQuery(read('date_start=2026-03-01&text=hi'), 1, 20)).toEqual({
      date_start: '2026-03-01',
      text: 'hi',
      sort: 'date',
      order_desc: 'true',
      page: '1',
      page_size: '20',
    });
  });

  it('gives the count and the export the filters without paging', () => {
    expect(statsFilterQuery(read('date_end=2026-04-01&page=3&page_size=20'))).toEqual({
      date_end: '2026-04-01',
      sort: 'date',
      order_desc: 'true',
    });
  });
});

describe('sorting', () => {
  it('flips the direction of the same column and starts a new one descending', () => {
    expect(nextSort({ sort: 'date', order_desc: true }, 'date')).toEqual({ sort: 'date', order_desc: false });
    expect(nextSort({ sort: 'date', order_desc: true }, 'answers')).toEqual({ sort: 'answers', order_desc: true });
    expect(nextSort({ sort: 'date', order_desc: true }, 'text')).toEqual({ sort: 'text', order_desc: false });
  });
});

describe('mobile pages of three cards', () => {
  it('reads one server page when the cards are inside it', () => {
    expect(mobileWindow(1)).toEqual({ pages: [1], pageSize: 20, offset: 0 });
    expect(mobileWindow(2)).toEqual({ pages: [1], pageSize: 20, offset: 3 });
  });

  it('reads two when the cards straddle a page boundary', () => {
    // Cards 19, 20 and 21 (0-based 18..20).
    expect(mobileWindow(7)).toEqual({ pages: [1, 2], pageSize: 20, offset: 18 });
    expect(mobileWindow(8)).toEqual({ pages: [2], pageSize: 20, offset: 1 });
  });

  it('cuts the three cards out of the pages read', () => {
    const page1 = Array.from({ length: 20 }, (_, i) => i);
    const page2 = Array.from({ length: 5 }, (_, i) => 20 + i);
    expect(mobileSlice(mobileWindow(7), [page1, page2])).toEqual([18, 19, 20]);
    expect(mobileSlice(mobileWindow(9), [page2])).toEqual([24]);
  });
});
