import { describe, expect, it } from 'vitest';
import { PLAN_STATUS, quotaExceededStatus, START_HORIZON_MS } from '@salon/contract/mailing-plan-rules';
import { describeInServerZones } from '../../../test-support/server-zones.js';
import {
  allowedToRun,
  type BusyDay,
  type Candidate,
  earliestAllowedStart,
  findCrossing,
  notAllowedDays,
  type PlanContext,
  type PlannedSendout,
  plannedByDay,
} from './calendar.js';
import { planSendout } from './daily-plan.js';

const at = (iso: string) => new Date(iso);
const busy = (day: string, from: string, to: string, count: number): BusyDay => ({
  day,
  from: at(from),
  to: at(to),
  count,
});
const sendout = (sendoutId: string, instanceId: string | null, ...days: BusyDay[]): PlannedSendout => ({
  sendoutId,
  instanceId,
  days,
});

describeInServerZones('crossing another send-out', () => {
  // A: 10:00–11:00 Moscow on wa1 (360 messages 10 s apart: the last slot ends at 11:00 exactly).
  const a = planSendout({
    count: 360,
    batchLen: 1000,
    betweenTime: 10,
    start: at('2026-03-10T07:00:00Z'),
    timeZone: 'Europe/Moscow',
  });
  const existing = [{ sendoutId: 'A', instanceId: 'wa1', days: a.days }];
  const ctx: PlanContext = { now: at('2026-03-10T06:00:00Z'), timeZone: 'Europe/Moscow', existing };
  // The candidate holds 10 minutes: 10 messages a minute apart.
  const candidate = (start: string, instanceId: string | null = 'wa1') => ({
    count: 10,
    batchLen: 100,
    betweenTime: 60,
    instanceId,
    start: at(start),
    delay: true,
  });

  it('A ends exactly at 11:00 Moscow', () => {
    expect(a.end.toISOString()).toBe('2026-03-10T08:00:00.000Z');
  });

  it.each([
    ['ending exactly when A starts', '2026-03-10T06:50:00Z', 'wa1', true],
    ['starting exactly when A ends', '2026-03-10T08:00:00Z', 'wa1', true],
    ['running into A by five minutes', '2026-03-10T06:55:00Z', 'wa1', false],
    ['starting inside A', '2026-03-10T07:30:00Z', 'wa1', false],
    ['starting one minute before A ends', '2026-03-10T07:59:00Z', 'wa1', false],
    ['inside A but from another number', '2026-03-10T07:30:00Z', 'wa2', true],
    ['inside A from an unknown number', '2026-03-10T07:30:00Z', null, false],
  ] as const)('a candidate %s: allowed %s', (_name, start, instance, allowed) => {
    const { answer } = allowedToRun(candidate(start, instance), ctx);
    expect(answer).toEqual({
      allowed,
      duration: 600,
      ok: true,
      status: allowed ? PLAN_STATUS.allowed : PLAN_STATUS.crosses,
    });
  });

  it('finds a crossing on a later day, where both start at the window opening', () => {
    // B sends 00:00–00:30 Moscow on the 11th; a candidate from 22:00 on the 10th sends 60 before 23:00
    // and the rest from 00:00 on the 11th.
    const b = sendout('B', 'wa1', busy('2026-03-11', '2026-03-10T21:00:00Z', '2026-03-10T21:30:00Z', 180));
    const mine = planSendout({
      count: 200,
      batchLen: 100,
      betweenTime: 60,
      start: at('2026-03-10T19:00:00Z'),
      timeZone: 'Europe/Moscow',
    });
    expect(findCrossing(mine.days, [b], 'wa1')).toEqual({
      sendoutId: 'B',
      day: '2026-03-11',
      candidateDayIndex: 1,
      until: at('2026-03-10T21:30:00Z'),
    });
    expect(findCrossing(mine.days, [b], 'wa2')).toBeNull();
  });

  it('sums the planned messages per day across numbers', () => {
    const s = [
      sendout('A', 'wa1', busy('2026-03-10', '2026-03-10T07:00:00Z', '2026-03-10T08:00:00Z', 360)),
      sendout('B', 'wa2', busy('2026-03-10', '2026-03-10T07:00:00Z', '2026-03-10T08:00:00Z', 40)),
      sendout('C', 'wa1', busy('2026-03-11', '2026-03-11T07:00:00Z', '2026-03-11T08:00:00Z', 5)),
    ];
    expect(Object.fromEntries(plannedByDay(s))).toEqual({ '2026-03-10': 400, '2026-03-11': 5 });
  });
});

