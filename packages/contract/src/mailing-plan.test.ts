import { describe, expect, it } from 'vitest';
import {
  allowedToRunQuery,
  allowedToRunResponse,
  calendarDetailQuery,
  calendarQuery,
  calendarResponse,
  PLAN_STATUS,
} from './mailing-plan.js';

describe('calendar wire (SPEC 7 /calendar, /calendar_detail)', () => {
  it('reads the calendar query from strings', () => {
    expect(calendarQuery.parse({ quote_for_day: '1000', between_time: '10' })).toEqual({
      quote_for_day: 1000,
      between_time: 10,
    });
    expect(calendarQuery.parse({ quote_for_day: '1000', between_time: '0', batch_len: '300', count: '5000' })).toEqual({
      quote_for_day: 1000,
      between_time: 0,
      batch_len: 300,
      count: 5000,
    });
  });

  it.each([
    ['a zero quota', { quote_for_day: '0', between_time: '10' }],
    ['too long between messages', { quote_for_day: '10', between_time: '601' }],
    ['a negative time between messages', { quote_for_day: '10', between_time: '-1' }],
    ['a fractional time between messages', { quote_for_day: '10', between_time: '1.5' }],
    ['no quota', { between_time: '10' }],
  ])('refuses %s', (_name, q) => {
    expect(calendarQuery.safeParse(q).success).toBe(false);
  });

  it('takes a real branch-local day for the detail', () => {
    expect(calendarDetailQuery.parse({ date: '2026-03-10', between_time: '10' })).toEqual({
      date: '2026-03-10',
      between_time: 10,
    });
    expect(calendarDetailQuery.safeParse({ date: '2026-02-30', between_time: '10' }).success).toBe(false);
  });

  it('accepts the calendar answer with wire names', () => {
    const answer = {
      not_allowed: ['2026-03-12'],
      sendout_list: [
        {
          start_date: '2026-03-10T00:00:00.000Z',
          end_date: '2026-03-11T14:08:20.000Z',
          duration: 137_300,
          is_new: false,
          sendout_id: 's1',
          is_active_sendout: true,
          day_sendout_limit: 100,
          total_count: 250,
          remainder: 50,
        },
      ],
    };
    expect(calendarResponse.parse(answer)).toEqual(answer);
    expect(calendarResponse.safeParse({ ...answer, not_allowed: ['12.03.2026'] }).success).toBe(false);
  });
});

describe('allowed_to_run wire (SPEC 7)', () => {
  const query = {
    date: '2026-03-10T13:05:00+10:00',
    instance_id: 'wa-1',
    batch_len: '100',
    count: '250',
    time_to_msk: '7',
    between_time: '10',
  };

  it('reads the query; delay defaults to an immediate launch', () => {
    expect(allowedToRunQuery.parse(query)).toEqual({
      date: '2026-03-10T13:05:00+10:00',
      instance_id: 'wa-1',
      batch_len: 100,
      count: 250,
      time_to_msk: 7,
      between_time: 10,
      delay: false,
    });
  });

  it.each([
    ['1', true],
    ['true', true],
    ['', true],
    ['0', false],
    ['false', false],
  ])('reads delay=%j as %s', (delay, expected) => {
    expect(allowedToRunQuery.parse({ ...query, delay }).delay).toBe(expected);
  });

  it.each([
    ['a date without an offset', { date: '2026-03-10T13:05:00' }],
    ['a date only', { date: '2026-03-10' }],
    ['a year-0 date', { date: '0000-01-01T00:00:00Z' }],
    ['a date past 2100', { date: '2101-01-01T00:00:00+03:00' }],
    ['no recipients', { count: '0' }],
    ['a zero daily limit', { batch_len: '0' }],
    ['an offset beyond the time zone list', { time_to_msk: '12' }],
    ['an offset off the quarter hours', { time_to_msk: '2.1' }],
    ['too long between messages', { between_time: '601' }],
    ['an unknown delay word', { delay: 'yes' }],
  ])('refuses %s', (_name, patch) => {
    expect(allowedToRunQuery.safeParse({ ...query, ...patch }).success).toBe(false);
  });

  it.each(['-1', '2.5', '2.75', '-15', '11'])('accepts time_to_msk %s', (h) => {
    expect(allowedToRunQuery.safeParse({ ...query, time_to_msk: h }).success).toBe(true);
  });

  it('accepts the answer', () => {
    const answer = { allowed: false, duration: 600, ok: true, status: PLAN_STATUS.crosses };
    expect(allowedToRunResponse.parse(answer)).toEqual(answer);
  });
});
