import { describe, expect, it } from 'vitest';
import type { CalendarSendout } from '@salon/contract/mailing-plan';
import { busyDays, dayBlock, monthBounds, monthGrid, newSendoutDays, shiftMonth } from './calendar-rules';

const sendout = (overrides: Partial<CalendarSendout>): CalendarSendout => ({
  start_date: '2026-03-10T05:00:00.000Z',
  end_date: '2026-03-12T09:00:00.000Z',
  duration: 0,
  is_new: false,
  sendout_id: 'so_a',
  is_active_sendout: true,
  day_sendout_limit: 100,
  total_count: 250,
  remainder: 50,
  ...overrides,
});

describe('monthGrid', () => {
  it('lays a month out in Monday-first weeks', () => {
    const weeks = monthGrid('2026-03');
    // 1 March 2026 is a Sunday.
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2026-03-01']);
    expect(weeks.at(-1)).toEqual(['2026-03-30', '2026-03-31', null, null, null, null, null]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
  });

  it('moves between months across years', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
  });
});

describe('busyDays', () => {
  it('marks each day of a send-out with its daily limit and the remainder on the last', () => {
    const days = busyDays([sendout({})], 'UTC');
    expect([...days.entries()]).toEqual([
      ['2026-03-10', { count: 100, sendouts: 1 }],
      ['2026-03-11', { count: 100, sendouts: 1 }],
      ['2026-03-12', { count: 50, sendouts: 1 }],
    ]);
  });

  it('sums send-outs sharing a day, in the branch days, and skips the new one', () => {
    const days = busyDays(
      [
        sendout({
          start_date: '2026-03-10T20:00:00Z',
          end_date: '2026-03-10T21:00:00Z',
          total_count: 30,
          remainder: 30,
        }),
        sendout({
          sendout_id: 'so_b',
          start_date: '2026-03-11T06:00:00Z',
          end_date: '2026-03-11T07:00:00Z',
          total_count: 20,
          remainder: 20,
        }),
        sendout({ sendout_id: 'so_new', is_new: true }),
      ],
      'Asia/Yekaterinburg',
    );
    // 20:00Z is 01:00 on the 11th in UTC+5.
    expect([...days.entries()]).toEqual([['2026-03-11', { count: 50, sendouts: 2 }]]);
  });

  it('does not spill onto the next day when a send-out ends at midnight', () => {
    const days = busyDays(
      [sendout({ start_date: '2026-03-10T22:00:00Z', end_date: '2026-03-11T00:00:00Z', total_count: 5, remainder: 5 })],
      'UTC',
    );
    expect([...days.keys()]).toEqual(['2026-03-10']);
  });
});

describe('day picking', () => {
  const ctx = { today: '2026-03-10', lastDay: '2026-05-09', notAllowed: new Set(['2026-03-12']) };

  it('blocks past days, not-allowed days and days beyond the horizon', () => {
    expect(dayBlock('2026-03-09', ctx)).toBe('past');
    expect(dayBlock('2026-03-12', ctx)).toBe('notAllowed');
    expect(dayBlock('2026-05-10', ctx)).toBe('tooFar');
    expect(dayBlock('2026-03-10', ctx)).toBeNull();
    expect(monthBounds(ctx)).toEqual({ first: '2026-03', last: '2026-05' });
  });

  it('marks the days the new send-out would take', () => {
    expect([...newSendoutDays('2026-03-31', 2)]).toEqual(['2026-03-31', '2026-04-01']);
    expect([...newSendoutDays('2026-03-31', 0)]).toEqual(['2026-03-31']);
    expect(newSendoutDays(null, 3).size).toBe(0);
  });
});