describeInServerZones('allowed_to_run', () => {
  const now = at('2026-03-10T06:00:00Z'); // 09:00 Moscow
  const existing = [
    sendout('A', 'wa1', busy('2026-03-10', '2026-03-10T07:00:00Z', '2026-03-10T08:00:00Z', 360)),
    sendout('C', 'wa2', busy('2026-03-11', '2026-03-11T07:00:00Z', '2026-03-11T08:00:00Z', 900)),
  ];
  const ctx: PlanContext = { now, timeZone: 'Europe/Moscow', existing, quoteForDay: 1000 };
  const base = { instanceId: 'wa1', betweenTime: 1, delay: true, start: at('2026-03-10T09:00:00Z') };

  it.each([
    // name, request, status
    ['fills the quota exactly (360 + 640)', { count: 640, batchLen: 640 }, PLAN_STATUS.allowed],
    ['goes one over the quota on the first day', { count: 641, batchLen: 641 }, quotaExceededStatus('2026-03-10')],
    // 600 + 360 fit on the 10th; 400 + 900 do not on the 11th
    ['goes over the quota on a later day', { count: 1000, batchLen: 600 }, quotaExceededStatus('2026-03-11')],
    // the candidate alone sends 1200 a day: no day can take it
    ['cannot fit the quota at all', { count: 5000, batchLen: 1200 }, PLAN_STATUS.aboveQuota],
    ['starts in the past', { count: 10, batchLen: 10, start: at('2026-03-10T05:59:59Z') }, PLAN_STATUS.startInPast],
    [
      'starts beyond 60 days',
      { count: 10, batchLen: 10, start: at(new Date(now.getTime() + START_HORIZON_MS + 300_000).toISOString()) },
      PLAN_STATUS.startTooFar,
    ],
    ['waits 601 s between messages', { count: 10, batchLen: 10, betweenTime: 601 }, PLAN_STATUS.betweenTimeOutOfRange],
    ['waits -1 s', { count: 10, batchLen: 10, betweenTime: -1 }, PLAN_STATUS.betweenTimeOutOfRange],
    ['waits 1.5 s', { count: 10, batchLen: 10, betweenTime: 1.5 }, PLAN_STATUS.betweenTimeOutOfRange],
    ['waits the maximum 600 s', { count: 10, batchLen: 10, betweenTime: 600 }, PLAN_STATUS.allowed],
    ['waits 0 s', { count: 10, batchLen: 10, betweenTime: 0 }, PLAN_STATUS.allowed],
    // 23:30 Moscow: the default window closes at 23:00
    [
      'is scheduled outside the sending window',
      { count: 10, batchLen: 10, start: at('2026-03-10T20:30:00Z') },
      PLAN_STATUS.outsideWindow,
    ],
    [
      'is scheduled exactly at the window close',
      { count: 10, batchLen: 10, start: at('2026-03-10T20:00:00Z') },
      PLAN_STATUS.outsideWindow,
    ],
    ['starts now', { count: 10, batchLen: 10, start: now }, PLAN_STATUS.allowed],
  ])('a send-out that %s', (_name, req, status) => {
    const { answer } = allowedToRun({ ...base, ...req }, ctx);
    expect(answer.status).toBe(status);
    expect(answer.allowed).toBe(status === PLAN_STATUS.allowed);
    expect(answer.ok).toBe(true);
  });

  it('answers the planned duration in seconds, also with a refusal that planned', () => {
    const ok = allowedToRun({ ...base, count: 640, batchLen: 640 }, ctx);
    expect(ok.answer.duration).toBe(640);
    expect(ok.plan?.days).toHaveLength(1);
    const over = allowedToRun({ ...base, count: 641, batchLen: 641 }, ctx);
    expect(over.answer.duration).toBe(641);
    const past = allowedToRun({ ...base, count: 10, batchLen: 10, start: at('2026-03-10T05:00:00Z') }, ctx);
    expect(past.answer.duration).toBe(0);
    expect(past.plan).toBeNull();
  });

  it('answers ok false for a request that cannot be planned', () => {
    for (const bad of [
      { count: 0, batchLen: 10 },
      { count: 10, batchLen: 0 },
      { count: 2.5, batchLen: 10 },
    ]) {
      expect(allowedToRun({ ...base, ...bad }, ctx).answer).toEqual({
        allowed: false,
        duration: 0,
        ok: false,
        status: PLAN_STATUS.invalid,
      });
    }
  });

  it('honours a narrower maximum for the time between messages', () => {
    const narrow = { ...ctx, maxBetweenTime: 30 };
    expect(allowedToRun({ ...base, count: 1, batchLen: 1, betweenTime: 30 }, narrow).answer.allowed).toBe(true);
    expect(allowedToRun({ ...base, count: 1, batchLen: 1, betweenTime: 31 }, narrow).answer.status).toBe(
      PLAN_STATUS.betweenTimeOutOfRange,
    );
  });

  it('skips the quota check without a quota', () => {
    const free = { ...ctx, quoteForDay: null };
    expect(allowedToRun({ ...base, count: 5000, batchLen: 5000 }, free).answer.allowed).toBe(true);
  });

  it('launches an immediate send-out now, ignoring the date, and waits for the window when it is closed', () => {
    const late = { ...ctx, now: at('2026-03-10T20:30:00Z'), existing: [] }; // 23:30 Moscow
    const { answer, plan } = allowedToRun(
      { ...base, count: 10, batchLen: 10, delay: false, start: at('2020-01-01T00:00:00Z') },
      late,
    );
    expect(answer.allowed).toBe(true);
    // 00:00 Moscow on the 11th
    expect(plan?.start.toISOString()).toBe('2026-03-10T21:00:00.000Z');
  });

  it('accepts a start exactly 60 days ahead', () => {
    const start = at(new Date(now.getTime() + START_HORIZON_MS).toISOString());
    expect(allowedToRun({ ...base, count: 10, batchLen: 10, start }, { ...ctx, existing: [] }).answer.allowed).toBe(
      true,
    );
  });

  it.each([
    ['Asia/Vladivostok', '2026-03-10T13:30:00Z', false], // 23:30 local
    ['Asia/Vladivostok', '2026-03-10T12:55:00Z', true], // 22:55 local
    ['Europe/Kaliningrad', '2026-03-10T21:30:00Z', false], // 23:30 local
    ['Europe/Kaliningrad', '2026-03-10T20:55:00Z', true], // 22:55 local
    ['Europe/Berlin', '2026-03-29T21:30:00Z', false], // 23:30 CEST
    ['Europe/Berlin', '2026-03-29T20:55:00Z', true], // 22:55 CEST
    ['Europe/Berlin', '2026-10-25T22:30:00Z', false], // 23:30 CET
    ['Europe/Berlin', '2026-10-25T21:55:00Z', true], // 22:55 CET
  ])('reads the default window in the branch zone %s: a start at %s is inside: %s', (zone, start, inside) => {
    const answer = allowedToRun(
      { count: 1, batchLen: 1, betweenTime: 10, delay: true, start: at(start) },
      { now: new Date(at(start).getTime() - 86_400_000), timeZone: zone, existing: [] },
    ).answer;
    expect(answer.status).toBe(inside ? PLAN_STATUS.allowed : PLAN_STATUS.outsideWindow);
  });
});

