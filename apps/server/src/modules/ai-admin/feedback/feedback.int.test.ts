import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../platform/db/client.js';
import { DEMO_BRANCHES, DEMO_USERS } from '../../../seed/demo.js';
import { DB_KINDS } from '../../../test-support/databases.js';
import { startFakeProviderServer, type FakeProviderServer } from '../../../test-support/fake-provider-server.js';
import { startTestApp, type TestApp } from '../../../test-support/harness.js';
import { httpFeedbackWebhook } from './webhook.js';

const { moscow, yekaterinburg } = DEMO_BRANCHES;
const FEEDBACK = '/api/ai/api/v1/feedback';

interface StoredFeedback {
  id: number;
  acc_id: number;
  user_id: number;
  text: string;
  rate: number | null;
  topic: string | null;
  branch_name: string | null;
  forwarded_at: Date | string | null;
}

describe.each(DB_KINDS)('AI feedback (%s)', (kind) => {
  let app: TestApp;
  let webhook: FakeProviderServer;
  let owner: string;
  let stranger: string;
  // What the receiver answers: up, down (503), or a redirect elsewhere.
  let mode: 'up' | 'down' | 'redirect' = 'up';

  beforeAll(async () => {
    webhook = await startFakeProviderServer(() => {
      if (mode === 'down') return { status: 503, text: 'maintenance' };
      if (mode === 'redirect') return { status: 307, headers: { location: `${webhook.baseUrl}/elsewhere` }, text: '' };
      return { json: { ok: true } };
    });
    app = await startTestApp(kind, { AI_FEEDBACK_WEBHOOK_URL: `${webhook.baseUrl}/hook` });
    owner = (await app.login(DEMO_USERS.owner)).token;
    stranger = (await app.login(DEMO_USERS.sendOutOwner)).token;
  });
  afterAll(async () => {
    await app?.close();
    await webhook?.close();
  });

  const send = (body: unknown, query = `acc_id=${moscow}`, token = owner) =>
    app.request({ method: 'POST', url: `${FEEDBACK}?${query}`, token, body });
  // user_id is a bigint (a Telegram id): node-postgres reads int8 as a string, PGlite as a number.
  const stored = async () =>
    (await queryRows<StoredFeedback>(app.runtime.database.db, sql`select * from ai_feedback order by id`)).map((r) => ({
      ...r,
      user_id: Number(r.user_id),
    }));
  const hooks = () => webhook.requests.filter((r) => r.path === '/hook');

  it('keeps the feedback and forwards it to the webhook as JSON', async () => {
    const res = await send(
      { text: '  Бот не понял вопрос о цене  ', rate: 2, topic: 'not_clear', branch_name: 'Салон на Тверской' },
      `acc_id=${moscow}&account_id=${moscow}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const [row] = await stored();
    expect(row).toMatchObject({
      acc_id: moscow,
      user_id: DEMO_USERS.owner,
      text: 'Бот не понял вопрос о цене',
      rate: 2,
      topic: 'not_clear',
      branch_name: 'Салон на Тверской',
    });
    expect(row!.forwarded_at).not.toBeNull();
    expect(hooks()).toHaveLength(1);
    expect(hooks()[0]!.method).toBe('POST');
    expect(hooks()[0]!.headers['content-type']).toContain('application/json');
    expect(hooks()[0]!.json).toEqual({
      id: row!.id,
      acc_id: moscow,
      user_id: DEMO_USERS.owner,
      branch_name: 'Салон на Тверской',
      text: 'Бот не понял вопрос о цене',
      rate: 2,
      topic: 'not_clear',
      created_at: app.clock.now().toISOString(),
    });
  });

  it('keeps feedback the webhook refused or redirected, and the sweep forwards it once it is back', async () => {
    const before = hooks().length;
    mode = 'down';
    expect((await send({ text: 'Не работает запись' })).statusCode).toBe(200);
    mode = 'redirect';
    expect((await send({ text: 'Сложно настроить', topic: 'difficult_setup' })).statusCode).toBe(200);
    const waiting = (await stored()).filter((r) => r.forwarded_at === null);
    expect(waiting.map((r) => r.text)).toEqual(['Не работает запись', 'Сложно настроить']);
    // The redirect was not followed.
    expect(webhook.requests.some((r) => r.path === '/elsewhere')).toBe(false);
    expect(hooks().length - before).toBe(2);

    // Still down a minute later: the sweep tries the oldest, and stops there.
    mode = 'down';
    app.clock.advance(61_000);
    await app.runtime.runSweeps();
    expect(hooks().length - before).toBe(3);
    expect((await stored()).filter((r) => r.forwarded_at === null)).toHaveLength(2);

    mode = 'up';
    await app.runtime.runSweeps();
    expect((await stored()).every((r) => r.forwarded_at !== null)).toBe(true);
    const forwarded = hooks()
      .slice(-2)
      .map((r) => r.json as { id: number; text: string });
    expect(forwarded.map((f) => [f.id, f.text])).toEqual(waiting.map((r) => [r.id, r.text]));
    // Nothing left: a further sweep sends nothing.
    const count = hooks().length;
    await app.runtime.runSweeps();
    expect(hooks().length).toBe(count);
  });

  it('refuses an empty text, another branch and a mismatched account_id, keeping nothing', async () => {
    const count = (await stored()).length;
    expect((await send({ text: '   ' })).statusCode).toBe(400);
    expect((await send({ text: 'x', rate: 6 })).statusCode).toBe(400);
    expect((await send({ text: 'x' }, `acc_id=${moscow}`, stranger)).statusCode).toBe(403);
    expect((await send({ text: 'x' }, `acc_id=${moscow}&account_id=${yekaterinburg}`)).statusCode).toBe(403);
    expect((await stored()).length).toBe(count);
  });
});

describe('feedback webhook URL', () => {
  it('takes only http(s) URLs', () => {
    expect(() => httpFeedbackWebhook('file:///etc/passwd')).toThrow(/http/);
    expect(() => httpFeedbackWebhook('ftp://example.com/hook')).toThrow(/http/);
    expect(() => httpFeedbackWebhook('https://example.com/hook')).not.toThrow();
  });
});
