import { describe, expect, it } from 'vitest';
import { firstStep, type FirstStep } from '@salon/contract/reviews';
import { record } from '../../../test-support/templates/engine-fixtures.js';
import { requestTime } from './timing.js';

const step = (over: Partial<FirstStep>): FirstStep =>
  firstStep.parse({ title: 'T', active: true, content: [{ type: 'text', body: 'x', caption: '' }], ...over });
// A visit 14:00–15:30 Moscow time on 10 December.
const visit = record({ startsAt: new Date('2026-12-10T11:00:00Z'), lengthSec: 5400, attendance: 1 });
const at = (s: FirstStep, now: string, tz = 'Europe/Moscow') =>
  requestTime(s, visit, tz, new Date(now))?.toISOString() ?? null;

describe('review request time', () => {
  it('after_end: hours after the visit ends; late by less than a day: now; later: never', () => {
    const s = step({ after_end: 2 });
    expect(at(s, '2026-12-10T12:00:00Z')).toBe('2026-12-10T14:30:00.000Z');
    expect(at(s, '2026-12-10T20:00:00Z')).toBe('2026-12-10T20:00:00.000Z');
    expect(at(s, '2026-12-11T15:00:00Z')).toBeNull();
  });

  it('all day: at HH:MM in the branch zone, `-day` days after the visit day', () => {
    const today = step({ all_day_recs_notifications: { day: 0, time: '19:00' } });
    const yesterday = step({ all_day_recs_notifications: { day: -1, time: '11:00' } });
    const week = step({ all_day_recs_notifications: { day: -7, time: '11:00' } });
    expect(at(today, '2026-12-10T12:00:00Z')).toBe('2026-12-10T16:00:00.000Z');
    expect(at(yesterday, '2026-12-10T12:00:00Z')).toBe('2026-12-11T08:00:00.000Z');
    expect(at(week, '2026-12-10T12:00:00Z')).toBe('2026-12-17T08:00:00.000Z');
    // Vladivostok: the visit is at 21:00 local; "today at 19:00" waits for its end (22:30 local).
    expect(at(today, '2026-12-10T10:00:00Z', 'Asia/Vladivostok')).toBe('2026-12-10T12:30:00.000Z');
  });

  it('all day, marked "came" after the hour: still that day; the next day: never', () => {
    const today = step({ all_day_recs_notifications: { day: 0, time: '16:00' } });
    expect(at(today, '2026-12-10T17:00:00Z')).toBe('2026-12-10T17:00:00.000Z');
    expect(at(today, '2026-12-11T06:00:00Z')).toBeNull();
  });
});
