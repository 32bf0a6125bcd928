import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../platform/logger.js';
import { startFakeProviderServer, type FakeProviderServer } from '../../../test-support/fake-provider-server.js';
import { until } from '../../../test-support/until.js';
import { telegramAdminBot, type TelegramAdminBot } from './telegram-bot.js';

const TOKEN = '123456:' + 'B'.repeat(35);
const ADMIN = 555001;
const GROUP = -100777;

// A press of an inline button under a message in `chatId`, as Telegram hands it to the bot.
function press(updateId: number, chatId: number, fromId: number, data: string) {
  return {
    update_id: updateId,
    callback_query: {
      id: `cb-${updateId}`,
      chat_instance: 'ci',
      from: { id: fromId, is_bot: false, first_name: 'Admin' },
      message: {
        message_id: 7,
        date: 1_700_000_000,
        chat: { id: chatId, type: chatId < 0 ? 'supergroup' : 'private' },
      },
      data,
    },
  };
}

describe('admin bot buttons (grammY)', () => {
  let telegram: FakeProviderServer;
  let bot: TelegramAdminBot;
  const pending: unknown[] = [];
  const presses: { chatId: number; fromId: number; data: string }[] = [];

  beforeAll(async () => {
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
        return {
          json: { ok: true, result: { message_id: 7, date: 1_700_000_000, chat: { id: ADMIN, type: 'private' } } },
        };
      }
      return { json: { ok: true, result: true } };
    });
    bot = telegramAdminBot(TOKEN, createLogger('silent'), telegram.baseUrl);
    bot.onButton('ai:send:', async (p) => {
      presses.push(p);
      return `Отправлено ${p.data.slice('ai:send:'.length)}`;
    });
    bot.onButton('ai:', async () => {
      throw new Error('handler broke');
    });
    bot.startPolling();
  });
  afterAll(async () => {
    await bot?.stop();
    await telegram?.close();
  });

  const answers = () =>
    telegram.requests
      .filter((r) => r.path.endsWith('/answerCallbackQuery'))
      .map((r) => r.json as { callback_query_id: string; text?: string });

  it('sends the buttons as an inline keyboard under the text', async () => {
    await bot.sendText(ADMIN, 'Предложенный ответ', {
      buttons: [
        [
          { text: 'Отправить', data: 'ai:send:12' },
          { text: 'Удалить', data: 'ai:delete:12' },
        ],
      ],
    });
    const sent = telegram.requests.filter((r) => r.path.endsWith('/sendMessage')).at(-1)!.json as {
      chat_id: number;
      text: string;
      reply_markup: unknown;
    };
    expect(sent).toMatchObject({ chat_id: ADMIN, text: 'Предложенный ответ' });
    expect(sent.reply_markup).toEqual({
      inline_keyboard: [
        [
          { text: 'Отправить', callback_data: 'ai:send:12' },
          { text: 'Удалить', callback_data: 'ai:delete:12' },
        ],
      ],
    });
  });

  it('refuses callback data over 64 bytes before sending anything', async () => {
    const before = telegram.requests.length;
    await expect(
      bot.sendText(ADMIN, 'x', { buttons: [[{ text: 'Б', data: 'ai:' + 'я'.repeat(31) }]] }),
    ).rejects.toThrow(/64 bytes/);
    expect(telegram.requests.length).toBe(before);
  });

  it('hands a press to the handler of its longest prefix and answers with its text', async () => {
    pending.push(press(1, GROUP, ADMIN, 'ai:send:12'));
    await until(async () => answers().some((a) => a.callback_query_id === 'cb-1'));
    expect(presses).toEqual([{ chatId: GROUP, fromId: ADMIN, data: 'ai:send:12' }]);
    expect(answers().find((a) => a.callback_query_id === 'cb-1')).toMatchObject({ text: 'Отправлено 12' });
  });

  it('answers a press whose handler fails or is missing without text, and keeps polling', async () => {
    pending.push(press(2, ADMIN, ADMIN, 'ai:delete:12'), press(3, ADMIN, ADMIN, 'other:1'));
    await until(async () => answers().filter((a) => ['cb-2', 'cb-3'].includes(a.callback_query_id)).length === 2);
    for (const id of ['cb-2', 'cb-3']) expect(answers().find((a) => a.callback_query_id === id)?.text).toBeUndefined();
    // The bot still serves presses after the failure.
    pending.push(press(4, ADMIN, ADMIN, 'ai:send:13'));
    await until(async () => answers().some((a) => a.callback_query_id === 'cb-4'));
    expect(presses.at(-1)).toEqual({ chatId: ADMIN, fromId: ADMIN, data: 'ai:send:13' });
  });
});
