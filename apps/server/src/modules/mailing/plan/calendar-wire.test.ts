import { describe, expect, it } from 'vitest';
import { calendarDetailResponse, calendarSendout } from '@salon/contract/mailing-plan';
import { describeInServerZones } from '../../../test-support/server-zones.js';
import { calendarItem, dayDetail, inCalendar } from './calendar-wire.js';
import { planSendout } from './daily-plan.js';

const at = (iso: string) => new Date(iso);

describeInServerZones('calendar wire', () => {
  // Vladivostok, 250 recipients, 100 a day, 10 s apart, from 10:00 local on 10 March.
  const plan = planSendout({
    count: 250,
    batchLen: 100,
    betweenTime: 10,
    start: at('2026-03-10T00:00:00Z'),
    timeZone: 'Asia/Vladivostok',
  });

  it('maps a planned send-out to a sendout_list item', () => {
    const item = calendarItem({
      sendoutId: 's1',
      count: 250,
      batchLen: 100,
      days: plan.days,
      isNew: false,
      isActive: true,
    });
    expect(item).toEqual({
      start_date: '2026-03-10T00:00:00.000Z',
      end_date: '2026-03-11T14:08:20.000Z',
      duration: plan.durationSeconds,
      is_new: false,
      sendout_id: 's1',
      is_active_sendout: true,
      day_sendout_limit: 100,
      total_count: 250,
      remainder: 50,
    });
    expect(calendarSendout.parse(item)).toEqual(item);
  });

  it.each([
    [250, 100, 50],
    [200, 100, 0],
    [99, 100, 99],
  ])('%i recipients at %i a day leave a remainder of %i', (count, batchLen, remainder) => {
    const days = planSendout({
      count,
      batchLen,
      betweenTime: 10,
      start: at('2026-03-10T00:00:00Z'),
      timeZone: 'UTC',
    }).days;
    expect(calendarItem({ sendoutId: 'x', count, batchLen, days, isNew: true, isActive: false })?.remainder).toBe(
      remainder,
    );
  });

  it('has no item for a send-out with nothing planned', () => {
    expect(calendarItem({ sendoutId: 'x', count: 0, batchLen: 1, days: [], isNew: true, isActive: false })).toBeNull();
  });

  it.each([
    ['2026-03-18T14:08:20Z', true],
    ['2026-03-18T14:08:20.001Z', false],
    ['2026-03-05T00:00:00Z', true],
  ])('keeps a send-out in the calendar for 7 days after its end (now %s: %s)', (now, kept) => {
    expect(inCalendar(plan.days, at(now))).toBe(kept);
  });

  it('lists the send-outs of a sending day, earliest first', () => {
    const late = planSendout({
      count: 5,
      batchLen: 5,
      betweenTime: 60,
      start: at('2026-03-10T20:00:00Z'),
      timeZone: 'Asia/Vladivostok',
    });
    const rows = dayDetail('2026-03-11', [
      { sendoutId: 'late', msg: 'Hi', visitsMedian: 3, lastVisitTimeMedian: 40, days: late.days },
      { sendoutId: 's1', msg: 'Hello', visitsMedian: null, lastVisitTimeMedian: null, days: plan.days },
    ]);
    expect(rows).toEqual([
      {
        sendout_id: 's1',
        msg: 'Hello',
        time_start: '2026-03-10T14:00:00.000Z',
        batch_len: 100,
        visits_median: null,
        last_visit_time_median: null,
      },
      {
        sendout_id: 'late',
        msg: 'Hi',
        time_start: '2026-03-10T20:00:00.000Z',
        batch_len: 5,
        visits_median: 3,
        last_visit_time_median: 40,
      },
    ]);
    expect(calendarDetailResponse.parse(rows)).toEqual(rows);
    expect(
      dayDetail('2026-03-20', [
        { sendoutId: 's1', msg: '', visitsMedian: null, lastVisitTimeMedian: null, days: plan.days },
      ]),
    ).toEqual([]);
  });
});

describe('calendar wire without a clock', () => {
  it('needs no server zone to format instants', () => {
    const days = [{ day: '2026-03-10', from: at('2026-03-10T00:00:00Z'), to: at('2026-03-10T00:00:01Z'), count: 1 }];
    expect(calendarItem({ sendoutId: 'a', count: 1, batchLen: 1, days, isNew: false, isActive: false })?.duration).toBe(
      1,
    );
  });
});
