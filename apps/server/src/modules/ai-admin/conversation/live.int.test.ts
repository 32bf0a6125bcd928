import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SWITCH_TO_HUMAN_MESSAGE, type AgentSettings } from '@salon/contract/ai-agents';
import { AI_CHAT_STATUS, type ConversationWire } from '@salon/contract/ai-chat';
import { chatMessages } from '../../../channels/chat-log/schema.js';
import { sandboxMessages } from '../../../channels/drivers/sandbox/schema.js';
import { outbox } from '../../../channels/schema.js';
import { branches } from '../../../platform/db/schema.js';
import { isLocalAdminBotButtons } from '../../../platform/files/admin-bot-files.js';
import { DEMO_BRANCHES, DEMO_USERS } from '../../../seed/demo.js';
import { DB_KINDS } from '../../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../../test-support/harness.js';
import { clientWrites as writes } from '../../../test-support/sandbox-client.js';
import { until } from '../../../test-support/until.js';
import { aiConversations, aiEvents, aiMessages } from '../schema.js';

const ACC = DEMO_BRANCHES.moscow;
const FAR = DEMO_BRANCHES.vladivostok;
const INSTANCE = `whatsapp-${ACC}`;
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
// 12:00 in Moscow: daytime.
const NOON = '2026-03-10T09:00:00Z';

type Json = Record<string, unknown> & { ok?: boolean; status?: string };