describeInServerZones('earliest allowed start', () => {
  const small: Candidate = { count: 10, batchLen: 100, betweenTime: 60, instanceId: 'wa1' };
  const moscow = (now: string, extra: Partial<PlanContext> = {}): PlanContext => ({
    now: at(now),
    timeZone: 'Europe/Moscow',
    existing: [],
    ...extra,
  });

  it.each([
    ['about an hour ahead, rounded up to 5 minutes', '2026-03-10T09:03:20Z', '2026-03-10T10:05:00.000Z'],
    ['exactly an hour ahead when on a step', '2026-03-10T09:00:00Z', '2026-03-10T10:00:00.000Z'],
    ['one step up from a millisecond past it', '2026-03-10T09:00:00.001Z', '2026-03-10T10:05:00.000Z'],
  ])('is %s', (_name, now, expected) => {
    expect(earliestAllowedStart(small, moscow(now))?.toISOString()).toBe(expected);
  });

  it('moves past a send-out on the same number, to the next step after it', () => {
    const existing = [sendout('A', 'wa1', busy('2026-03-10', '2026-03-10T10:00:00Z', '2026-03-10T10:42:10Z', 10))];
    expect(earliestAllowedStart(small, moscow('2026-03-10T09:00:00Z', { existing }))?.toISOString()).toBe(
      '2026-03-10T10:45:00.000Z',
    );
  });

  it('keeps moving while the gap is too short for the whole first day', () => {
    const existing = [
      sendout('A', 'wa1', busy('2026-03-10', '2026-03-10T10:00:00Z', '2026-03-10T10:42:10Z', 10)),
      sendout('B', 'wa1', busy('2026-03-10', '2026-03-10T10:50:00Z', '2026-03-10T11:30:00Z', 10)),
    ];
    expect(earliestAllowedStart(small, moscow('2026-03-10T09:00:00Z', { existing }))?.toISOString()).toBe(
      '2026-03-10T11:30:00.000Z',
    );
  });

  it('starts at the next window opening, rounded up to 5 minutes', () => {
    const ctx = moscow('2026-03-10T19:00:00Z', { window: { from: '09:03', to: '21:00' } }); // 22:00 Moscow
    expect(earliestAllowedStart(small, ctx)?.toISOString()).toBe('2026-03-11T06:05:00.000Z');
  });

  it('jumps a day when another send-out blocks a later day, then waits for it on the new first day', () => {
    // B holds 00:00–00:30 Moscow on the 11th; from 22:00 on the 10th the candidate would cross it on its
    // second day, so it starts on the 11th right after B.
    const existing = [sendout('B', 'wa1', busy('2026-03-11', '2026-03-10T21:00:00Z', '2026-03-10T21:30:00Z', 180))];
    const c: Candidate = { count: 200, batchLen: 100, betweenTime: 60, instanceId: 'wa1' };
    expect(earliestAllowedStart(c, moscow('2026-03-10T18:00:00Z', { existing }))?.toISOString()).toBe(
      '2026-03-10T21:30:00.000Z',
    );
  });

  it('starts late enough on the first day to stay within the quota', () => {
    // 900 of 1000 already planned today (another number); 100 fit before 23:00 Moscow (20:00Z) a minute apart.
    const existing = [sendout('C', 'wa2', busy('2026-03-10', '2026-03-10T07:00:00Z', '2026-03-10T08:00:00Z', 900))];
    const c: Candidate = { count: 300, batchLen: 300, betweenTime: 60, instanceId: 'wa1' };
    const ctx = moscow('2026-03-10T09:00:00Z', { existing, quoteForDay: 1000 });
    const start = earliestAllowedStart(c, ctx);
    expect(start?.toISOString()).toBe('2026-03-10T18:20:00.000Z');
    expect(allowedToRun({ ...c, start: start!, delay: true }, ctx).plan?.days.map((d) => d.count)).toEqual([100, 200]);
  });

  it('moves to the next day when today has no quota left', () => {
    const existing = [sendout('C', 'wa2', busy('2026-03-10', '2026-03-10T07:00:00Z', '2026-03-10T08:00:00Z', 1000))];
    const ctx = moscow('2026-03-10T09:00:00Z', { existing, quoteForDay: 1000 });
    expect(earliestAllowedStart(small, ctx)?.toISOString()).toBe('2026-03-10T21:00:00.000Z');
  });

  it.each([
    ['its own daily limit is above the quota', { count: 5000, batchLen: 2000, betweenTime: 1 }, { quoteForDay: 1000 }],
    ['the time between messages is out of range', { count: 10, batchLen: 10, betweenTime: 700 }, {}],
    ['the request is unusable', { count: 0, batchLen: 10, betweenTime: 10 }, {}],
  ])('is none when %s', (_name, c, extra) => {
    expect(earliestAllowedStart(c, moscow('2026-03-10T09:00:00Z', extra))).toBeNull();
  });

  it('is none when every day of the horizon is full', () => {
    const days = Array.from({ length: 70 }, (_, i) => {
      const d = new Date(Date.UTC(2026, 2, 10 + i));
      const day = d.toISOString().slice(0, 10);
      return busy(day, `${day}T07:00:00Z`, `${day}T08:00:00Z`, 1000);
    });
    const ctx = moscow('2026-03-10T09:00:00Z', { existing: [sendout('C', 'wa2', ...days)], quoteForDay: 1000 });
    expect(earliestAllowedStart(small, ctx)).toBeNull();
  });

  it('searches from a given instant with a given lead', () => {
    expect(
      earliestAllowedStart(small, moscow('2026-03-10T09:00:00Z'), at('2026-03-12T10:01:00Z'), 0)?.toISOString(),
    ).toBe('2026-03-12T10:05:00.000Z');
  });
});

