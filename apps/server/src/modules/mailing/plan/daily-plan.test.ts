import { describe, expect, it } from 'vitest';
import type { SendingWindow } from '@salon/contract/mailing-plan-rules';
import { describeInServerZones } from '../../../test-support/server-zones.js';
import { dailyCapacity, estimateSendout, type PlanDay, planMessages, planSendout } from './daily-plan.js';

const at = (iso: string) => new Date(iso);
const flat = (days: readonly PlanDay[]) =>
  days.map((d) => ({
    day: d.day,
    from: d.from.toISOString(),
    to: d.to.toISOString(),
    count: d.count,
    first: d.first,
    last: d.last,
  }));
const day = (d: string, from: string, to: string, count: number, first: number, last: number) => ({
  day: d,
  from: `${from}.000Z`,
  to: `${to}.000Z`,
  count,
  first,
  last,
});

interface Case {
  name: string;
  zone: string;
  window: SendingWindow | null;
  start: string;
  count: number;
  batchLen: number;
  betweenTime: number;
  days: ReturnType<typeof day>[];
  durationSeconds: number;
}

const cases: Case[] = [
  {
    name: 'Moscow: what does not fit before the window closes moves to the next morning',
    zone: 'Europe/Moscow',
    window: { from: '09:00', to: '21:00' },
    // 20:00 Moscow; 20:00..20:50 go, 21:00 is the close; the rest from 09:00 next day.
    start: '2026-03-10T17:00:00Z',
    count: 10,
    batchLen: 100,
    betweenTime: 600,
    days: [
      day('2026-03-10', '2026-03-10T17:00:00', '2026-03-10T18:00:00', 6, 0, 5),
      day('2026-03-11', '2026-03-11T06:00:00', '2026-03-11T06:40:00', 4, 6, 9),
    ],
    durationSeconds: 13 * 3600 + 40 * 60,
  },
  {
    name: 'Vladivostok: the daily limit (batch_len) splits the send-out; later days start at the opening',
    zone: 'Asia/Vladivostok',
    window: null,
    // 10:00 Vladivostok (UTC+10); the default window opens at 00:00 local = 14:00Z the day before.
    start: '2026-03-10T00:00:00Z',
    count: 250,
    batchLen: 100,
    betweenTime: 10,
    days: [
      day('2026-03-10', '2026-03-10T00:00:00', '2026-03-10T00:16:40', 100, 0, 99),
      day('2026-03-11', '2026-03-10T14:00:00', '2026-03-10T14:16:40', 100, 100, 199),
      day('2026-03-12', '2026-03-11T14:00:00', '2026-03-11T14:08:20', 50, 200, 249),
    ],
    durationSeconds: 38 * 3600 + 8 * 60 + 20,
  },
  {
    name: 'Kaliningrad: a start before the window opens waits for the opening',
    zone: 'Europe/Kaliningrad',
    window: { from: '10:00', to: '18:00' },
    // 07:00 Kaliningrad (UTC+2) → 10:00 local = 08:00Z
    start: '2026-03-10T05:00:00Z',
    count: 3,
    batchLen: 50,
    betweenTime: 60,
    days: [day('2026-03-10', '2026-03-10T08:00:00', '2026-03-10T08:03:00', 3, 0, 2)],
    durationSeconds: 180,
  },
  {
    name: 'Kaliningrad: a start after the close goes to the next day',
    zone: 'Europe/Kaliningrad',
    window: { from: '10:00', to: '18:00' },
    // 19:00 Kaliningrad
    start: '2026-03-10T17:00:00Z',
    count: 2,
    batchLen: 50,
    betweenTime: 60,
    days: [day('2026-03-11', '2026-03-11T08:00:00', '2026-03-11T08:02:00', 2, 0, 1)],
    durationSeconds: 120,
  },
  {
    name: 'a window over midnight belongs to the evening it opens on',
    zone: 'Europe/Moscow',
    window: { from: '22:00', to: '02:00' },
    // 23:30 Moscow: 23:30..01:50 is 15 messages; then 22:00..00:20 the next evening.
    start: '2026-03-10T20:30:00Z',
    count: 30,
    batchLen: 100,
    betweenTime: 600,
    days: [
      day('2026-03-10', '2026-03-10T20:30:00', '2026-03-10T23:00:00', 15, 0, 14),
      day('2026-03-11', '2026-03-11T19:00:00', '2026-03-11T21:30:00', 15, 15, 29),
    ],
    durationSeconds: 25 * 3600,
  },
  {
    name: 'a start after midnight inside a window over midnight stays on the evening before',
    zone: 'Europe/Moscow',
    window: { from: '22:00', to: '02:00' },
    // 01:00 Moscow on the 11th: the 10th's opening is still open for 6 more messages.
    start: '2026-03-10T22:00:00Z',
    count: 8,
    batchLen: 100,
    betweenTime: 600,
    days: [
      day('2026-03-10', '2026-03-10T22:00:00', '2026-03-10T23:00:00', 6, 0, 5),
      day('2026-03-11', '2026-03-11T19:00:00', '2026-03-11T19:20:00', 2, 6, 7),
    ],
    durationSeconds: 21 * 3600 + 20 * 60,
  },
  {
    name: 'Berlin, last Sunday of March: the window 01:00–04:00 is an hour shorter',
    zone: 'Europe/Berlin',
    window: { from: '01:00', to: '04:00' },
    // 28 March 01:00 CET = 00:00Z, 18 slots; 29 March 01:00 CET = 00:00Z to 04:00 CEST = 02:00Z, 12 slots.
    start: '2026-03-28T00:00:00Z',
    count: 40,
    batchLen: 100,
    betweenTime: 600,
    days: [
      day('2026-03-28', '2026-03-28T00:00:00', '2026-03-28T03:00:00', 18, 0, 17),
      day('2026-03-29', '2026-03-29T00:00:00', '2026-03-29T02:00:00', 12, 18, 29),
      day('2026-03-30', '2026-03-29T23:00:00', '2026-03-30T00:40:00', 10, 30, 39),
    ],
    durationSeconds: 48 * 3600 + 40 * 60,
  },
  {
    name: 'Berlin, last Sunday of October: the window 01:00–04:00 is an hour longer',
    zone: 'Europe/Berlin',
    window: { from: '01:00', to: '04:00' },
    // 24 Oct 01:00 CEST = 23:00Z (23rd); 25 Oct 01:00 CEST = 23:00Z (24th) to 04:00 CET = 03:00Z, 24 slots.
    start: '2026-10-23T23:00:00Z',
    count: 50,
    batchLen: 100,
    betweenTime: 600,
    days: [
      day('2026-10-24', '2026-10-23T23:00:00', '2026-10-24T02:00:00', 18, 0, 17),
      day('2026-10-25', '2026-10-24T23:00:00', '2026-10-25T03:00:00', 24, 18, 41),
      day('2026-10-26', '2026-10-26T00:00:00', '2026-10-26T01:20:00', 8, 42, 49),
    ],
    durationSeconds: 50 * 3600 + 20 * 60,
  },
  {
    name: 'Berlin: the default window on the spring-forward day still opens at local midnight',
    zone: 'Europe/Berlin',
    window: null,
    // 28 March 22:00 CET = 21:00Z: 6 messages before 23:00; 29 March opens at 00:00 CET = 23:00Z.
    start: '2026-03-28T21:00:00Z',
    count: 8,
    batchLen: 1000,
    betweenTime: 600,
    days: [
      day('2026-03-28', '2026-03-28T21:00:00', '2026-03-28T22:00:00', 6, 0, 5),
      day('2026-03-29', '2026-03-28T23:00:00', '2026-03-28T23:20:00', 2, 6, 7),
    ],
    durationSeconds: 2 * 3600 + 20 * 60,
  },
  {
    name: 'Berlin: a window inside the spring-forward gap does not open that day',
    zone: 'Europe/Berlin',
    window: { from: '02:00', to: '03:00' },
    // 02:00–03:00 does not exist on 29 March; 30 March 02:00 CEST = 00:00Z.
    start: '2026-03-28T01:00:00Z',
    count: 12,
    batchLen: 100,
    betweenTime: 600,
    days: [
      day('2026-03-28', '2026-03-28T01:00:00', '2026-03-28T02:00:00', 6, 0, 5),
      day('2026-03-30', '2026-03-30T00:00:00', '2026-03-30T01:00:00', 6, 6, 11),
    ],
    durationSeconds: 48 * 3600,
  },
  {
    name: 'no spacing: a day sends its whole limit at once, each holding a 1 s slot',
    zone: 'Europe/Moscow',
    window: null,
    start: '2026-03-10T09:00:00Z',
    count: 5,
    batchLen: 3,
    betweenTime: 0,
    days: [
      day('2026-03-10', '2026-03-10T09:00:00', '2026-03-10T09:00:01', 3, 0, 2),
      day('2026-03-11', '2026-03-10T21:00:00', '2026-03-10T21:00:01', 2, 3, 4),
    ],
    durationSeconds: 12 * 3600 + 1,
  },
  {
    name: 'a whole-day window (from = to) never closes',
    zone: 'Asia/Vladivostok',
    window: { from: '06:00', to: '06:00' },
    // 23:50 Vladivostok: runs on past midnight until 06:00.
    start: '2026-03-10T13:50:00Z',
    count: 4,
    batchLen: 10,
    betweenTime: 3600,
    days: [day('2026-03-10', '2026-03-10T13:50:00', '2026-03-10T17:50:00', 4, 0, 3)],
    durationSeconds: 4 * 3600,
  },
  {
    name: 'the last message goes just before the close, never at it',
    zone: 'Europe/Moscow',
    window: { from: '09:00', to: '10:00' },
    // 09:00 + 5 × 12 min = 10:00 is the close: only 5 fit.
    start: '2026-03-10T06:00:00Z',
    count: 6,
    batchLen: 10,
    betweenTime: 720,
    days: [
      day('2026-03-10', '2026-03-10T06:00:00', '2026-03-10T07:00:00', 5, 0, 4),
      day('2026-03-11', '2026-03-11T06:00:00', '2026-03-11T06:12:00', 1, 5, 5),
    ],
    durationSeconds: 24 * 3600 + 12 * 60,
  },
];