describe.each(DB_KINDS)('AI administrator in live conversations (%s)', (kind) => {
  let app: TestApp;
  let owner: string;
  const db = () => app.runtime.database.db;

  beforeAll(async () => {
    // 'all': the sandbox WhatsApp session runs in this process, so clients' messages come in.
    app = await startTestApp(kind, { SANDBOX_DELIVERY_MS: '0', DISPATCH_PACING: 'off' }, 'all');
    app.clock.set(NOON);
    owner = (await app.login(DEMO_USERS.owner, '10.71.0.1')).token;
    const qr = (await call<{ qr: string }>('POST', '/api/connection/wa/qr_code')).body.qr;
    await call('POST', '/api/dev/sandbox/scan', { qr, phone: '79161110000' });
    await until(
      async () => (await call<{ wa: { status: string } }>('GET', '/api/connection')).body.wa.status === 'authenticated',
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  async function call<T = Json>(
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    body?: unknown,
    acc: number = ACC,
  ): Promise<{ status: number; body: T }> {
    const res = await app.request({
      method,
      url: `${url}${url.includes('?') ? '&' : '?'}acc_id=${acc}`,
      token: owner,
      body,
    });
    return { status: res.statusCode, body: res.json() };
  }
  async function configure(settings: Partial<AgentSettings>, acc: number = ACC) {
    const res = await call('PATCH', '/api/ai/api/v1/agents/', { settings, copy_to: [] }, acc);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  // The client's message, once the channel has stored it and run the reply chain over it.
  const clientWrites = (phone: string, text: string) => writes(app, { phone, text, instance: INSTANCE });
  // The aggregation time passes and the sweeps run (no queue in tests).
  async function later(ms = 6 * SECOND) {
    app.clock.advance(ms);
    await app.runtime.runSweeps();
  }
  const answers = async (phone: string) =>
    (
      await db()
        .select({ body: outbox.body, channels: outbox.channels })
        .from(outbox)
        .where(and(eq(outbox.recipient, phone), like(outbox.sourceId, 'ai_admin:%')))
        .orderBy(outbox.id)
    ).map((r) => r.body);
  const events = async (acc: number, phone: string) =>
    (
      await db()
        .select({ kind: aiEvents.kind, reason: aiEvents.reason, answerMs: aiEvents.answerMs })
        .from(aiEvents)
        .innerJoin(aiConversations, eq(aiConversations.id, aiEvents.conversationId))
        .where(and(eq(aiEvents.accId, acc), eq(aiConversations.phone, phone)))
        .orderBy(aiEvents.id)
    ).map((e) => (e.reason ? `${e.kind}:${e.reason}` : e.kind));
  const alerts = () => {
    const dir = path.join(app.runtime.config.dataDir, 'bot-outbox');
    if (!existsSync(dir)) return [];
    const names = readdirSync(dir).filter((n) => n.endsWith('-alert.txt'));
    return names.sort().map((n) => ({ chat: n.split('-').at(-3)!, text: readFileSync(path.join(dir, n), 'utf8') }));
  };
  const conversation = async (phone: string, acc: number = ACC) =>
    (
      await call<{ conversation: ConversationWire }>(
        'GET',
        `/api/ai/api/v1/conversations/messages?phone=${phone}`,
        undefined,
        acc,
      )
    ).body.conversation;

  it('passes while the agent is off, then answers a price question automatically over the channel', async () => {
    const phone = '79005550101';
    await clientWrites(phone, 'Сколько стоит женская стрижка?');
    await later();
    expect(await answers(phone)).toEqual([]);

    await configure({ is_active: true, recommendation_mode: 'automatic' });
    await clientWrites(phone, 'Сколько стоит женская стрижка?');
    // Nothing before the aggregation time is over.
    await app.runtime.runSweeps();
    expect(await answers(phone)).toEqual([]);
    await later();
    const sent = await answers(phone);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('2');
    expect(sent[0]).toMatch(/стрижк/i);
    // The answer reaches the client's phone on the channel the question came from.
    const [row] = await db()
      .select({ id: outbox.id, channels: outbox.channels })
      .from(outbox)
      .where(and(eq(outbox.recipient, phone), like(outbox.sourceId, 'ai_admin:%')));
    expect(row!.channels).toEqual(['whatsapp']);
    expect(await app.runtime.channels.dispatcher.dispatch(row!.id)).toBe('sent');
    await until(async () => {
      const rows = await db()
        .select({ body: sandboxMessages.body })
        .from(sandboxMessages)
        .where(and(eq(sandboxMessages.phone, phone), eq(sandboxMessages.direction, 'to_client')));
      return rows.some((r) => r.body === sent[0]);
    });
    expect(await events(ACC, phone)).toEqual(['conversation', 'answer']);
    const [answerEvent] = await db()
      .select({ answerMs: aiEvents.answerMs })
      .from(aiEvents)
      .where(and(eq(aiEvents.accId, ACC), eq(aiEvents.kind, 'answer')));
    expect(answerEvent!.answerMs).toBeGreaterThanOrEqual(6 * SECOND);
    // A second sweep answers nothing more.
    await later();
    expect(await answers(phone)).toHaveLength(1);
  });

  it('answers two quick messages once, together', async () => {
    const phone = '79005550102';
    await clientWrites(phone, 'Здравствуйте!');
    app.clock.advance(2 * SECOND);
    await clientWrites(phone, 'Сколько стоит маникюр классический?');
    await later(4 * SECOND);
    const sent = await answers(phone);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('1');
    await later();
    expect(await answers(phone)).toHaveLength(1);
    const stored = await db()
      .select({ direction: aiMessages.direction, answered: aiMessages.answered })
      .from(aiMessages)
      .innerJoin(aiConversations, eq(aiConversations.id, aiMessages.conversationId))
      .where(eq(aiConversations.phone, phone))
      .orderBy(aiMessages.id);
    expect(stored).toEqual([
      { direction: 'incoming', answered: true },
      { direction: 'incoming', answered: true },
      { direction: 'outgoing', answered: false },
    ]);
  });

  it('keeps a suggestion for an admin in manual mode; the cabinet sends it edited, the bot buttons act', async () => {
    await configure({ recommendation_mode: 'manual' });
    const phone = '79005550103';
    const before = alerts().length;
    await clientWrites(phone, 'Сколько стоит мужская стрижка?');
    await later();
    expect(await answers(phone)).toEqual([]);
    const listed = await call<{ data: ConversationWire[]; total: number }>(
      'GET',
      '/api/ai/api/v1/conversations/?waiting=true',
    );
    const mine = listed.body.data.find((c) => c.phone === phone)!;
    expect(mine.recommended_answer).toMatchObject({ from: 'bot', require_action: true, show_client: false });
    const suggestion = mine.recommended_answer!;
    // The admins hear of it, with Send / Delete buttons.
    const alert = alerts()
      .slice(before)
      .find((a) => a.text.includes(`ai:send:${suggestion.id}`));
    expect(alert?.chat).toBe(String(DEMO_USERS.owner));
    expect(alert?.text).toContain(`ai:del:${suggestion.id}`);

    const sent = await call<ConversationWire>('PATCH', '/api/ai/api/v1/conversations/recommendation', {
      message_id: suggestion.id,
      action_type: 'send',
      text: 'Мужская стрижка — от 1500 ₽. Записать вас?',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.recommended_answer).toBeNull();
    expect(await answers(phone)).toEqual(['Мужская стрижка — от 1500 ₽. Записать вас?']);
    // Acting twice: it no longer waits.
    const again = await call('PATCH', '/api/ai/api/v1/conversations/recommendation', {
      message_id: suggestion.id,
      action_type: 'delete',
    });
    expect([again.status, again.body.status]).toEqual([409, AI_CHAT_STATUS.notWaiting]);

    // The next suggestion, through the admin bot's buttons.
    await clientWrites(phone, 'А укладка сколько стоит?');
    await later();
    const next = (await conversation(phone)).recommended_answer!;
    expect(next).not.toBeNull();
    const buttons = app.runtime.adminBot.buttons;
    if (!isLocalAdminBotButtons(buttons)) throw new Error('the test runs without a Telegram bot');
    // Someone without the agent's rights on the branch cannot.
    expect(await buttons.press(`ai:send:${next.id}`, DEMO_USERS.templatesAdmin, DEMO_USERS.templatesAdmin)).toBe(
      'Нет прав на это действие',
    );
    expect(await buttons.press(`ai:send:${next.id}`, DEMO_USERS.owner, DEMO_USERS.owner)).toBe(
      'Ответ отправлен клиенту',
    );
    expect((await answers(phone)).at(-1)).toBe(next.text);
    expect(await buttons.press(`ai:del:${next.id}`, DEMO_USERS.owner, DEMO_USERS.owner)).toBe(
      'Этот ответ уже обработан',
    );

    await clientWrites(phone, 'Сколько стоит тонирование?');
    await later();
    const third = (await conversation(phone)).recommended_answer!;
    expect(await buttons.press(`ai:del:${third.id}`, DEMO_USERS.owner, DEMO_USERS.owner)).toBe('Ответ удалён');
    expect(await answers(phone)).toHaveLength(2);
    expect((await conversation(phone)).recommended_answer).toBeNull();
    await configure({ recommendation_mode: 'automatic' });
  });

  it('hands over with the hand-over message and an admin alert, then stays quiet until given back', async () => {
    const phone = '79005550104';
    const before = alerts().length;
    await clientWrites(phone, 'Позовите, пожалуйста, администратора');
    await later();
    expect(await answers(phone)).toEqual([DEFAULT_SWITCH_TO_HUMAN_MESSAGE]);
    expect(await events(ACC, phone)).toEqual(['conversation', 'handover:client_asked']);
    const alert = alerts()
      .slice(before)
      .find((a) => a.text.includes(phone));
    expect(alert?.chat).toBe(String(DEMO_USERS.owner));
    expect(alert?.text).toContain('передал');
    expect(await conversation(phone)).toMatchObject({ state: 'human', reason: 'client_asked' });

    await clientWrites(phone, 'Сколько стоит укладка?');
    await later();
    expect(await answers(phone)).toHaveLength(1);

    const back = await call<ConversationWire>('POST', '/api/ai/api/v1/conversations/takeover', { phone, state: 'bot' });
    expect(back.body).toMatchObject({ state: 'bot', paused_till: null });
    await clientWrites(phone, 'Сколько стоит укладка?');
    await later();
    expect(await answers(phone)).toHaveLength(2);

    // Paused from the cabinet for 30 minutes.
    const paused = await call<ConversationWire>('POST', '/api/ai/api/v1/conversations/takeover', {
      phone,
      state: 'paused',
      minutes: 30,
    });
    expect(paused.body.state).toBe('paused');
    await clientWrites(phone, 'Сколько стоит тонирование?');
    await later();
    expect(await answers(phone)).toHaveLength(2);
    app.clock.advance(31 * MINUTE);
    owner = (await app.login(DEMO_USERS.owner, '10.71.0.2')).token;
    await clientWrites(phone, 'Сколько стоит тонирование?');
    await later();
    expect(await answers(phone)).toHaveLength(3);
  });

  it('does not answer an excluded phone at all', async () => {
    const phone = '79005550105';
    await configure({ phones: [phone] });
    await clientWrites(phone, 'Сколько стоит женская стрижка?');
    await later();
    expect(await answers(phone)).toEqual([]);
    const stored = await db().select().from(aiConversations).where(eq(aiConversations.phone, phone));
    expect(stored).toEqual([]);
    await configure({ phones: [] });
  });

  it('does not answer a client whose upcoming record is with an excluded master or service', async () => {
    const phone = '79005550109';
    const { processor, repo } = app.runtime.crm;
    const connection = await repo.connection(ACC);
    const driver = processor.driverOf(connection.kind);
    const branch = processor.branch(connection);
    const { services } = await driver.catalogue(branch);
    const haircut = services.find((s) => s.title === 'Женская стрижка')!;
    const [slot] = await driver.freeSlots(branch, {
      day: '2026-03-11',
      timeZone: 'Europe/Moscow',
      serviceId: haircut.id,
    });
    await driver.book(branch, {
      client: { name: 'Ольга', phone },
      staffId: slot!.staffId,
      serviceIds: [haircut.id],
      startsAt: slot!.startsAt,
    });
    await configure({ masters_exceptions: [slot!.staffId] });
    await clientWrites(phone, 'Сколько стоит укладка?');
    await later();
    expect(await answers(phone)).toEqual([]);
    await configure({ masters_exceptions: [], services_exceptions: [haircut.id] });
    await clientWrites(phone, 'Сколько стоит укладка?');
    await later();
    expect(await answers(phone)).toEqual([]);
    await configure({ services_exceptions: [] });
    await clientWrites(phone, 'Сколько стоит укладка?');
    await later();
    expect(await answers(phone)).toHaveLength(1);
  });

  it('stands back after the salon writes from its own phone, for the takeover pause', async () => {
    const phone = '79005550106';
    const typed = await call<{ result: string }>('POST', '/api/dev/sandbox/salon_message', {
      instance_id: INSTANCE,
      phone,
      text: 'Добрый день! Это администратор.',
    });
    expect(typed.body).toMatchObject({ ok: true, result: 'sent' });
    await until(async () => {
      const rows = await db()
        .select({ direction: chatMessages.direction })
        .from(chatMessages)
        .where(and(eq(chatMessages.phone, phone), eq(chatMessages.accId, ACC)));
      return rows.some((r) => r.direction === 'outgoing');
    });
    app.clock.advance(10 * MINUTE);
    await clientWrites(phone, 'Сколько стоит женская стрижка?');
    await later();
    expect(await answers(phone)).toEqual([]);
    expect(await conversation(phone)).toMatchObject({ state: 'paused', reason: 'salon_wrote' });

    app.clock.advance(51 * MINUTE);
    owner = (await app.login(DEMO_USERS.owner, '10.71.0.3')).token;
    await clientWrites(phone, 'Сколько стоит женская стрижка?');
    await later();
    expect(await answers(phone)).toHaveLength(1);
    expect((await conversation(phone)).state).toBe('bot');
  });

  it("marks the client's messages read on the channel when answering, only with mark_read", async () => {
    const readAt = async (phone: string) =>
      (
        await db()
          .select({ readAt: sandboxMessages.readAt })
          .from(sandboxMessages)
          .where(and(eq(sandboxMessages.phone, phone), eq(sandboxMessages.direction, 'from_client')))
      ).map((r) => r.readAt !== null);
    const unread = '79005550110';
    await clientWrites(unread, 'Сколько стоит укладка?');
    await later();
    expect(await answers(unread)).toHaveLength(1);
    expect(await readAt(unread)).toEqual([false]);

    await configure({ mark_read: true });
    const phone = '79005550111';
    await clientWrites(phone, 'Сколько стоит укладка?');
    expect(await readAt(phone)).toEqual([false]);
    await later();
    expect(await answers(phone)).toHaveLength(1);
    expect(await readAt(phone)).toEqual([true]);
    await configure({ mark_read: false });
  });

  it('books in the CRM when work_with_record is on, and counts the booking with its revenue', async () => {
    await configure({ work_with_record: true });
    const phone = '79005550108';
    await clientWrites(phone, 'Запишите меня на мужскую стрижку завтра в 15:00');
    await later();
    const [answer] = await answers(phone);
    expect(answer).toMatch(/15:00/);
    const booked = await db()
      .select({ kind: aiEvents.kind, recordId: aiEvents.recordId, revenue: aiEvents.revenue })
      .from(aiEvents)
      .innerJoin(aiConversations, eq(aiConversations.id, aiEvents.conversationId))
      .where(and(eq(aiConversations.phone, phone), eq(aiEvents.kind, 'booked')));
    expect(booked).toHaveLength(1);
    expect(booked[0]!.revenue).toBeGreaterThan(0);
    const { processor, repo } = app.runtime.crm;
    const connection = await repo.connection(ACC);
    const records = await processor
      .driverOf(connection.kind)
      .clientRecords(processor.branch(connection), phone, app.clock.now());
    expect(records.map((r) => r.id)).toEqual([booked[0]!.recordId]);
    await configure({ work_with_record: false });
  });

  it("keeps night mode in each branch's own zone: night in Moscow, day in Vladivostok at the same instant", async () => {
    await db().update(branches).set({ showNeiroInterface: true }).where(eq(branches.accId, FAR));
    const night = { active: true, start: '21:00', end: '09:00', message_text: 'Мы закрыты до 9 утра.' };
    await configure({ is_active: true, recommendation_mode: 'automatic', night_mode_schedule: night });
    await configure({ is_active: true, recommendation_mode: 'automatic', night_mode_schedule: night }, FAR);
    // 02:30 in Moscow, 09:30 in Vladivostok.
    app.clock.set('2026-03-11T23:30:00Z');
    owner = (await app.login(DEMO_USERS.owner, '10.71.0.4')).token;
    const farInstance = await app.runtime.channels.repo.ensureInstance(FAR, 'whatsapp', 'sandbox', app.clock.now());
    const moscowInstance = (await app.runtime.channels.repo.instance(INSTANCE))!;
    const phone = '79005550107';
    const write = (instance: typeof farInstance, id: string, text: string) =>
      app.runtime.channels.replies.run({
        accId: instance.accId,
        instance,
        message: {
          providerMessageId: id,
          from: phone,
          name: 'Ирина',
          at: app.clock.now(),
          type: 'text',
          body: text,
          caption: null,
          file: null,
        },
      });
    expect(await write(moscowInstance, 'night-1', 'Позовите администратора')).toBe('ai_admin');
    expect(await write(farInstance, 'night-2', 'Позовите администратора')).toBe('ai_admin');
    // The same message redelivered is stored once.
    expect(await write(farInstance, 'night-2', 'Позовите администратора')).toBe('ai_admin');
    await later();
    const byBranch = async (acc: number) =>
      (
        await db()
          .select({ body: outbox.body })
          .from(outbox)
          .where(and(eq(outbox.accId, acc), eq(outbox.recipient, phone)))
      ).map((r) => r.body);
    expect(await byBranch(ACC)).toEqual(['Мы закрыты до 9 утра.']);
    expect(await byBranch(FAR)).toEqual([DEFAULT_SWITCH_TO_HUMAN_MESSAGE]);
    expect(await events(ACC, phone)).toEqual(['conversation', 'handover:client_asked']);
    expect(await events(FAR, phone)).toEqual(['conversation', 'handover:client_asked']);

    // Given back to the bot the same night, a second hand-over tells the client nothing new.
    await call('POST', '/api/ai/api/v1/conversations/takeover', { phone, state: 'bot' });
    await write(moscowInstance, 'night-3', 'Мне нужен администратор');
    await later();
    expect(await byBranch(ACC)).toEqual(['Мы закрыты до 9 утра.']);
    expect(await events(ACC, phone)).toEqual(['conversation', 'handover:client_asked', 'handover:client_asked']);
  });

  it("never acts on another branch's message", async () => {
    const [theirs] = await db()
      .select({ id: aiMessages.id })
      .from(aiMessages)
      .where(eq(aiMessages.accId, ACC))
      .limit(1);
    const res = await call(
      'PATCH',
      '/api/ai/api/v1/conversations/recommendation',
      { message_id: theirs!.id, action_type: 'delete' },
      DEMO_BRANCHES.yekaterinburg,
    );
    expect([res.status, res.body.status]).toEqual([404, AI_CHAT_STATUS.messageNotFound]);
    // account_id naming another branch than the session's acc_id is refused.
    const mismatch = await call('GET', `/api/ai/api/v1/conversations/?account_id=${FAR}`);
    expect(mismatch.status).toBe(403);
  });
});
