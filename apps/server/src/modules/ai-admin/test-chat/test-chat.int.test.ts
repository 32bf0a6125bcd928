import { and, count, eq, notLike } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_STATUS, type AgentSettings } from '@salon/contract/ai-agents';
import { AI_CHAT_STATUS, HUMAN_PAUSE_MINUTES, type ChatStatus, type TestChatMessages } from '@salon/contract/ai-chat';
import { outbox } from '../../../channels/schema.js';
import { crmRecords } from '../../../crm/schema.js';
import { DEMO_BRANCHES, DEMO_USERS } from '../../../seed/demo.js';
import { DB_KINDS } from '../../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../../test-support/harness.js';
import { aiEvents } from '../schema.js';
import { TEST_CHAT_PHONE } from './service.js';

const ACC = DEMO_BRANCHES.moscow;
const NOON = '2026-03-10T09:00:00Z';
const BASE = '/api/ai/api/v1/test_chat';

type Answer<T> = { status: number; body: T & { ok?: boolean; status?: unknown } };

describe.each(DB_KINDS)('AI administrator test chat (%s)', (kind) => {
  let app: TestApp;
  let owner: string;

  beforeAll(async () => {
    app = await startTestApp(kind);
    app.clock.set(NOON);
    owner = (await app.login(DEMO_USERS.owner, '10.72.0.1')).token;
  });
  afterAll(async () => {
    await app?.close();
  });

  async function call<T = TestChatMessages>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
    acc: number = ACC,
  ): Promise<Answer<T>> {
    const res = await app.request({ method, url: `${BASE}${path}?acc_id=${acc}`, token: owner, body });
    return { status: res.statusCode, body: res.json() };
  }
  const say = (body: string, extra: Record<string, unknown> = {}) =>
    call('POST', '/message', { direction: 'incoming', body, ...extra });
  const texts = (m: TestChatMessages) => m.messages.map((x) => `${x.from}: ${x.text}`);
  async function configure(settings: Partial<AgentSettings>) {
    const res = await app.request({
      method: 'PATCH',
      url: `/api/ai/api/v1/agents/?acc_id=${ACC}`,
      token: owner,
      body: { settings, copy_to: [] },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('is disabled while the agent is off: the message is kept, nothing answers', async () => {
    expect((await call<ChatStatus>('GET', '/state')).body).toEqual({
      state: 'disabled',
      reason: 'agent_inactive',
      lasts_till: null,
    });
    const res = await say('Сколько стоит женская стрижка?');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(texts(res.body)).toEqual(['client: Сколько стоит женская стрижка?']);
    expect(res.body.status.state).toBe('disabled');
    const cleared = await call('DELETE', '/');
    expect(cleared.body).toMatchObject({ messages: [], recommended_answer: null });
  });

  it('books as a dry run: the answer confirms a free time, the CRM gets no record', async () => {
    await configure({ is_active: true, recommendation_mode: 'automatic', work_with_record: true });
    const db = app.runtime.database.db;
    const records = async () =>
      (await db.select({ n: count() }).from(crmRecords).where(eq(crmRecords.accId, ACC)))[0]!.n;
    const before = await records();
    await call('DELETE', '/');
    const res = await say('Запишите меня на женскую стрижку завтра в 15:00');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = res.body.messages.at(-1)!;
    expect(answer.from, texts(res.body).join('\n')).toBe('bot');
    expect(answer.text).toMatch(/15:00/);
    expect(res.body.status.state).toBe('active');
    expect(await records()).toBe(before);
    await call('DELETE', '/');
    await configure({ is_active: false, work_with_record: false, recommendation_mode: 'manual' });
  });

  it('answers at once with the live answer code, and nothing leaves the server', async () => {
    await configure({ is_active: true, recommendation_mode: 'automatic' });
    const res = await say('Сколько стоит женская стрижка?');
    expect(res.body.status).toEqual({ state: 'active', reason: null, lasts_till: null });
    expect(res.body.messages.map((m) => [m.from, m.direction, m.is_ai_response])).toEqual([
      ['client', 'incoming', false],
      ['bot', 'outgoing', true],
    ]);
    expect(res.body.messages[1]!.text).toMatch(/Женская стрижка/);
    expect((await call('GET', '/messages')).body.messages).toEqual(res.body.messages);
    const db = app.runtime.database.db;
    // (The demo's history of sent template messages is not this chat's.)
    const mine = and(eq(outbox.accId, ACC), notLike(outbox.idempotencyKey, 'demo-history:%'));
    expect((await db.select({ n: count() }).from(outbox).where(mine))[0]!.n).toBe(0);
    expect((await db.select({ n: count() }).from(aiEvents))[0]!.n).toBe(0);
  });

  it('is locked with exclude_list for an excluded pretend phone, with unsaved settings', async () => {
    const phone = '79005551212';
    const res = await say('Сколько стоит маникюр классический?', { phone, settings: { phones: [phone] } });
    expect(res.body.status).toEqual({ state: 'exclude_list', reason: 'exclude_list', lasts_till: null });
    expect(res.body.messages.at(-1)).toMatchObject({ from: 'client' });
    // Unsaved settings out of range are refused like a save.
    const bad = await say('Привет', { settings: { aggregation_time: 100 } });
    expect(bad.status).toBe(400);
    await call('DELETE', '/');
    await say('Привет', { phone: TEST_CHAT_PHONE });
  });

  it('waits for the admin in manual mode; send with an edit, and delete', async () => {
    await call('DELETE', '/');
    const manual = { settings: { recommendation_mode: 'manual' } };
    const waiting = await say('Сколько стоит мужская стрижка?', manual);
    expect(waiting.body.status.state).toBe('waiting_admin');
    const suggestion = waiting.body.recommended_answer!;
    expect(suggestion).toMatchObject({ from: 'bot', require_action: true, show_client: false });
    expect(texts(waiting.body)).toEqual(['client: Сколько стоит мужская стрижка?']);

    const edited = await call('PATCH', '/message', {
      message_id: suggestion.id,
      action_type: 'send',
      text: 'От 1500 ₽.',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.status.state).toBe('message_edited');
    expect(edited.body.recommended_answer).toBeNull();
    expect(texts(edited.body).at(-1)).toBe('bot: От 1500 ₽.');
    const twice = await call('PATCH', '/message', { message_id: suggestion.id, action_type: 'delete' });
    expect([twice.status, twice.body.status]).toEqual([409, AI_CHAT_STATUS.notWaiting]);

    const next = await say('Сколько стоит укладка?', manual);
    const deleted = await call('PATCH', '/message', {
      message_id: next.body.recommended_answer!.id,
      action_type: 'delete',
    });
    expect(deleted.body.status.state).toBe('message_deleted');
    expect(texts(deleted.body).at(-1)).toBe('client: Сколько стоит укладка?');

    // Sent as suggested: back to active.
    const third = await say('Сколько стоит тонирование?', manual);
    const sent = await call('PATCH', '/message', {
      message_id: third.body.recommended_answer!.id,
      action_type: 'send',
    });
    expect(sent.body.status.state).toBe('active');
    expect(texts(sent.body).at(-1)).toBe(`bot: ${third.body.recommended_answer!.text}`);
  });

  it('locks for the takeover pause when the salon writes, until unlocked', async () => {
    const wrote = await call('POST', '/message', { direction: 'outgoing', body: 'Здравствуйте, это администратор' });
    const till = new Date(new Date(NOON).getTime() + HUMAN_PAUSE_MINUTES * 60_000).toISOString();
    expect(wrote.body.status).toEqual({ state: 'locked_by_admin', reason: 'admin_wrote', lasts_till: till });
    expect(wrote.body.messages.at(-1)).toMatchObject({ from: 'admin', direction: 'outgoing' });
    const quiet = await say('Сколько стоит укладка?');
    expect(quiet.body.messages.at(-1)).toMatchObject({ from: 'client' });
    expect(quiet.body.status.state).toBe('locked_by_admin');

    const unlocked = await call<ChatStatus>('POST', '/state', { state: 'active' });
    expect(unlocked.body).toEqual({ state: 'active', reason: null, lasts_till: null });
    const bots = (m: TestChatMessages) => m.messages.filter((x) => x.from === 'bot').length;
    const answered = await say('Сколько стоит укладка?');
    expect(answered.body.messages.at(-1)).toMatchObject({ from: 'bot' });
    // One answer: the message written while the salon had the chat is not answered again.
    expect(bots(answered.body)).toBe(bots(quiet.body) + 1);
  });

  it('uses the business time for night mode in the branch zone', async () => {
    const night = { active: true, start: '21:00', end: '09:00', message_text: 'Ночью салон закрыт.' };
    // 23:30 in Moscow.
    const res = await say('Позовите администратора', {
      settings: { night_mode_schedule: night },
      business_time: '2026-03-10T20:30:00Z',
    });
    expect(texts(res.body).at(-1)).toBe('bot: Ночью салон закрыт.');
    expect(res.body.status).toMatchObject({ state: 'locked_by_admin', reason: 'client_asked' });
    await call('POST', '/state', { state: 'active' });
    // The same question in the daytime gets the hand-over message.
    const day = await say('Позовите администратора', {
      settings: { night_mode_schedule: night },
      business_time: '2026-03-10T10:30:00Z',
    });
    expect(texts(day.body).at(-1)).toMatch(/^bot: Переключаю на администратора/);
  });

  it("refuses another branch's message, and a branch without the paid AI module", async () => {
    const mine = (await call('GET', '/messages')).body.messages[0]!;
    const other = await call(
      'PATCH',
      '/message',
      { message_id: mine.id, action_type: 'delete' },
      DEMO_BRANCHES.yekaterinburg,
    );
    expect([other.status, other.body.status]).toEqual([404, AI_CHAT_STATUS.messageNotFound]);
    const res = await app.request({
      method: 'POST',
      url: `${BASE}/message?acc_id=${DEMO_BRANCHES.yekaterinburg}`,
      token: owner,
      body: { direction: 'incoming', body: 'Привет' },
    });
    expect([res.statusCode, res.json<{ status: string }>().status]).toEqual([403, AI_STATUS.notPaid]);
    const wrongAccount = await app.request({
      method: 'POST',
      url: `${BASE}/message?acc_id=${ACC}`,
      token: owner,
      body: { account_id: DEMO_BRANCHES.yekaterinburg, direction: 'incoming', body: 'Привет' },
    });
    expect(wrongAccount.statusCode).toBe(403);
  });
});