describeInServerZones('send-out plan', () => {
  it.each(cases)('$name', (c) => {
    const plan = planSendout({
      count: c.count,
      batchLen: c.batchLen,
      betweenTime: c.betweenTime,
      start: at(c.start),
      timeZone: c.zone,
      window: c.window,
    });
    expect(flat(plan.days)).toEqual(c.days);
    expect(plan.start.toISOString()).toBe(c.days[0]!.from);
    expect(plan.end.toISOString()).toBe(c.days.at(-1)!.to);
    expect(plan.durationSeconds).toBe(c.durationSeconds);
  });

  it.each(cases)('sends everyone once, in order, within the limit and spacing: $name', (c) => {
    const plan = planSendout({
      count: c.count,
      batchLen: c.batchLen,
      betweenTime: c.betweenTime,
      start: at(c.start),
      timeZone: c.zone,
      window: c.window,
    });
    const messages = [...planMessages(plan)];
    expect(messages.map((m) => m.position)).toEqual(Array.from({ length: c.count }, (_, i) => i));
    for (const d of plan.days) expect(d.count).toBeLessThanOrEqual(c.batchLen);
    for (let i = 1; i < messages.length; i++) {
      expect(messages[i]!.at.getTime() - messages[i - 1]!.at.getTime()).toBeGreaterThanOrEqual(c.betweenTime * 1000);
    }
  });

  it('plans nothing for nobody', () => {
    const start = at('2026-03-10T09:00:00Z');
    const plan = planSendout({ count: 0, batchLen: 10, betweenTime: 10, start, timeZone: 'Europe/Moscow' });
    expect(plan).toMatchObject({ days: [], start, end: start, durationSeconds: 0 });
  });

  it('keeps the milliseconds of a start and rounds the duration up to whole seconds', () => {
    const plan = planSendout({
      count: 2,
      batchLen: 10,
      betweenTime: 10,
      start: at('2026-03-10T09:00:00.400Z'),
      timeZone: 'Europe/Moscow',
    });
    expect(plan.end.toISOString()).toBe('2026-03-10T09:00:20.400Z');
    expect(plan.durationSeconds).toBe(20);
  });

  it.each([
    ['a negative count', { count: -1, batchLen: 1, betweenTime: 0 }],
    ['a fractional count', { count: 1.5, batchLen: 1, betweenTime: 0 }],
    ['a zero daily limit', { count: 1, batchLen: 0, betweenTime: 0 }],
    ['a negative spacing', { count: 1, batchLen: 1, betweenTime: -1 }],
  ])('refuses %s', (_name, p) => {
    expect(() => planSendout({ ...p, start: at('2026-03-10T09:00:00Z'), timeZone: 'Europe/Moscow' })).toThrow(
      RangeError,
    );
  });
});

