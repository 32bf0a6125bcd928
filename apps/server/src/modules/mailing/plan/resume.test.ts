import { describe, expect, it } from 'vitest';
import { describeInServerZones } from '../../../test-support/server-zones.js';
import { planMessages, planSendout } from './daily-plan.js';
import { remainingPositions, resumePlan } from './resume.js';

const at = (iso: string) => new Date(iso);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('remaining positions', () => {
  it.each([
    ['nothing sent', 5, [], [0, 1, 2, 3, 4]],
    ['a prefix sent', 5, [0, 1], [2, 3, 4]],
    ['out of order, with one in flight ahead', 6, [0, 1, 3], [2, 4, 5]],
    ['everyone sent', 3, [2, 0, 1], []],
    ['duplicates in the sent list', 4, [1, 1, 1], [0, 2, 3]],
  ])('%s', (_name, count, done, expected) => {
    expect(remainingPositions(count, done)).toEqual(expected);
  });

  it.each([[-1], [5], [1.5], [Number.NaN]])('refuses a sent position %s outside the list', (p) => {
    expect(() => remainingPositions(5, [0, p])).toThrow(RangeError);
  });
});

describeInServerZones('resume after a pause', () => {
  const params = {
    count: 20,
    batchLen: 10,
    betweenTime: 60,
    timeZone: 'Europe/Moscow',
    window: { from: '09:00', to: '21:00' },
  };

  it('re-plans exactly the remaining positions, nobody twice, nobody skipped', () => {
    // 0..6 sent, 9 in flight (sent out of order): 7, 8 and 10..19 remain.
    const done = [...range(0, 6), 9];
    const plan = resumePlan({ ...params, done, resumeAt: at('2026-03-11T07:00:00Z') });
    const positions = [...planMessages(plan)].map((m) => m.position);
    expect(positions).toEqual([7, 8, ...range(10, 19)]);
    expect([...done, ...positions].sort((a, b) => a - b)).toEqual(range(0, 19));
    expect(plan.days.map((d) => [d.day, d.count, d.first, d.last])).toEqual([
      ['2026-03-11', 10, 7, 17],
      ['2026-03-12', 2, 18, 19],
    ]);
  });

  it('counts what the resume day already sent against its daily limit', () => {
    // 8 of today's 10 went out before the pause: 2 more today, then 10 a day.
    const plan = resumePlan({
      ...params,
      done: range(0, 7),
      resumeAt: at('2026-03-10T10:00:00Z'),
      usedByDay: { '2026-03-10': 8 },
    });
    expect(plan.days.map((d) => [d.day, d.count, d.first, d.last])).toEqual([
      ['2026-03-10', 2, 8, 9],
      ['2026-03-11', 10, 10, 19],
    ]);
    // the next day's count of the old day does not matter
    expect(plan.days[1]!.from.toISOString()).toBe('2026-03-11T06:00:00.000Z');
  });

  it('moves to the next day when the resume day has used its whole limit', () => {
    const plan = resumePlan({
      ...params,
      done: range(0, 9),
      resumeAt: at('2026-03-10T10:00:00Z'),
      usedByDay: { '2026-03-10': 10 },
    });
    expect(plan.start.toISOString()).toBe('2026-03-11T06:00:00.000Z');
    expect(plan.days.map((d) => d.count)).toEqual([10]);
  });

  it('keeps the time between messages after the last one sent', () => {
    const plan = resumePlan({
      ...params,
      done: [0],
      resumeAt: at('2026-03-10T10:00:20Z'),
      lastSentAt: at('2026-03-10T10:00:00Z'),
    });
    expect(plan.start.toISOString()).toBe('2026-03-10T10:01:00.000Z');
    const late = resumePlan({
      ...params,
      done: [0],
      resumeAt: at('2026-03-10T10:05:00Z'),
      lastSentAt: at('2026-03-10T10:00:00Z'),
    });
    expect(late.start.toISOString()).toBe('2026-03-10T10:05:00.000Z');
  });

  it('waits for the window when resumed at night', () => {
    // 22:30 Moscow
    const plan = resumePlan({ ...params, done: range(0, 4), resumeAt: at('2026-03-10T19:30:00Z') });
    expect(plan.start.toISOString()).toBe('2026-03-11T06:00:00.000Z');
  });

  it('plans nothing when everyone was sent', () => {
    const resumeAt = at('2026-03-10T10:00:00Z');
    const plan = resumePlan({ ...params, done: range(0, 19), resumeAt });
    expect(plan.days).toEqual([]);
    expect(plan.durationSeconds).toBe(0);
  });

  // Pause anywhere (after k messages, with j more in flight), resume later: the union is everyone once.
  it.each([
    [0, 0],
    [1, 0],
    [7, 3],
    [10, 0],
    [13, 2],
    [19, 1],
    [20, 0],
  ])('pausing after %i sent and %i in flight loses and repeats nobody', (sent, inFlight) => {
    const original = [...planMessages(planSendout({ ...params, start: at('2026-03-10T06:00:00Z') }))];
    const done = original.slice(0, sent + inFlight).map((m) => m.position);
    const pausedAt = original[Math.max(0, sent - 1)]!.at;
    const usedByDay: Record<string, number> = {};
    for (const m of original.slice(0, sent + inFlight)) usedByDay[m.day] = (usedByDay[m.day] ?? 0) + 1;
    const resumed = resumePlan({
      ...params,
      done,
      usedByDay,
      resumeAt: new Date(pausedAt.getTime() + 3 * 3_600_000),
    });
    const rest = [...planMessages(resumed)].map((m) => m.position);
    expect(rest).toEqual(range(sent + inFlight, 19));
    expect(new Set([...done, ...rest]).size).toBe(20);
    // no sending day goes over its limit, counting what it sent before the pause
    for (const d of resumed.days) expect(d.count + (usedByDay[d.day] ?? 0)).toBeLessThanOrEqual(10);
  });
});