describeInServerZones('not allowed days of the calendar', () => {
  // 12:00 in Vladivostok on 10 March; default window 00:00–23:00 local (14:00Z the day before – 13:00Z).
  const now = at('2026-03-10T02:00:00Z');
  const existing = [
    // 800 planned on the 12th: 800 + 300 > 1000
    sendout('X', 'wa1', busy('2026-03-12', '2026-03-11T20:00:00Z', '2026-03-11T21:00:00Z', 800)),
    // the 14th busy for the whole window
    sendout('Y', 'wa1', busy('2026-03-14', '2026-03-13T14:00:00Z', '2026-03-14T13:00:00Z', 100)),
    // the 15th busy until 22:58: the next 5-minute step is the close
    sendout('Z', 'wa1', busy('2026-03-15', '2026-03-14T14:00:00Z', '2026-03-15T12:58:00Z', 100)),
    // the 16th busy until 22:50: one slot left before 23:00
    sendout('V', 'wa1', busy('2026-03-16', '2026-03-15T14:00:00Z', '2026-03-16T12:50:00Z', 100)),
    // the 17th busy on another number
    sendout('W', 'wa2', busy('2026-03-17', '2026-03-16T14:00:00Z', '2026-03-17T13:00:00Z', 100)),
    // 700 planned on the 18th: exactly fills the quota with 300
    sendout('Q', 'wa2', busy('2026-03-18', '2026-03-17T20:00:00Z', '2026-03-17T21:00:00Z', 700)),
  ];
  const base = {
    now,
    timeZone: 'Asia/Vladivostok',
    existing,
    quoteForDay: 1000,
    betweenTime: 60,
    candidateDaily: 300,
    instanceId: 'wa1',
  };

  it('marks past days, over-quota days and days with no free slot', () => {
    expect(notAllowedDays({ ...base, fromDay: '2026-03-01', toDay: '2026-03-20' })).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-12',
      '2026-03-14',
      '2026-03-15',
    ]);
  });

  it('counts a busy day of another number as busy when the number is unknown', () => {
    expect(notAllowedDays({ ...base, instanceId: null, fromDay: '2026-03-17', toDay: '2026-03-17' })).toEqual([
      '2026-03-17',
    ]);
  });

  it('marks today once its window has closed', () => {
    const late = { ...base, now: at('2026-03-10T13:30:00Z'), fromDay: '2026-03-10', toDay: '2026-03-11' };
    expect(notAllowedDays(late)).toEqual(['2026-03-10']);
  });

  it('marks the days beyond the 60-day horizon', () => {
    // now + 60 days = 9 May 02:00Z; 9 May opens at 8 May 14:00Z, 10 May at 9 May 14:00Z
    expect(notAllowedDays({ ...base, fromDay: '2026-05-08', toDay: '2026-05-11' })).toEqual([
      '2026-05-10',
      '2026-05-11',
    ]);
  });

  it.each([
    [999, false],
    [1000, true],
  ])('without the candidate size a day needs room for one more message: %i planned → refused %s', (n, refused) => {
    const full = [sendout('F', 'wa2', busy('2026-03-11', '2026-03-10T20:00:00Z', '2026-03-10T21:00:00Z', n))];
    const days = notAllowedDays({
      ...base,
      existing: full,
      candidateDaily: undefined,
      fromDay: '2026-03-11',
      toDay: '2026-03-11',
    });
    expect(days).toEqual(refused ? ['2026-03-11'] : []);
  });

  it('treats a window over midnight as open until it closes the next morning', () => {
    const night = { ...base, timeZone: 'Europe/Moscow', existing: [], window: { from: '22:00', to: '02:00' } };
    // 23:00 Moscow: the 10th's window is open
    expect(
      notAllowedDays({ ...night, now: at('2026-03-10T20:00:00Z'), fromDay: '2026-03-10', toDay: '2026-03-11' }),
    ).toEqual([]);
    // 02:30 Moscow on the 11th: the 10th's window closed at 02:00
    expect(
      notAllowedDays({ ...night, now: at('2026-03-10T23:30:00Z'), fromDay: '2026-03-10', toDay: '2026-03-11' }),
    ).toEqual(['2026-03-10']);
  });

  it('marks a day whose window falls into the spring-forward gap', () => {
    const berlin = {
      ...base,
      now: at('2026-03-20T00:00:00Z'),
      timeZone: 'Europe/Berlin',
      existing: [],
      window: { from: '02:00', to: '03:00' },
    };
    expect(notAllowedDays({ ...berlin, fromDay: '2026-03-28', toDay: '2026-03-30' })).toEqual(['2026-03-29']);
  });

  it('finds every day of a month free when nothing is planned', () => {
    const free = { ...base, existing: [], now: at('2026-02-28T00:00:00Z') };
    expect(notAllowedDays({ ...free, fromDay: '2026-03-01', toDay: '2026-03-31' })).toEqual([]);
  });
});

