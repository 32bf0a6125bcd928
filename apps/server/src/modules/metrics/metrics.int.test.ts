import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOM_EVENTS, METRIC_EVENTS, type MetricsSummary } from '@salon/contract/metrics';
import { queryRows } from '../../platform/db/client.js';
import { DEMO_BRANCHES, DEMO_USERS } from '../../seed/demo.js';
import { DB_KINDS } from '../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../test-support/harness.js';
import { METRICS_PER_USER_PER_MINUTE } from './service.js';

const { moscow } = DEMO_BRANCHES;
const OPS_TOKEN = 'metrics-ops-token-0123456789abcdef';

interface Row {
  event: string;
  kind: string;
  user_id: number | string | null;
  acc_id: number | null;
  props: unknown;
  at: Date | string;
}

describe.each(DB_KINDS)('product metrics (%s)', (kind) => {
  let app: TestApp;
  let owner: string;
  let admin: string;
  let stranger: string;

  beforeAll(async () => {
    app = await startTestApp(kind, { OPS_TOKEN });
    owner = (await app.login(DEMO_USERS.owner, '10.72.0.1')).token;
    admin = (await app.login(DEMO_USERS.templatesAdmin, '10.72.0.2')).token;
    stranger = (await app.login(DEMO_USERS.sendOutOwner, '10.72.0.3')).token;
  });
  afterAll(async () => {
    await app?.close();
  });

  const post = (path: string, body?: unknown, token = owner, query = '') =>
    app.request({ method: 'POST', url: `/api/metrics/${path}${query}`, token, body });
  const rows = async () =>
    (await queryRows<Row>(app.runtime.database.db, sql`select * from metric_events order by id`)).map((r) => ({
      ...r,
      user_id: r.user_id === null ? null : Number(r.user_id),
      at: new Date(r.at).toISOString(),
    }));
  const summary = (query: string, token: string | null = OPS_TOKEN) =>
    app.runtime.http!.inject({
      method: 'GET',
      url: `/api/ops/metrics_summary?${query}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('records every SPEC 7 event by its path, with user, branch and the server clock', async () => {
    for (const event of METRIC_EVENTS) {
      const res = await post(event, { props: { tab: 'event', n: 1 } }, owner, `?acc_id=${moscow}`);
      expect([event, res.statusCode, res.body]).toEqual([event, 204, '']);
    }
    const stored = await rows();
    expect(stored.map((r) => r.event)).toEqual([...METRIC_EVENTS]);
    expect(stored[0]).toEqual({
      ...stored[0],
      kind: 'metric',
      user_id: DEMO_USERS.owner,
      acc_id: moscow,
      props: { tab: 'event', n: 1 },
      at: '2026-03-10T09:00:00.000Z',
    });
  });

  it('takes an empty body and no branch (lk_login right after the login)', async () => {
    const res = await app.request({ method: 'POST', url: '/api/metrics/lk_login', token: admin });
    expect(res.statusCode, res.body).toBe(204);
    expect((await rows()).at(-1)).toMatchObject({
      event: 'lk_login',
      user_id: DEMO_USERS.templatesAdmin,
      acc_id: null,
      props: null,
    });
  });

  it('records custom events by name', async () => {
    for (const name of CUSTOM_EVENTS) expect((await post('send_custom_event', { name })).statusCode).toBe(204);
    const res = await post('send_custom_event', { name: 'Pay button 3 months', props: { months: 3 }, acc_id: moscow });
    expect(res.statusCode, res.body).toBe(204);
    expect((await rows()).at(-1)).toMatchObject({ event: 'Pay button 3 months', kind: 'custom', acc_id: moscow });
  });

  it('refuses unknown events, bad names and props, NUL bytes and overlong input', async () => {
    const before = (await rows()).length;
    expect((await post('not_an_event', {})).statusCode).toBe(404);
    // Longer than any route parameter: refused before the route (414).
    expect((await post('x'.repeat(200), {})).statusCode).toBeGreaterThanOrEqual(400);
    expect((await post('x'.repeat(200), {})).statusCode).toBeLessThan(500);
    expect((await post('send_custom_event', {})).statusCode).toBe(400);
    expect((await post('send_custom_event', { name: '' })).statusCode).toBe(400);
    expect((await post('send_custom_event', { name: 'a'.repeat(65) })).statusCode).toBe(400);
    expect((await post('send_custom_event', { name: 'drop;table' })).statusCode).toBe(400);
    expect((await post('send_custom_event', { name: 'ok\u0000' })).statusCode).toBe(400);
    expect((await post('lk_login', { props: { text: 'a\u0000b' } })).statusCode).toBe(400);
    expect((await post('lk_login', { props: { text: 'x'.repeat(201) } })).statusCode).toBe(400);
    expect((await post('lk_login', { props: { nested: { deep: 1 } } })).statusCode).toBe(400);
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i]));
    expect((await post('lk_login', { props: many })).statusCode).toBe(400);
    expect((await rows()).length).toBe(before);
  });

  it('needs a session, and a branch named must be the caller’s', async () => {
    const anonymous = await app.request({ method: 'POST', url: '/api/metrics/lk_login', body: {} });
    expect(anonymous.statusCode).toBe(401);
    expect((await post('connect_qr', {}, stranger, `?acc_id=${moscow}`)).statusCode).toBe(403);
  });

  it('limits each user so a loop cannot flood the table', async () => {
    // A minute later: the window of the calls above has passed.
    app.clock.advance(61_000);
    const before = (await rows()).length;
    const statuses: number[] = [];
    for (let i = 0; i < METRICS_PER_USER_PER_MINUTE + 5; i++)
      statuses.push((await post('friend_read', {}, admin)).statusCode);
    expect(statuses.filter((s) => s === 204)).toHaveLength(METRICS_PER_USER_PER_MINUTE);
    expect(statuses.slice(-5)).toEqual([429, 429, 429, 429, 429]);
    // Another user is not held back; the same one is again a minute later.
    expect((await post('friend_read', {}, owner)).statusCode).toBe(204);
    app.clock.advance(61_000);
    expect((await post('friend_read', {}, admin)).statusCode).toBe(204);
    expect((await rows()).length).toBe(before + METRICS_PER_USER_PER_MINUTE + 2);
  });

  it('sums events per event per UTC day for the operator', async () => {
    // Two events the next day, one the day after.
    // A day later the access tokens of the morning have expired: fresh sessions.
    app.clock.set(new Date('2026-03-11T23:55:00Z'));
    owner = (await app.login(DEMO_USERS.owner, '10.72.0.4')).token;
    admin = (await app.login(DEMO_USERS.templatesAdmin, '10.72.0.5')).token;
    expect((await post('connect_qr_open', {})).statusCode).toBe(204);
    expect((await post('connect_qr_open', {}, admin)).statusCode).toBe(204);
    app.clock.set(new Date('2026-03-12T00:05:00Z'));
    expect((await post('connect_qr_open', {})).statusCode).toBe(204);

    const res = await summary('date_start=2026-03-10&date_end=2026-03-12&event=connect_qr_open');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<MetricsSummary>().data).toEqual([
      { event: 'connect_qr_open', day: '2026-03-10', count: 1 },
      { event: 'connect_qr_open', day: '2026-03-11', count: 2 },
      { event: 'connect_qr_open', day: '2026-03-12', count: 1 },
    ]);
    // friend_read: one from the first test, the limit's worth, and two more.
    const all = (await summary('date_start=2026-03-10&date_end=2026-03-10')).json<MetricsSummary>().data;
    expect(all.find((r) => r.event === 'friend_read')).toEqual({ event: 'friend_read', day: '2026-03-10', count: 123 });
    expect(all.find((r) => r.event === 'login')).toEqual({ event: 'login', day: '2026-03-10', count: 1 });
    expect((await summary('date_start=2026-03-13&date_end=2026-03-13')).json<MetricsSummary>().data).toEqual([]);
  });

  it('guards the summary with the operator token and checks its dates', async () => {
    expect((await summary('date_start=2026-03-10&date_end=2026-03-12', null)).statusCode).toBe(401);
    expect(
      (await summary('date_start=2026-03-10&date_end=2026-03-12', 'wrong-token-wrong-token-wrong')).statusCode,
    ).toBe(401);
    expect((await summary('date_start=2026-03-12&date_end=2026-03-10')).statusCode).toBe(400);
    expect((await summary('date_start=2026-13-45&date_end=2026-03-10')).statusCode).toBe(400);
    expect((await summary('date_start=2025-01-01&date_end=2026-03-10')).statusCode).toBe(400);
    expect((await summary('date_start=2026-03-10')).statusCode).toBe(400);
  });
});

describe('product metrics without OPS_TOKEN', () => {
  it('has no summary (404)', async () => {
    const app = await startTestApp('pglite');
    try {
      const res = await app.runtime.http!.inject({
        method: 'GET',
        url: '/api/ops/metrics_summary?date_start=2026-03-10&date_end=2026-03-10',
        headers: { authorization: 'Bearer anything-anything-anything-1' },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
