import { describe, expect, it } from 'vitest';
import { shortDay } from './chart-rules';

describe('chart axis', () => {
  it('writes a day the way the language does', () => {
    expect(shortDay('2026-11-05', 'ru')).toBe('05.11');
    expect(shortDay('2026-11-05', 'en')).toBe('11/05');
  });
});
