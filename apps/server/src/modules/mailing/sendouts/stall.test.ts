import { describe, expect, it } from 'vitest';
import { stallOf, type StallFacts } from './stall.js';

// Moscow, window 10:00–20:00; 2026-03-10 12:00 Moscow is 09:00Z.
const base: StallFacts = {
  now: new Date('2026-03-10T09:00:00Z'),
  timeZone: 'Europe/Moscow',
  window: { from: '10:00', to: '20:00' },
  betweenTime: 10,
  connected: true,
  numberFull: false,
  nextAt: new Date('2026-03-10T09:00:30Z'),
};

describe('why a send-out waits', () => {
  it('says nothing while it moves at its pace', () => {
    expect(stallOf(base)).toBeNull();
  });

  it('says nothing when nothing is left to send', () => {
    expect(stallOf({ ...base, nextAt: null })).toBeNull();
  });

  it('blames a disconnected number first, with no resume time', () => {
    expect(stallOf({ ...base, connected: false })).toEqual({ reason: 'number_disconnected', resumesAt: null });
  });

  it("waits for tomorrow's opening when the number's cap is used up", () => {
    expect(stallOf({ ...base, numberFull: true })).toEqual({
      reason: 'daily_limit',
      resumesAt: new Date('2026-03-11T07:00:00Z'),
    });
  });

  it("waits for tomorrow when today's share of the send-out is sent", () => {
    const nextAt = new Date('2026-03-11T07:00:00Z');
    expect(stallOf({ ...base, nextAt })).toEqual({ reason: 'daily_limit', resumesAt: nextAt });
  });

  it('waits for the window to open', () => {
    const now = new Date('2026-03-10T18:00:00Z'); // 21:00 Moscow, window closed
    const nextAt = new Date('2026-03-11T07:00:00Z');
    expect(stallOf({ ...base, now, nextAt })).toEqual({ reason: 'sending_window', resumesAt: nextAt });
  });

  it('does not call a later slot the same day a stall', () => {
    expect(stallOf({ ...base, nextAt: new Date('2026-03-10T12:00:00Z') })).toBeNull();
  });
});