describe('not allowed days with the candidate alone over the quota', () => {
  it('marks every day', () => {
    const days = notAllowedDays({
      now: at('2026-03-01T00:00:00Z'),
      timeZone: 'Europe/Moscow',
      existing: [],
      quoteForDay: 100,
      betweenTime: 10,
      candidateDaily: 101,
      fromDay: '2026-03-10',
      toDay: '2026-03-12',
    });
    expect(days).toEqual(['2026-03-10', '2026-03-11', '2026-03-12']);
  });
});

describe('calendar day range', () => {
  const base = {
    now: at('2026-03-01T00:00:00Z'),
    timeZone: 'Europe/Moscow',
    existing: [],
    quoteForDay: 100,
    betweenTime: 10,
  };

  it.each([
    ['a malformed day', '2026-3-1', '2026-03-10'],
    ['an impossible day', '2026-03-01', '2026-02-30'],
    ['more than a year', '2026-03-01', '2027-03-02'],
  ])('refuses %s', (_name, fromDay, toDay) => {
    expect(() => notAllowedDays({ ...base, fromDay, toDay })).toThrow(RangeError);
  });

  it('answers nothing for an empty range and takes a whole year', () => {
    expect(notAllowedDays({ ...base, fromDay: '2026-03-10', toDay: '2026-03-09' })).toEqual([]);
    // 366 days; 1 March to 30 April (61 days) open before the horizon ends on 30 April 00:00Z.
    const year = notAllowedDays({ ...base, fromDay: '2026-03-01', toDay: '2027-03-01' });
    expect(year).toHaveLength(366 - 61);
    expect(year[0]).toBe('2026-05-01');
  });
});

