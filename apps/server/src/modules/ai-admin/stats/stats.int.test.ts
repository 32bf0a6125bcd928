import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiStatsResponse, AiStatsRow } from '@salon/contract/ai-stats';
import { DEMO_BRANCHES, DEMO_USERS } from '../../../seed/demo.js';
import { DB_KINDS } from '../../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../../test-support/harness.js';

const { moscow, yekaterinburg } = DEMO_BRANCHES;
const STATS = '/api/ai/api/v1/statistics';

type Event = {
  conv: number;
  kind: 'conversation' | 'answer' | 'handover' | 'booked' | 'moved' | 'cancelled';
  at: string;
  answerMs?: number;
  reason?: string;
  revenue?: number;
};

// Moscow is UTC+3, Yekaterinburg UTC+5 (no daylight saving in either). Comments give local times.
const MOSCOW_EVENTS: Event[] = [
  // Before the range: 23:59 on 1 March.
  { conv: 5, kind: 'conversation', at: '2026-03-01T20:59:00Z' },
  // 00:00 on 2 March: the range's first second.
  { conv: 7, kind: 'conversation', at: '2026-03-01T21:00:00Z' },
  { conv: 7, kind: 'answer', at: '2026-03-01T21:00:03Z', answerMs: 3_000 },
  { conv: 1, kind: 'conversation', at: '2026-03-02T07:00:00Z' },
  { conv: 1, kind: 'answer', at: '2026-03-02T07:00:05Z', answerMs: 5_000 },
  // Not the first answer of its conversation: not in the median.
  { conv: 1, kind: 'answer', at: '2026-03-02T07:10:00Z', answerMs: 1_000 },
  { conv: 1, kind: 'booked', at: '2026-03-02T07:20:00Z', revenue: 2_500 },
  // 23:59 on 3 March.
  { conv: 3, kind: 'conversation', at: '2026-03-03T20:59:00Z' },
  // 00:00 and 00:05 on 4 March; one conversation handed over twice counts once.
  { conv: 3, kind: 'handover', at: '2026-03-03T21:00:00Z', reason: 'no_match' },
  { conv: 3, kind: 'handover', at: '2026-03-03T21:05:00Z', reason: 'no_match' },
  // 21:30 UTC on 3 March is 00:30 on 4 March in Moscow.
  { conv: 2, kind: 'conversation', at: '2026-03-03T21:30:00Z' },
  { conv: 2, kind: 'answer', at: '2026-03-03T21:30:30Z', answerMs: 30_000 },
  { conv: 2, kind: 'handover', at: '2026-03-03T21:40:00Z', reason: 'client_asked' },
  { conv: 4, kind: 'conversation', at: '2026-03-09T10:00:00Z' },
  { conv: 4, kind: 'answer', at: '2026-03-09T10:00:12Z', answerMs: 12_000 },
  { conv: 4, kind: 'moved', at: '2026-03-09T10:05:00Z', revenue: 1_800 },
  { conv: 4, kind: 'cancelled', at: '2026-03-09T10:06:00Z' },
  // After the range: 00:00 on 11 March.
  { conv: 6, kind: 'conversation', at: '2026-03-10T21:00:00Z' },
  { conv: 6, kind: 'booked', at: '2026-03-10T21:01:00Z', revenue: 9_999 },
];

const YEKATERINBURG_EVENTS: Event[] = [
  // 23:59 on 3 March in Yekaterinburg.
  { conv: 9, kind: 'conversation', at: '2026-03-03T18:59:00Z' },
  // 00:30 on 4 March in Yekaterinburg (still 3 March in Moscow).
  { conv: 8, kind: 'conversation', at: '2026-03-03T19:30:00Z' },
  { conv: 8, kind: 'answer', at: '2026-03-03T19:30:07Z', answerMs: 7_000 },
];

const zero = { conversations: 0, answered_by_bot: 0, handed_over: 0, bookings: 0, moved: 0, cancelled: 0, revenue: 0 };
const row = (period: string, counts: Partial<typeof zero> = {}): AiStatsRow => ({ period, ...zero, ...counts });

