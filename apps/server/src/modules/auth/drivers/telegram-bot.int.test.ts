import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIN_MAX_ATTEMPTS } from '@salon/contract/constants';
import { DEMO_USERS } from '../../../seed/demo.js';
import { createLogger } from '../../../platform/logger.js';
import { RateLimiter } from '../../../platform/rate-limit/rate-limiter.js';
import { resolveSecrets } from '../../../platform/secrets.js';
import { DB_KINDS } from '../../../test-support/databases.js';
import { startFakeProviderServer, type FakeProviderServer } from '../../../test-support/fake-provider-server.js';
import { startTestApp, type TestApp } from '../../../test-support/harness.js';
import { until } from '../../../test-support/until.js';
import { AuthRepository } from '../repository.js';
import { AuthService } from '../service.js';
import { AccessTokens } from '../tokens.js';
import { telegramAdminBot, type TelegramAdminBot } from './telegram-bot.js';

const TOKEN = '123456:' + 'A'.repeat(35);

// A private chat's /pin, as Telegram hands it to the bot.
function pinCommand(updateId: number, userId: number) {
  const person = { id: userId, is_bot: false, first_name: 'Person', language_code: 'en' };
  return {
    update_id: updateId,
    message: {
      message_id: updateId,
      date: 1_700_000_000,
      chat: { id: userId, type: 'private', first_name: 'Person' },
      from: person,
      text: '/pin',
      entities: [{ type: 'bot_command', offset: 0, length: 4 }],
    },
  };
}

describe.each(DB_KINDS)('admin bot /pin (%s)', (kind) => {
  let app: TestApp;
  let telegram: FakeProviderServer;
  let bot: TelegramAdminBot;
  const pending: unknown[] = [];
  let ipSeq = 0;
  const ip = () => `10.9.0.${++ipSeq}`;

  beforeAll(async () => {
    app = await startTestApp(kind);
    // Telegram's Bot API at the network boundary: the bot polls it and answers through it.
    telegram = await startFakeProviderServer(async (request) => {
      const method = request.path.split('/').at(-1);
      if (method === 'getMe') {
        return { json: { ok: true, result: { id: 42, is_bot: true, first_name: 'Admin', username: 'admin_bot' } } };
      }
      if (method === 'getUpdates') {
        const updates = pending.splice(0);
        if (updates.length === 0) await new Promise((r) => setTimeout(r, 50));
        return { json: { ok: true, result: updates } };
      }
      if (method === 'sendMessage') {
        return { json: { ok: true, result: { message_id: 1, date: 1_700_000_000, chat: { id: 1, type: 'private' } } } };
      }
      return { json: { ok: true, result: true } };
    });
    bot = telegramAdminBot(TOKEN, createLogger('silent'), telegram.baseUrl);
    // The auth service of a worker process: same database and secret as the app's, the bot as its delivery.
    const db = app.runtime.database.db;
    const secret = resolveSecrets(app.runtime.config.dataDir, app.runtime.config).tokenSecret;
    new AuthService({
      repo: new AuthRepository(db),
      limiter: new RateLimiter(db, app.clock),
      clock: app.clock,
      tokens: new AccessTokens(secret, 900),
      delivery: bot,
      secret,
      sessionTtlDays: 30,
      logger: createLogger('silent'),
    });
    bot.startPolling();
  });
  afterAll(async () => {
    await bot?.stop();
    await telegram?.close();
    await app?.close();
  });

  const sentTo = (chatId: number) =>
    telegram.requests
      .filter((r) => r.path.endsWith('/sendMessage'))
      .map((r) => r.json as { chat_id: number; text: string })
      .filter((m) => m.chat_id === chatId);

  it('sends the writer a PIN that logs them in, while the login page holds PINs for the id back', async () => {
    const id = DEMO_USERS.partnerConsultant;
    const askPin = () => app.request({ method: 'POST', url: '/api/tg/auth', body: { user_id: id }, ip: ip() });
    const checkPin = (pin: string) =>
      app.request({ method: 'POST', url: `/api/tg/check_pin?pin=${pin}`, body: { user_id: id }, ip: ip() });
    // Someone burns the id's PINs until the login page sends it no more.
    for (let round = 0; round < 2; round++) {
      expect((await askPin()).statusCode).toBe(200);
      const pin = app.pins.last(id)!;
      const wrong = String((Number(pin) + 1) % 10_000).padStart(4, '0');
      for (let i = 0; i < PIN_MAX_ATTEMPTS; i++) await checkPin(wrong);
      app.clock.advance(61_000);
    }
    expect((await askPin()).statusCode).toBe(429);

    pending.push(pinCommand(1, id));
    await until(async () => sentTo(id).length === 1);
    const pin = /\b(\d{4})\b/.exec(sentTo(id)[0]!.text)?.[1];
    expect(pin).toBeDefined();
    const checked = await checkPin(pin!);
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toMatchObject({ ok: true });
  });

  it('tells a writer without cabinet access so, and sends no PIN', async () => {
    const stranger = 765432101;
    pending.push(pinCommand(2, stranger));
    await until(async () => sentTo(stranger).length === 1);
    expect(sentTo(stranger)[0]!.text).toContain('has no access');
    expect(sentTo(stranger)[0]!.text).not.toMatch(/\b\d{4}\b/);
  });
});
