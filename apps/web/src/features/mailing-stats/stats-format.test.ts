import { describe, expect, it } from 'vitest';
import {
  excerpt,
  formatClock,
  formatCount,
  formatDay,
  formatDayTime,
  formatLocalInstant,
  formatMedian,
  formatPercent,
  formatPhone,
} from './stats-format';

// Intl puts narrow no-break spaces in some formats; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('conversions and counts', () => {
  it('shows a conversion with one decimal in the user’s language', () => {
    expect(formatPercent(33.33, 'ru')).toBe('33,3%');
    expect(formatPercent(33.33, 'en')).toBe('33.3%');
    expect(formatPercent(50, 'en')).toBe('50%');
    expect(formatPercent(0, 'ru')).toBe('0%');
    expect(formatPercent(Number.NaN, 'en')).toBe('0%');
  });

  it('groups thousands the language’s way', () => {
    expect(plain(formatCount(12345, 'ru'))).toBe('12 345');
    expect(formatCount(12345, 'en')).toBe('12,345');
  });

  it('shows a missing median as a dash', () => {
    expect(formatMedian(null, 'ru')).toBe('—');
    expect(formatMedian(4.25, 'ru')).toBe('4,3');
    expect(formatMedian(120, 'en')).toBe('120');
  });
});

describe('the branch’s local days and times', () => {
  it('writes a day the language’s way', () => {
    expect(formatDay('2026-03-05', 'ru')).toBe('05.03.2026');
    expect(formatDay('2026-03-05', 'en')).toBe('03/05/2026');
    expect(formatDay('', 'en')).toBe('—');
  });

  it('writes a time the language’s way', () => {
    expect(formatClock('14:30', 'ru')).toBe('14:30');
    expect(formatClock('14:30', 'en')).toBe('14:30');
  });

  it('keeps the written day and time of an instant with the branch’s offset', () => {
    // 23:30 in Vladivostok is still 5 March there, whatever the browser's zone.
    expect(formatLocalInstant('2026-03-05T23:30:00+10:00', 'ru')).toBe('05.03.2026 23:30');
    expect(formatLocalInstant(null, 'ru')).toBe('—');
    expect(formatDayTime('', '', 'ru')).toBe('—');
  });
});

describe('text', () => {
  it('cuts a long message on one line', () => {
    expect(excerpt('Hello,\n\nworld')).toBe('Hello, world');
    const long = excerpt('a'.repeat(200));
    expect(long).toHaveLength(80);
    expect(long.endsWith('…')).toBe(true);
  });

  it('writes a number of digits with a plus', () => {
    expect(formatPhone('79990000001')).toBe('+79990000001');
    expect(formatPhone('hidden')).toBe('hidden');
  });
});
