import { describe, expect, it } from 'vitest';
import { orderedDayRange } from './day-range';

describe('orderedDayRange', () => {
  it('keeps an ordered pair and swaps a reversed one', () => {
    expect(orderedDayRange('2026-04-01', '2026-05-01')).toEqual({ from: '2026-04-01', to: '2026-05-01' });
    expect(orderedDayRange('2026-05-01', '2026-04-01')).toEqual({ from: '2026-04-01', to: '2026-05-01' });
    expect(orderedDayRange('2026-05-01', '2026-05-01')).toEqual({ from: '2026-05-01', to: '2026-05-01' });
  });
});
