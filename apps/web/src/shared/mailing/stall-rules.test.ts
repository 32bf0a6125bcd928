import { describe, expect, it } from 'vitest';
import { stallWhen } from './stall-rules';

const now = Date.parse('2026-03-10T18:00:00Z'); // 21:00 in Moscow

describe('when a waiting send-out goes on', () => {
  it("reads tomorrow on the branch's clocks", () => {
    const stall = { reason: 'daily_limit' as const, resumes_at: '2026-03-11T07:00:00Z' };
    expect(stallWhen(stall, now, 'Europe/Moscow')).toEqual({ kind: 'tomorrow', time: '10:00' });
    // An hour earlier is still "today" in Los Angeles (11:00 there now).
    const earlier = { reason: 'daily_limit' as const, resumes_at: '2026-03-11T06:00:00Z' };
    expect(stallWhen(earlier, now, 'America/Los_Angeles')).toEqual({ kind: 'today', time: '23:00' });
  });

  it('names a later date and has no time for a number to reconnect', () => {
    expect(stallWhen({ reason: 'daily_limit', resumes_at: '2026-03-14T07:00:00Z' }, now, 'Europe/Moscow')).toEqual({
      kind: 'date',
      day: '2026-03-14',
      time: '10:00',
    });
    expect(stallWhen({ reason: 'number_disconnected', resumes_at: null }, now, 'Europe/Moscow')).toEqual({
      kind: 'none',
    });
  });
});