describe('estimate for the parse answer (no start yet)', () => {
  it.each([
    // count, batch_len, between_time, window → send_days, duration
    [0, 100, 10, null, 0, 0],
    [1, 100, 10, null, 1, 10],
    [100, 100, 10, null, 1, 1000],
    // SPEC 9: full days plus one extra for the remainder
    [250, 100, 10, null, 3, 2 * 86_400 + 49 * 10 + 10],
    [200, 100, 10, null, 2, 86_400 + 99 * 10 + 10],
    // the window holds fewer than batch_len: 23 h / 10 s = 8280 a day
    [20_000, 10_000, 10, null, 3, 2 * 86_400 + 3439 * 10 + 10],
    // 09:00–10:00 at 12 min: 5 a day
    [6, 10, 720, { from: '09:00', to: '10:00' }, 2, 86_400 + 720],
    // no spacing: the whole limit at once
    [7, 3, 0, null, 3, 2 * 86_400 + 1],
  ] as const)(
    '%i recipients, %i a day, %i s apart → %i days, %i s',
    (count, batchLen, betweenTime, window, days, s) => {
      expect(estimateSendout({ count, batchLen, betweenTime, window })).toEqual({ sendDays: days, durationSeconds: s });
    },
  );

  it('agrees with the real plan for a start at the opening', () => {
    const p = { count: 777, batchLen: 300, betweenTime: 30, window: { from: '08:00', to: '20:00' } };
    const plan = planSendout({ ...p, start: at('2026-03-10T05:00:00Z'), timeZone: 'Europe/Moscow' });
    expect(estimateSendout(p)).toEqual({ sendDays: plan.days.length, durationSeconds: plan.durationSeconds });
  });

  it.each([
    [100, 10, { from: '00:00', to: '23:00' }, 100],
    [10_000, 10, { from: '00:00', to: '23:00' }, 8280],
    [10_000, 60, { from: '22:00', to: '02:00' }, 240],
    [10_000, 0, { from: '09:00', to: '09:05' }, 10_000],
  ])('daily capacity of %i a day at %i s in %o is %i', (batchLen, betweenTime, window, expected) => {
    expect(dailyCapacity(batchLen, betweenTime, window)).toBe(expected);
  });
});
