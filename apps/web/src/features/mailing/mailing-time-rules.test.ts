import { describe, expect, it } from 'vitest';
import {
  daysBetween,
  defaultStartMs,
  durationParts,
  fromWallTime,
  launchDefaults,
  pickerBounds,
  safeTimeZone,
  shiftDay,
  snapTime,
  startProblem,
  toWallTime,
  zonedDay,
} from './mailing-time-rules';

const NOW = Date.parse('2026-03-10T06:02:30.000Z');

describe('branch wall time', () => {
  it('shows an instant on the branch clocks, whatever the browser zone', () => {
    expect(toWallTime(NOW, 'Asia/Yekaterinburg')).toEqual({ date: '2026-03-10', time: '11:02' });
    expect(toWallTime(NOW, 'America/New_York')).toEqual({ date: '2026-03-10', time: '02:02' });
    expect(zonedDay(Date.parse('2026-03-10T22:30:00Z'), 'Europe/Moscow')).toBe('2026-03-11');
  });

  it('turns branch wall time back into the instant', () => {
    expect(fromWallTime({ date: '2026-03-10', time: '11:05' }, 'Asia/Yekaterinburg')).toBe(
      Date.parse('2026-03-10T06:05:00Z'),
    );
    expect(fromWallTime({ date: '2026-03-10', time: '11:05' }, 'Asia/Kolkata')).toBe(
      Date.parse('2026-03-10T05:35:00Z'),
    );
    // Across a daylight-saving change (New York moved to UTC-4 on 2026-03-08).
    expect(fromWallTime({ date: '2026-03-09', time: '09:00' }, 'America/New_York')).toBe(
      Date.parse('2026-03-09T13:00:00Z'),
    );
    expect(fromWallTime({ date: '2026-03-07', time: '09:00' }, 'America/New_York')).toBe(
      Date.parse('2026-03-07T14:00:00Z'),
    );
  });

  it('refuses dates and times that are not ones', () => {
    expect(fromWallTime({ date: '2026-02-30', time: '10:00' }, 'UTC')).toBeNull();
    expect(fromWallTime({ date: '2026-03-10', time: '24:00' }, 'UTC')).toBeNull();
    expect(fromWallTime({ date: '', time: '10:00' }, 'UTC')).toBeNull();
  });

  it('falls back to UTC for a zone the browser does not know', () => {
    expect(safeTimeZone('Mars/Olympus')).toBe('UTC');
    expect(safeTimeZone(null)).toBe('UTC');
    expect(safeTimeZone('Europe/Moscow')).toBe('Europe/Moscow');
  });

  it('counts and shifts calendar days', () => {
    expect(shiftDay('2026-02-28', 1)).toBe('2026-03-01');
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-02-27', '2026-03-02')).toBe(3);
    expect(daysBetween('2026-03-02', '2026-02-27')).toBe(-3);
  });
});

describe('start-time defaults (SPEC 9)', () => {
  it('starts about an hour ahead on a 5-minute step by default', () => {
    expect(new Date(defaultStartMs(NOW)).toISOString()).toBe('2026-03-10T07:05:00.000Z');
    expect(new Date(defaultStartMs(Date.parse('2026-03-10T06:00:00Z'))).toISOString()).toBe('2026-03-10T07:00:00.000Z');
  });

  it('takes the allowed start of the parse answer, rounded up to the step', () => {
    const defaults = launchDefaults(
      { allowed_start: '2026-03-12T04:31:10.000Z', immediate_start: true },
      NOW,
      'Asia/Yekaterinburg',
    );
    expect(defaults).toEqual({ mode: 'immediate', start: { date: '2026-03-12', time: '09:35' } });
  });

  it('uses the hour ahead when there is no allowed start or it has passed', () => {
    const none = launchDefaults({ allowed_start: null, immediate_start: true }, NOW, 'UTC');
    expect(none.start).toEqual({ date: '2026-03-10', time: '07:05' });
    const past = launchDefaults({ allowed_start: '2026-03-09T10:00:00Z', immediate_start: true }, NOW, 'UTC');
    expect(past.start).toEqual({ date: '2026-03-10', time: '07:05' });
  });

  it('schedules by default when an immediate start would be refused', () => {
    expect(launchDefaults({ allowed_start: '2026-03-11T08:00:00Z', immediate_start: false }, NOW, 'UTC').mode).toBe(
      'scheduled',
    );
  });

  it('snaps typed times to 5 minutes and leaves junk for the field to flag', () => {
    expect(snapTime('10:07')).toBe('10:05');
    expect(snapTime('10:08')).toBe('10:10');
    expect(snapTime('23:58')).toBe('23:55');
    expect(snapTime('1')).toBe('1');
  });
});

describe('start problems', () => {
  it('accepts a start from now to 60 days ahead', () => {
    expect(startProblem({ date: '2026-03-10', time: '07:05' }, 'UTC', NOW)).toBeNull();
    expect(startProblem({ date: '2026-05-09', time: '06:00' }, 'UTC', NOW)).toBeNull();
  });

  it('flags a start behind us, beyond the horizon, or not a date', () => {
    expect(startProblem({ date: '2026-03-10', time: '06:00' }, 'UTC', NOW)).toBe('inPast');
    expect(startProblem({ date: '2026-05-09', time: '06:05' }, 'UTC', NOW)).toBe('tooFar');
    expect(startProblem({ date: '2026-13-01', time: '06:05' }, 'UTC', NOW)).toBe('invalid');
  });

  it('bounds the date picker by the branch days', () => {
    expect(pickerBounds(Date.parse('2026-03-10T22:00:00Z'), 'Asia/Vladivostok')).toEqual({
      min: '2026-03-11',
      max: '2026-05-10',
    });
  });
});

describe('durationParts', () => {
  it('splits seconds into days, hours and minutes, rounding up to a minute', () => {
    expect(durationParts(0)).toEqual({ days: 0, hours: 0, minutes: 0 });
    expect(durationParts(61)).toEqual({ days: 0, hours: 0, minutes: 2 });
    expect(durationParts(90_000)).toEqual({ days: 1, hours: 1, minutes: 0 });
  });
});
