import { describe, expect, it } from 'vitest';
import { botEarnedBand, isRealDay } from './dashboard-rules.js';

describe('bot-earned bands (SPEC 9)', () => {
  it('places an amount in its band with the percent clamped to 0…100', () => {
    expect(botEarnedBand(0)).toEqual({ from: 0, to: 100_000, percent: 0 });
    expect(botEarnedBand(50_000)).toEqual({ from: 0, to: 100_000, percent: 50 });
    expect(botEarnedBand(100_000)).toEqual({ from: 100_000, to: 300_000, percent: 0 });
    expect(botEarnedBand(650_000)).toEqual({ from: 500_000, to: 700_000, percent: 75 });
    expect(botEarnedBand(999_999)).toMatchObject({ from: 700_000, to: 1_000_000 });
    expect(botEarnedBand(1_000_000)).toEqual({ from: 1_000_000, to: 1_500_000, percent: 0 });
    expect(botEarnedBand(2_250_000)).toEqual({ from: 2_000_000, to: 2_500_000, percent: 50 });
    expect(botEarnedBand(-5)).toEqual({ from: 0, to: 100_000, percent: 0 });
    expect(botEarnedBand(Number.NaN)).toEqual({ from: 0, to: 100_000, percent: 0 });
    expect(botEarnedBand(33_333).percent).toBe(33.33);
  });

  it('takes only days that exist', () => {
    expect(isRealDay('2024-02-29')).toBe(true);
    expect(isRealDay('2023-02-29')).toBe(false);
    expect(isRealDay('0000-01-01')).toBe(false);
    expect(isRealDay('2026-13-01')).toBe(false);
  });
});
