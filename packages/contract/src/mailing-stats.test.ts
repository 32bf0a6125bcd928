import { describe, expect, it } from 'vitest';
import {
  acceptStatsPage,
  ALL_SEGMENT_FILTER,
  ALL_STATUS_FILTER,
  defaultStatsRange,
  detailRowsFromColumns,
  detailStatusOf,
  mailingStatsDetailExcelBody,
  mailingStatsDetailQuery,
  matchesDetailFilters,
  matchesReaction,
  NO_SEGMENT_FILTER,
  normalizeStatsQuery,
  splitStatsDateTime,
  statsDay,
  statsPercent,
  statsQueryFromSearch,
  statsQueryInput,
  statsQueryToSearch,
  statsRatio,
  statsRowFromWire,
  statsTotalPages,
  type MailingStatsRowWire,
} from './mailing-stats.js';

const TODAY = '2026-03-10';

describe('mailing stats query (SPEC 5, SPEC 9)', () => {
  it('defaults to page 1 of 8 rows, date descending, from the start of the year to today', () => {
    expect(normalizeStatsQuery({}, TODAY)).toEqual({
      date_start: '2026-01-01',
      date_end: '2026-03-10',
      text: '',
      page_size: 8,
      order_desc: true,
      page: 1,
      sort: 'date',
    });
    expect(defaultStatsRange('2025-12-31')).toEqual({ date_start: '2025-01-01', date_end: '2025-12-31' });
  });

  it('keeps allowed values and reads them from strings', () => {
    expect(
      normalizeStatsQuery(
        {
          date_start: '2026-02-01',
          date_end: '2026-02-28T10:00:00.000Z',
          text: '  скидка ',
          page_size: '20',
          order_desc: 'false',
          page: '3',
          sort: 'conversion_sign_up',
        },
        TODAY,
      ),
    ).toEqual({
      date_start: '2026-02-01',
      date_end: '2026-02-28',
      text: 'скидка',
      page_size: 20,
      order_desc: false,
      page: 3,
      sort: 'conversion_sign_up',
    });
  });

  it('replaces a page size, sort, direction or page outside the allowed lists by the defaults', () => {
    const q = normalizeStatsQuery({ page_size: '10', sort: 'acc_id', order_desc: 'maybe', page: '0' }, TODAY);
    expect([q.page_size, q.sort, q.order_desc, q.page]).toEqual([8, 'date', true, 1]);
    expect(normalizeStatsQuery({ page: '-2' }, TODAY).page).toBe(1);
    expect(normalizeStatsQuery({ page: '1.5' }, TODAY).page).toBe(1);
    expect(normalizeStatsQuery({ page_size: 5 }, TODAY).page_size).toBe(5);
    expect(normalizeStatsQuery({ page_size: ['5', '20'] }, TODAY).page_size).toBe(8);
  });

  it('ignores invalid dates (each falls back on its own) and puts a reversed range in order', () => {
    expect(statsDay('2026-02-30')).toBeNull();
    expect(statsDay('10.03.2026')).toBeNull();
    expect(statsDay('2026-3-1')).toBeNull();
    expect(statsDay(20260301)).toBeNull();
    expect(statsDay('2026-03-01T23:30:00+03:00')).toBe('2026-03-01');
    const q = normalizeStatsQuery({ date_start: 'yesterday', date_end: '2026-02-15' }, TODAY);
    expect([q.date_start, q.date_end]).toEqual(['2026-01-01', '2026-02-15']);
    const reversed = normalizeStatsQuery({ date_start: '2026-03-05', date_end: '2026-03-01' }, TODAY);
    expect([reversed.date_start, reversed.date_end]).toEqual(['2026-03-01', '2026-03-05']);
  });

  it('round-trips through the address', () => {
    const q = normalizeStatsQuery({ text: 'a&b', page_size: '5', page: '2', sort: 'summ', order_desc: 'false' }, TODAY);
    const search = new URLSearchParams(statsQueryToSearch(q));
    expect(statsQueryFromSearch(search, TODAY)).toEqual(q);
    expect(statsQueryFromSearch(new URLSearchParams('sort=nope&page_size=7'), TODAY)).toEqual(
      normalizeStatsQuery({}, TODAY),
    );
  });

  it('accepts a page only within the total pages', () => {
    expect(statsTotalPages(0, 8)).toBe(1);
    expect(statsTotalPages(16, 8)).toBe(2);
    expect(statsTotalPages(17, 8)).toBe(3);
    expect(acceptStatsPage(3, 17, 8)).toBe(3);
    expect(acceptStatsPage(4, 17, 8)).toBe(1);
    expect(acceptStatsPage(0, 17, 8)).toBe(1);
    expect(acceptStatsPage(1, 0, 8)).toBe(1);
  });

  it('lets any raw value through the query schema (the rules decide)', () => {
    expect(statsQueryInput.safeParse({ page: ['1', '2'], sort: 'x', acc_id: '1' }).success).toBe(true);
  });
});

