import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDayKey,
  formatMonthKey,
  formatTime,
  maskDayText,
  maskTimeText,
  parseDayText,
  parseTimeText,
  safeZone,
  zonedDayKey,
  zonedInstant,
} from './datetime';

const AT = '2026-11-26T11:05:09Z';

describe('one date and time format', () => {
  it('formats ru as 26.11.2026 14:05 and en as 11/26/2026 14:05 on the branch clocks', () => {
    expect(formatDateTime(AT, { language: 'ru', timeZone: 'Europe/Moscow' })).toBe('26.11.2026 14:05');
    expect(formatDateTime(AT, { language: 'en', timeZone: 'Europe/Moscow' })).toBe('11/26/2026 14:05');
    expect(formatDateTime(AT, { language: 'ru', timeZone: 'Europe/Moscow', seconds: true })).toBe('26.11.2026 14:05:09');
    expect(formatDate(AT, { language: 'en', timeZone: 'UTC' })).toBe('11/26/2026');
    expect(formatTime(AT, { language: 'en', timeZone: 'UTC' })).toBe('11:05');
  });

  it('uses the branch zone, not the browser one: the day turns over in Vladivostok first', () => {
    const late = '2026-11-26T15:30:00Z';
    expect(formatDateTime(late, { language: 'ru', timeZone: 'Asia/Vladivostok' })).toBe('27.11.2026 01:30');
    expect(formatDateTime(late, { language: 'ru', timeZone: 'Asia/Yekaterinburg' })).toBe('26.11.2026 20:30');
    expect(zonedDayKey(late, 'Asia/Vladivostok')).toBe('2026-11-27');
    expect(zonedDayKey(late, 'America/New_York')).toBe('2026-11-26');
  });

  it('follows DST in zones that have it', () => {
    // New York: EDT (UTC-4) until 1 November 2026, EST (UTC-5) after.
    expect(formatTime('2026-10-31T16:00:00Z', { language: 'en', timeZone: 'America/New_York' })).toBe('12:00');
    expect(formatTime('2026-11-02T16:00:00Z', { language: 'en', timeZone: 'America/New_York' })).toBe('11:00');
    // Berlin springs forward on 29 March 2026: 02:30 does not exist and resolves past the gap.
    expect(new Date(zonedInstant('2026-03-29', '01:30', 'Europe/Berlin') ?? 0).toISOString()).toBe(
      '2026-03-29T00:30:00.000Z',
    );
    expect(new Date(zonedInstant('2026-03-29', '02:30', 'Europe/Berlin') ?? 0).toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(new Date(zonedInstant('2026-03-29', '12:00', 'Europe/Berlin') ?? 0).toISOString()).toBe(
      '2026-03-29T10:00:00.000Z',
    );
  });

  it('keeps bad input visible and unknown zones harmless', () => {
    expect(formatDateTime('not a date', { language: 'ru', timeZone: 'UTC' })).toBe('not a date');
    expect(safeZone('Mars/Base')).toBe('UTC');
    expect(formatDate(AT, { language: 'ru', timeZone: 'Mars/Base' })).toBe('26.11.2026');
    expect(formatDateTime(AT, { language: 'de', timeZone: null })).toBe('26.11.2026 11:05');
  });

  it('formats calendar days and months without a zone', () => {
    expect(formatDayKey('2026-01-05', 'ru')).toBe('05.01.2026');
    expect(formatDayKey('2026-01-05', 'en')).toBe('01/05/2026');
    expect(formatMonthKey('2026-11', 'en')).toBe('November 2026');
    expect(formatMonthKey('2026-11', 'ru')).toMatch(/^ноябр/);
  });

  it('parses and masks typed dates and times in the interface language', () => {
    expect(parseDayText('26.11.2026', 'ru')).toBe('2026-11-26');
    expect(parseDayText('11/26/2026', 'en')).toBe('2026-11-26');
    expect(parseDayText('11/26/2026', 'ru')).toBeNull();
    expect(parseDayText('31.02.2026', 'ru')).toBeNull();
    expect(parseTimeText('9:05')).toBe('09:05');
    expect(parseTimeText('24:00')).toBeNull();
    expect(maskDayText('26112026', 'ru')).toBe('26.11.2026');
    expect(maskDayText('1126', 'en')).toBe('11/26');
    expect(maskTimeText('1405')).toBe('14:05');
  });
});