describe.each(DB_KINDS)('AI statistics API (%s)', (kind) => {
  let app: TestApp;
  let owner: string;
  let stranger: string;

  beforeAll(async () => {
    app = await startTestApp(kind);
    owner = (await app.login(DEMO_USERS.owner)).token;
    stranger = (await app.login(DEMO_USERS.sendOutOwner)).token;
    const db = app.runtime.database.db;
    const insert = async (accId: number, events: Event[]) => {
      for (const e of events) {
        // Conversation ids are kept apart per branch, as the table's serial would.
        await db.execute(sql`insert into ai_events (acc_id, conversation_id, kind, reason, record_id, revenue, answer_ms, at)
          values (${accId}, ${accId * 100 + e.conv}, ${e.kind}, ${e.reason ?? null},
            ${e.revenue === undefined ? null : `r-${e.conv}`}, ${e.revenue ?? 0}, ${e.answerMs ?? null}, ${e.at}::timestamptz)`);
      }
    };
    await insert(moscow, MOSCOW_EVENTS);
    await insert(yekaterinburg, YEKATERINBURG_EVENTS);
  });
  afterAll(async () => {
    await app?.close();
  });

  const get = async (query: string, token = owner) => {
    const res = await app.request({ method: 'GET', url: `${STATS}?${query}`, token });
    return { code: res.statusCode, body: res.json<AiStatsResponse & { status?: string }>() };
  };
  const ok = async (query: string) => {
    const res = await get(query);
    expect(res.code, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  it('counts the range in the branch’s local days, with a zero row for each quiet day', async () => {
    const body = await ok(`acc_id=${moscow}&account_id=${moscow}&date_start=2026-03-02&date_end=2026-03-10`);
    expect(body.totals).toEqual({
      conversations: 5,
      answered_by_bot: 4,
      handed_over: 2,
      bookings: 1,
      moved: 1,
      cancelled: 1,
      revenue: 4_300,
      handover_reasons: { no_match: 1, client_asked: 1, provider_failed: 0, booking_failed: 0 },
      // First answers 3, 5, 12 and 30 s: the median lies between 5 and 12.
      median_first_answer_sec: 8.5,
    });
    expect(body.series).toEqual([
      row('2026-03-02', { conversations: 2, answered_by_bot: 2, bookings: 1, revenue: 2_500 }),
      row('2026-03-03', { conversations: 1 }),
      row('2026-03-04', { conversations: 1, answered_by_bot: 1, handed_over: 2 }),
      row('2026-03-05'),
      row('2026-03-06'),
      row('2026-03-07'),
      row('2026-03-08'),
      row('2026-03-09', { conversations: 1, answered_by_bot: 1, moved: 1, cancelled: 1, revenue: 1_800 }),
      row('2026-03-10'),
    ]);
  });

  it('groups by ISO week, each period named by its Monday, counting only the range’s days', async () => {
    const whole = await ok(`acc_id=${moscow}&date_start=2026-03-02&date_end=2026-03-10&group_by=week`);
    expect(whole.series).toEqual([
      row('2026-03-02', { conversations: 4, answered_by_bot: 3, handed_over: 2, bookings: 1, revenue: 2_500 }),
      row('2026-03-09', { conversations: 1, answered_by_bot: 1, moved: 1, cancelled: 1, revenue: 1_800 }),
    ]);
    // From a Wednesday: the week of 2 March holds only 4–8 March.
    const part = await ok(`acc_id=${moscow}&date_start=2026-03-04&date_end=2026-03-09&group_by=week`);
    expect(part.series).toEqual([
      row('2026-03-02', { conversations: 1, answered_by_bot: 1, handed_over: 2 }),
      row('2026-03-09', { conversations: 1, answered_by_bot: 1, moved: 1, cancelled: 1, revenue: 1_800 }),
    ]);
    expect(part.totals.median_first_answer_sec).toBe(21);
  });

  it('puts an event in the day of each branch’s own zone', async () => {
    // 19:30 UTC on 3 March is already 4 March in Yekaterinburg; Moscow's events are not counted here.
    const body = await ok(`acc_id=${yekaterinburg}&date_start=2026-03-03&date_end=2026-03-04`);
    expect(body.series).toEqual([
      row('2026-03-03', { conversations: 1 }),
      row('2026-03-04', { conversations: 1, answered_by_bot: 1 }),
    ]);
    expect(body.totals).toMatchObject({ conversations: 2, answered_by_bot: 1, median_first_answer_sec: 7 });
    // The same instant in Moscow is 22:30 on 3 March: one day later there is nothing of Moscow's.
    const moscowDay = await ok(`acc_id=${moscow}&date_start=2026-03-05&date_end=2026-03-05`);
    expect(moscowDay.totals).toMatchObject({ ...zero, median_first_answer_sec: null });
    expect(moscowDay.series).toEqual([row('2026-03-05')]);
  });

  it('refuses another branch, a mismatched account_id and a bad range', async () => {
    expect((await get(`acc_id=${moscow}&date_start=2026-03-02&date_end=2026-03-10`, stranger)).code).toBe(403);
    expect(
      (await get(`acc_id=${moscow}&account_id=${yekaterinburg}&date_start=2026-03-02&date_end=2026-03-10`)).code,
    ).toBe(403);
    for (const range of [
      'date_start=2026-03-10&date_end=2026-03-02',
      'date_start=2026-02-31&date_end=2026-03-02',
      'date_start=2020-01-01&date_end=2026-03-02',
      'date_start=2026-03-02',
    ]) {
      expect((await get(`acc_id=${moscow}&${range}`)).code, range).toBe(400);
    }
  });
});
