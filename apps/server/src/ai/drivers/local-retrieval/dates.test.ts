import { describe, expect, it } from 'vitest';
import { formatDay, offsetMinutes, parseWhen } from './dates.js';

// Thursday 26 November 2026, 20:00 UTC: 23:00 Thursday in Moscow, 06:00 Friday the 27th in Vladivostok.
const NOW = new Date('2026-11-26T20:00:00Z');

describe('parseWhen', () => {
  it('reads relative days in the branch zone, not the server one', () => {
    expect(parseWhen('есть время завтра?', NOW, 'Asia/Vladivostok').day).toBe('2026-11-28');
    expect(parseWhen('есть время завтра?', NOW, 'Europe/Moscow').day).toBe('2026-11-27');
    expect(parseWhen('послезавтра', NOW, 'Asia/Vladivostok').day).toBe('2026-11-29');
  });

  it('reads weekdays and dates with a month name', () => {
    expect(parseWhen('в субботу', NOW, 'Europe/Moscow').day).toBe('2026-11-28');
    expect(parseWhen('28 ноября в 15:00', NOW, 'Europe/Moscow')).toEqual({
      day: '2026-11-28',
      time: { hour: 15, minute: 0 },
    });
    expect(parseWhen('1 декабря в 10', NOW, 'Europe/Moscow')).toEqual({
      day: '2026-12-01',
      time: { hour: 10, minute: 0 },
    });
  });

  it('reads clock times that chrono alone takes for durations', () => {
    expect(parseWhen('завтра в 3 часа дня', NOW, 'Asia/Vladivostok')).toEqual({
      day: '2026-11-28',
      time: { hour: 15, minute: 0 },
    });
    expect(parseWhen('к 7 вечера', NOW, 'Europe/Moscow').time).toEqual({ hour: 19, minute: 0 });
    expect(parseWhen('в 15 часов', NOW, 'Europe/Moscow').time).toEqual({ hour: 15, minute: 0 });
    expect(parseWhen('в 11 утра', NOW, 'Europe/Moscow').time).toEqual({ hour: 11, minute: 0 });
  });

  it('reads day.month without a year, next year once it has passed', () => {
    expect(parseWhen('на 28.11', NOW, 'Europe/Moscow').day).toBe('2026-11-28');
    expect(parseWhen('05.01 можно?', NOW, 'Europe/Moscow').day).toBe('2027-01-05');
    expect(parseWhen('в 10.30', NOW, 'Europe/Moscow')).toEqual({ day: null, time: { hour: 10, minute: 30 } });
  });

  it('finds nothing in a text without a date', () => {
    expect(parseWhen('сколько стоит маникюр', NOW, 'Europe/Moscow')).toEqual({ day: null, time: null });
  });

  it('reads English too', () => {
    expect(parseWhen('tomorrow at 3pm', NOW, 'Asia/Vladivostok')).toEqual({
      day: '2026-11-28',
      time: { hour: 15, minute: 0 },
    });
  });
});

describe('zone helpers', () => {
  it('gives the zone offset at an instant', () => {
    expect(offsetMinutes(NOW, 'Asia/Vladivostok')).toBe(600);
    expect(offsetMinutes(NOW, 'America/New_York')).toBe(-300);
    expect(offsetMinutes(new Date('2026-07-01T12:00:00Z'), 'America/New_York')).toBe(-240);
  });

  it('formats a calendar day in the language', () => {
    expect(formatDay('2026-11-28', 'ru')).toBe('суббота, 28 ноября');
    expect(formatDay('2026-11-28', 'en')).toBe('Saturday 28 November');
  });
});
