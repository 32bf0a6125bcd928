import { describe, expect, it } from 'vitest';
import {
  DAY_END_OFFSET_MS,
  DEFAULT_BETWEEN_TIME,
  DEFAULT_SENDING_WINDOW,
  defaultStart,
  formatUtcOffset,
  isBetweenTimeAllowed,
  isCalendarDay,
  mskToUtcOffset,
  parseUtcOffset,
  PLAN_STATUS,
  quotaExceededDay,
  quotaExceededStatus,
  roundTimeOfDay,
  roundUpToStep,
  sendDays,
  sendoutRemainder,
  START_HORIZON_MS,
  TIME_TO_MSK_MAX,
  TIME_TO_MSK_MIN,
  utcOffsetToMsk,
} from './mailing-plan-rules.js';

const ms = (iso: string) => Date.parse(iso);

describe('mailing plan constants (SPEC 9)', () => {
  it('keeps the spec defaults and periods', () => {
    expect(DEFAULT_SENDING_WINDOW).toEqual({ from: '00:00', to: '23:00' });
    expect(DEFAULT_BETWEEN_TIME).toBe(10);
    expect(DAY_END_OFFSET_MS).toBe(86_395_000);
    expect(START_HORIZON_MS).toBe(60 * 86_400_000);
  });
});

describe('rounding to 5 minutes', () => {
  it.each([
    ['2026-03-10T09:00:00.000Z', '2026-03-10T09:00:00.000Z'],
    ['2026-03-10T09:00:00.001Z', '2026-03-10T09:05:00.000Z'],
    ['2026-03-10T09:03:20.000Z', '2026-03-10T09:05:00.000Z'],
    ['2026-03-10T09:04:59.999Z', '2026-03-10T09:05:00.000Z'],
    ['2026-03-10T23:57:00.000Z', '2026-03-11T00:00:00.000Z'],
  ])('rounds the instant %s up to %s', (from, to) => {
    expect(new Date(roundUpToStep(ms(from))).toISOString()).toBe(to);
  });

  it.each([
    ['2026-03-10T09:03:20Z', '2026-03-10T10:05:00.000Z'],
    ['2026-03-10T09:00:00Z', '2026-03-10T10:00:00.000Z'],
    ['2026-03-10T22:58:00Z', '2026-03-11T00:00:00.000Z'],
  ])('puts the default start about an hour after %s: %s', (now, expected) => {
    expect(new Date(defaultStart(ms(now))).toISOString()).toBe(expected);
  });

  it.each([
    ['09:00', '09:00'],
    ['09:02', '09:00'],
    ['09:03', '09:05'],
    ['09:57', '09:55'],
    ['09:58', '10:00'],
    ['23:56', '23:55'],
    ['23:59', '23:55'],
    ['00:01', '00:00'],
  ])('rounds the typed time %s to %s', (typed, rounded) => {
    expect(roundTimeOfDay(typed)).toBe(rounded);
  });

  it.each(['24:00', '9:00', '09:60', ''])('refuses the time %j', (typed) => {
    expect(() => roundTimeOfDay(typed)).toThrow(RangeError);
  });
});

describe('time between messages (SPEC 5: 0..max)', () => {
  it.each([
    [0, true],
    [10, true],
    [600, true],
    [601, false],
    [-1, false],
    [1.5, false],
    [Number.NaN, false],
  ])('%d s allowed: %s', (s, ok) => {
    expect(isBetweenTimeAllowed(s)).toBe(ok);
  });

  it('takes a narrower maximum', () => {
    expect(isBetweenTimeAllowed(31, 30)).toBe(false);
  });
});

describe('send days and the remainder (SPEC 9)', () => {
  it.each([
    [0, 100, 0, 0],
    [1, 100, 1, 1],
    [100, 100, 1, 0],
    [101, 100, 2, 1],
    [250, 100, 3, 50],
    [300, 100, 3, 0],
  ])('%i recipients at %i a day: %i days, remainder %i', (count, limit, days, remainder) => {
    expect(sendDays(count, limit)).toBe(days);
    expect(sendoutRemainder(count, limit)).toBe(remainder);
  });
});

describe('Moscow offset (SPEC 9)', () => {
  it.each([
    [3, 0, 'UTC+03:00'],
    [10, 7, 'UTC+10:00'],
    [2, -1, 'UTC+02:00'],
    [0, -3, 'UTC+00:00'],
    [-12, -15, 'UTC-12:00'],
    [14, 11, 'UTC+14:00'],
    [5.5, 2.5, 'UTC+05:30'],
    [5.75, 2.75, 'UTC+05:45'],
    [-3.5, -6.5, 'UTC-03:30'],
  ])('UTC%+d is %d hours from Moscow (%s)', (utc, msk, label) => {
    expect(utcOffsetToMsk(utc)).toBe(msk);
    expect(mskToUtcOffset(msk)).toBe(utc);
    expect(formatUtcOffset(utc)).toBe(label);
    expect(parseUtcOffset(label)).toBe(utc);
  });

  it.each(['UTC+15:00', 'UTC-13:00', 'UTC+3', 'GMT+03:00', 'UTC+03:60'])('refuses the label %s', (label) => {
    expect(parseUtcOffset(label)).toBeNull();
  });

  it('spans the time zone list', () => {
    expect([TIME_TO_MSK_MIN, TIME_TO_MSK_MAX]).toEqual([-15, 11]);
  });
});

describe('statuses and days', () => {
  it('carries the day in a quota status', () => {
    expect(quotaExceededStatus('2026-03-10')).toBe('quota exceeded on 2026-03-10');
    expect(quotaExceededDay('quota exceeded on 2026-03-10')).toBe('2026-03-10');
    expect(quotaExceededDay(PLAN_STATUS.crosses)).toBeNull();
  });

  it.each([
    ['2026-03-10', true],
    ['2028-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-3-10', false],
    ['10.03.2026', false],
  ])('%s is a calendar day: %s', (value, ok) => {
    expect(isCalendarDay(value)).toBe(ok);
  });
});