describe("the number's room today", () => {
  // 10 messages a minute apart from 10:00 Moscow, 100 a day at most.
  const req = {
    count: 10,
    batchLen: 100,
    betweenTime: 60,
    instanceId: 'wa1',
    start: at('2026-03-10T07:00:00Z'),
    delay: true,
  };
  const base: PlanContext = { now: at('2026-03-10T06:00:00Z'), timeZone: 'Europe/Moscow', existing: [] };

  it('fits everything today when the number has room', () => {
    const { plan } = allowedToRun(req, { ...base, numberToday: { day: '2026-03-10', room: 50 } });
    expect(plan?.days.map((d) => d.count)).toEqual([10]);
  });

  it('moves what reminders and test messages left no room for to the next day, and the duration says so', () => {
    const free = allowedToRun(req, base);
    const { plan, answer } = allowedToRun(req, { ...base, numberToday: { day: '2026-03-10', room: 4 } });
    expect(plan?.days.map((d) => [d.day, d.count])).toEqual([
      ['2026-03-10', 4],
      ['2026-03-11', 6],
    ]);
    expect(answer.duration).toBeGreaterThan(free.answer.duration + 12 * 3600);
  });

  it('leaves a later day alone', () => {
    const { plan } = allowedToRun(req, { ...base, numberToday: { day: '2026-03-09', room: 0 } });
    expect(plan?.days.map((d) => d.count)).toEqual([10]);
  });
});
