import { describe, expect, it } from 'vitest';
import { DEFAULT_NIGHT_MESSAGE } from '@salon/contract/ai-agents';
import { nightMessage, nightWindowStart } from './night.js';

const night = { active: true, start: '21:00', end: '09:00', message_text: 'Ночью не отвечаем' };

describe('night window', () => {
  it('crosses midnight in the branch zone: the same instant is night in Moscow, day in Vladivostok', () => {
    const at = new Date('2026-03-10T23:30:00Z'); // 02:30 in Moscow, 09:30 next day in Vladivostok
    expect(nightWindowStart(night, at, 'Europe/Moscow')).toEqual(new Date('2026-03-10T18:00:00Z'));
    expect(nightWindowStart(night, at, 'Asia/Vladivostok')).toBeNull();
  });

  it('starts on the evening of the same day before midnight', () => {
    expect(nightWindowStart(night, new Date('2026-03-10T19:00:00Z'), 'Europe/Moscow')).toEqual(
      new Date('2026-03-10T18:00:00Z'),
    );
    // 08:59 is night, 09:00 is day.
    expect(nightWindowStart(night, new Date('2026-03-11T05:59:00Z'), 'Europe/Moscow')).not.toBeNull();
    expect(nightWindowStart(night, new Date('2026-03-11T06:00:00Z'), 'Europe/Moscow')).toBeNull();
  });

  it('handles a window within one day, and none when off or empty', () => {
    const lunch = { ...night, start: '13:00', end: '14:00' };
    expect(nightWindowStart(lunch, new Date('2026-03-10T10:30:00Z'), 'Europe/Moscow')).toEqual(
      new Date('2026-03-10T10:00:00Z'),
    );
    expect(nightWindowStart(lunch, new Date('2026-03-10T11:00:00Z'), 'Europe/Moscow')).toBeNull();
    expect(nightWindowStart({ ...night, active: false }, new Date('2026-03-10T23:30:00Z'), 'Europe/Moscow')).toBeNull();
    expect(nightWindowStart({ ...night, end: '21:00' }, new Date('2026-03-10T23:30:00Z'), 'Europe/Moscow')).toBeNull();
  });

  it('falls back to the default night text when the message is empty', () => {
    expect(nightMessage(night)).toBe('Ночью не отвечаем');
    expect(nightMessage({ ...night, message_text: '  ' })).toBe(DEFAULT_NIGHT_MESSAGE);
  });
});
