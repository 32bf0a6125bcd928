import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionResponse } from '@salon/contract/connection';
import { queryRows } from '../../platform/db/client.js';
import { DEMO_USERS } from '../../seed/demo.js';
import { DB_KINDS } from '../../test-support/databases.js';
import {
  FAKE_BOT,
  privateMessage,
  startFakeBotApi,
  type FakeBotApiServer,
} from '../../test-support/fake-telegram-bot-api.js';
import { startTestApp, type TestApp } from '../../test-support/harness.js';
import { until } from '../../test-support/until.js';

const CLIENT = { id: 5550101, first_name: 'Ирина' };
const CLIENT_PHONE = '79165550101';
const NEVER_OPTED_IN = '79165550102';

// The salon's own Telegram bot end to end in webhook mode: the real server with the grammY driver
// against a fake Bot API (core.telegram.org/bots/api), updates posted to our webhook with the secret
// Telegram was given, the opt-in by contact sharing, and messages that reach only opted-in clients.
describe.each(DB_KINDS)('the salon’s Telegram bot as a channel (%s)', (kind) => {
  let app: TestApp;
  let bot: FakeBotApiServer;
  let owner: string;

  beforeAll(async () => {
    bot = await startFakeBotApi();
    app = await startTestApp(
      kind,
      {
        SANDBOX_DELIVERY_MS: '0',
        DISPATCH_PACING: 'off',
        CHANNEL_TG_BOT_DRIVER: 'grammy',
        TELEGRAM_BOT_API_URL: bot.apiRoot,
        BOT_UPDATES_MODE: 'webhook',
        PUBLIC_URL: 'https://cabinet.example.test',
      },
      'all',
    );
    app.clock.set(new Date());
    owner = (await app.login(DEMO_USERS.owner, '10.9.1.1')).token;
  });
  afterAll(async () => {
    await app?.close();
    await bot?.close();
  });

  const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await app.request({ method, url, body, token: owner });
    return { code: res.statusCode, body: res.json<Record<string, unknown>>() };
  };
  const state = async () => (await call('GET', '/api/connection?acc_id=1001')).body as unknown as ConnectionResponse;
  const post = (update: Record<string, unknown>, secret: string | undefined, path = webhookPath()) =>
    app.request({
      method: 'POST',
      url: path,
      body: { update_id: Date.now(), ...update },
      headers: secret === undefined ? {} : { 'x-telegram-bot-api-secret-token': secret },
    });
  const webhookPath = () => new URL(bot.webhook!.url).pathname;
  const outboxOf = (id: number) =>
    queryRows<{ status: string; status_reason: string | null; channel_kind: string | null }>(
      app.runtime.database.db,
      sql`select status, status_reason, channel_kind from outbox where id = ${id}`,
    );

  it('refuses a token Telegram does not know, saving nothing', async () => {
    const r = await call('POST', '/api/connection/tg_bot/token?acc_id=1001', {
      token: '7000001:AAwrongwrongwrongwrongwrongwrong00',
    });
    expect(r.body).toMatchObject({ ok: true, status: 'error', error: 'invalid_token', bot_username: null });
    expect((await state()).tg_bot).toMatchObject({ status: 'not_authenticated', bot_link: null, linked_clients: 0 });
  });

  it('connects the bot and gives Telegram our webhook with its secret', async () => {
    const r = await call('POST', '/api/connection/tg_bot/token?acc_id=1001', { token: FAKE_BOT.token });
    expect(r.body).toMatchObject({ ok: true, status: 'auth_success', bot_username: FAKE_BOT.username });
    await until(async () => bot.webhook !== null);
    expect(bot.webhook!.url).toMatch(/^https:\/\/cabinet\.example\.test\/api\/channels\/bot_webhook\/.+/);
    expect(bot.webhook!.secret_token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect((await state()).tg_bot).toMatchObject({
      status: 'authenticated',
      phone: FAKE_BOT.username,
      bot_link: `https://t.me/${FAKE_BOT.username}`,
      linked_clients: 0,
    });
  });

  it('refuses updates without the secret or with a wrong one, and stores nothing', async () => {
    const start = privateMessage(CLIENT, { text: '/start' });
    expect((await post(start, undefined)).statusCode).toBe(401);
    expect((await post(start, 'not-the-secret')).statusCode).toBe(401);
    expect((await post(start, bot.webhook!.secret_token, '/api/channels/bot_webhook/no-such-bot')).statusCode).toBe(
      404,
    );
    const commands = await queryRows<{ n: number }>(
      app.runtime.database.db,
      sql`select count(*)::int as n from channel_commands where command->>'type' = 'update'`,
    );
    expect(commands).toEqual([{ n: 0 }]);
    expect(bot.callsOf('sendMessage')).toHaveLength(0);
  });

  it('skips the bot for a client who never opted in', async () => {
    const r = await call('POST', '/api/send_test_message?acc_id=1001', {
      phone: NEVER_OPTED_IN,
      text: 'Проверка',
      channel: 'TGB',
    });
    const id = r.body.outbox_id as number;
    expect(await app.runtime.channels.dispatcher.dispatch(id)).toBe('failed');
    expect(await outboxOf(id)).toEqual([{ status: 'failed', status_reason: 'not_reachable', channel_kind: null }]);
    expect(bot.callsOf('sendMessage')).toHaveLength(0);
  });

  it('links a client who starts the bot and shares their own phone, then reaches them there', async () => {
    const secret = bot.webhook!.secret_token;
    expect((await post(privateMessage(CLIENT, { text: '/start abc_DEF-123' }), secret)).statusCode).toBe(200);
    await until(async () => bot.callsOf('sendMessage').length === 1);
    const ask = bot.callsOf('sendMessage')[0]!.params;
    expect(ask.chat_id).toBe(CLIENT.id);
    expect(JSON.stringify(ask.reply_markup)).toContain('"request_contact":true');

    const contact = { phone_number: '+7 916 555-01-01', first_name: 'Ирина', user_id: CLIENT.id };
    expect((await post(privateMessage(CLIENT, { contact }, 2), secret)).statusCode).toBe(200);
    await until(async () => (await state()).tg_bot.linked_clients === 1);

    const r = await call('POST', '/api/send_test_message?acc_id=1001', {
      phone: CLIENT_PHONE,
      text: 'Ждём вас завтра',
      channel: 'TGB',
    });
    const id = r.body.outbox_id as number;
    expect(await app.runtime.channels.dispatcher.dispatch(id)).toBe('sent');
    // Bots learn of no delivery: a message the API accepted is in the chat, acked delivered at once.
    await until(async () => (await outboxOf(id))[0]?.status === 'delivered');
    expect((await outboxOf(id))[0]).toMatchObject({ channel_kind: 'tg_bot' });
    const sent = bot.callsOf('sendMessage').at(-1)!.params;
    expect(sent).toMatchObject({ chat_id: CLIENT.id, text: 'Ждём вас завтра' });
  });

  it('checks a MAX bot’s updates by its own secret header, not Telegram’s', async () => {
    // The MAX bot of this installation runs on the sandbox; the route is the same for both bots.
    const r = await call('POST', '/api/connection/max/token?acc_id=1001', {
      token: 'webhook_test_max_token_0123456789',
    });
    expect(r.body).toMatchObject({ status: 'auth_success' });
    const max = await queryRows<{ id: string }>(
      app.runtime.database.db,
      sql`select id from channel_instances where acc_id = 1001 and kind = 'max'`,
    );
    const path = `/api/channels/bot_webhook/${max[0]!.id}`;
    const update = { update_type: 'bot_started', timestamp: 1_780_000_000, user: { user_id: 1, name: 'x' } };
    const send = (headers: Record<string, string>) => app.request({ method: 'POST', url: path, body: update, headers });
    expect((await send({})).statusCode).toBe(401);
    expect((await send({ 'x-max-bot-api-secret': 'wrong' })).statusCode).toBe(401);
    // Telegram's header with the Telegram bot's secret opens nothing for the MAX bot.
    expect((await send({ 'x-telegram-bot-api-secret-token': bot.webhook!.secret_token! })).statusCode).toBe(401);
    expect((await send({ 'x-max-bot-api-secret': bot.webhook!.secret_token! })).statusCode).toBe(401);
  });

  it('keeps the client’s messages to the bot in the chat history under their phone', async () => {
    const secret = bot.webhook!.secret_token;
    expect((await post(privateMessage(CLIENT, { text: 'Можно перенести?' }, 3), secret)).statusCode).toBe(200);
    await until(async () => {
      const rows = await queryRows<{ phone: string }>(
        app.runtime.database.db,
        sql`select phone from chat_messages where channel_kind = 'tg_bot' and direction = 'incoming'`,
      );
      return rows.length === 1 && rows[0]!.phone === CLIENT_PHONE;
    });
  });
});
