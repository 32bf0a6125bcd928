import { describe, expect, it } from 'vitest';
import { PACING, dailyCap, nextGapMs } from './governor.js';

describe('per-number governor', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);

  it('grows the WhatsApp daily cap with the account’s age', () => {
    expect(dailyCap(PACING.whatsapp, null, now)).toBe(20);
    expect(dailyCap(PACING.whatsapp, daysAgo(2), now)).toBe(20);
    expect(dailyCap(PACING.whatsapp, daysAgo(5), now)).toBe(50);
    expect(dailyCap(PACING.whatsapp, daysAgo(10), now)).toBe(150);
    expect(dailyCap(PACING.whatsapp, daysAgo(20), now)).toBe(400);
    expect(dailyCap(PACING.whatsapp, daysAgo(400), now)).toBe(1000);
  });

  it('spaces WhatsApp messages 30 to 60 seconds apart at random', () => {
    expect(nextGapMs(PACING.whatsapp, () => 0)).toBe(30_000);
    expect(nextGapMs(PACING.whatsapp, () => 0.999999)).toBe(60_000);
    const gaps = Array.from({ length: 200 }, () => nextGapMs(PACING.whatsapp));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(30_000);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(60_000);
    expect(new Set(gaps).size).toBeGreaterThan(50);
  });
});