describe('conversions (SPEC 3)', () => {
  it('rounds to 2 decimals and is 0 without recipients', () => {
    expect(statsPercent(1, 3)).toBe(33.33);
    expect(statsPercent(2, 3)).toBe(66.67);
    expect(statsPercent(5, 0)).toBe(0);
    expect(statsRatio(1000, 3)).toBe(333.33);
  });

  it('maps a wire row to the client names, splitting local date and time', () => {
    const wire: MailingStatsRowWire = {
      sendout_id: 's1',
      text: 'Привет',
      date: '2026-03-05T14:30:00+05:00',
      summ: 3000,
      visits: 4,
      last_visit_days: 45.5,
      recipients: 10,
      read: 7,
      answers: 3,
      sign_up: 2,
      summ_one_msg: 300,
      percent_read: 70,
      conversion_answers: 30,
      conversion_sign_up: 20,
      date_finish_sendout: null,
      sendout_stop_flag: true,
      status: 'paused',
      stall: null,
    };
    expect(statsRowFromWire(wire)).toEqual({
      id: 's1',
      text: 'Привет',
      date: '2026-03-05',
      time: '14:30',
      visits: 4,
      answers: 3,
      sum: 3000,
      recipients: 10,
      signUp: 2,
      sumOneMsg: 300,
      lastVisitDays: 45.5,
      conversionSignUp: 20,
      conversionAnswers: 30,
      dateFinishSendout: '',
      timeFinishSendout: '',
      sendoutStopFlag: true,
      read: 7,
      conversionRead: 70,
    });
    expect(splitStatsDateTime('2026-12-31T23:59:59-03:00')).toEqual({ date: '2026-12-31', time: '23:59' });
  });
});

describe('detail status and filters (SPEC 4)', () => {
  const r = (read: boolean, answered: boolean, recorded: boolean, phone = '79990001122') => ({
    read,
    answered,
    recorded,
    phone,
  });

  it('takes the highest status reached: recorded > answered > read > sent', () => {
    expect(detailStatusOf(r(false, false, false))).toBe('sent');
    expect(detailStatusOf(r(true, false, false))).toBe('read');
    expect(detailStatusOf(r(false, true, false))).toBe('answered');
    expect(detailStatusOf(r(true, true, true))).toBe('recorded');
    expect(detailStatusOf(r(false, false, true))).toBe('recorded');
  });

  it('filters by reaction: not replied is no answer; answered and recorded overlap', () => {
    const both = r(true, true, true);
    const bookedSilently = r(false, false, true);
    const silent = r(true, false, false);
    expect([both, bookedSilently, silent].map((x) => matchesReaction(x, 'all'))).toEqual([true, true, true]);
    expect([both, bookedSilently, silent].map((x) => matchesReaction(x, 'not_replied'))).toEqual([false, true, true]);
    expect([both, bookedSilently, silent].map((x) => matchesReaction(x, 'answered'))).toEqual([true, false, false]);
    expect([both, bookedSilently, silent].map((x) => matchesReaction(x, 'recorded'))).toEqual([true, true, false]);
  });

  it('keeps a row when its status is ticked, it is in a ticked segment and the number matches', () => {
    const all = { status_filter: ALL_STATUS_FILTER, segment_filter: ALL_SEGMENT_FILTER };
    expect(matchesDetailFilters(r(true, false, false), all)).toBe(true);
    expect(matchesDetailFilters(r(true, false, false), { ...all, segment_filter: NO_SEGMENT_FILTER })).toBe(false);
    expect(
      matchesDetailFilters(r(true, false, false), { ...all, status_filter: { ...ALL_STATUS_FILTER, read: false } }),
    ).toBe(false);
    expect(
      matchesDetailFilters(r(false, true, false), {
        ...all,
        segment_filter: { answered: false, recorded: true, not_replied: true },
      }),
    ).toBe(false);
    expect(matchesDetailFilters(r(false, false, false), { ...all, client_phone: '+7 (999) 000' })).toBe(true);
    expect(matchesDetailFilters(r(false, false, false), { ...all, client_phone: '8888' })).toBe(false);
  });

  it('reads the detail calls with every filter on by default', () => {
    expect(mailingStatsDetailExcelBody.parse({ sendout_id: 's1' })).toEqual({
      sendout_id: 's1',
      status_filter: ALL_STATUS_FILTER,
      segment_filter: ALL_SEGMENT_FILTER,
    });
    expect(mailingStatsDetailExcelBody.safeParse({}).success).toBe(false);
    expect(mailingStatsDetailQuery.parse({ sendout_id: 's1', excel: '1' })).toEqual({
      sendout_id: 's1',
      excel: true,
      reaction: 'all',
    });
    expect(mailingStatsDetailQuery.safeParse({ sendout_id: 's1', reaction: 'read' }).success).toBe(false);
  });

  it('turns the parallel columns into rows', () => {
    expect(
      detailRowsFromColumns({
        phone: ['7999', '7998'],
        name: ['Анна', ''],
        recordTime: [null, '2026-03-05T14:30:00+03:00'],
        replyTime: [null, null],
        service: [null, 'Стрижка'],
        summaryCost: [null, 1500],
        status: ['sent', 'recorded'],
      }),
    ).toEqual([
      {
        phone: '7999',
        name: 'Анна',
        recordTime: null,
        replyTime: null,
        service: null,
        summaryCost: null,
        status: 'sent',
      },
      {
        phone: '7998',
        name: '',
        recordTime: '2026-03-05T14:30:00+03:00',
        replyTime: null,
        service: 'Стрижка',
        summaryCost: 1500,
        status: 'recorded',
      },
    ]);
  });
});
