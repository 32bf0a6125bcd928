import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import { createLogger } from '../logger.js';
import { isLocalAdminBotButtons, localAdminBotButtons, localAdminBotMessages } from './admin-bot-files.js';
import { telegramAdminBot } from '../../modules/auth/drivers/telegram-bot.js';
import { startFakeProviderServer, type FakeProviderServer } from '../../test-support/fake-provider-server.js';

// grammY writes terse part headers (`content-disposition:form-data;name="x";filename=y`) that
// undici's FormData parser refuses, so the parts are read here.
function parts(body: string, contentType: string): Map<string, { value: string; filename?: string }> {
  const boundary = /boundary=(.+)$/.exec(contentType)![1]!;
  const found = new Map<string, { value: string; filename?: string }>();
  for (const chunk of body.split(`--${boundary}`)) {
    const split = chunk.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const head = chunk.slice(0, split);
    const name = /name="([^"]+)"/i.exec(head)?.[1];
    if (!name) continue;
    const filename = /filename="?([^";\r\n]+)"?/i.exec(head)?.[1];
    found.set(name, { value: chunk.slice(split + 4).replace(/\r\n$/, ''), ...(filename ? { filename } : {}) });
  }
  return found;
}

const TOKEN = '123456:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

// The grammY driver of AdminBotFiles against a local server speaking the Bot API's sendDocument.
describe('admin bot documents (grammY)', () => {
  let api: FakeProviderServer;
  beforeAll(async () => {
    api = await startFakeProviderServer(() => ({
      json: { ok: true, result: { message_id: 1, date: 0, chat: { id: 111111, type: 'private' } } },
    }));
  });
  afterAll(async () => {
    await api?.close();
  });

  it('sends the bytes as a named document with the caption', async () => {
    const bot = telegramAdminBot(TOKEN, createLogger('silent'), api.baseUrl);
    await bot.sendDocument(111111, 'template_5_stats.xlsx', Buffer.from('xlsx-bytes'), 'Статистика шаблона');
    const request = api.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`/bot${TOKEN}/sendDocument`);
    const form = parts(request.rawBody, String(request.headers['content-type']));
    expect(form.get('chat_id')?.value).toBe('111111');
    expect(form.get('caption')?.value).toBe('Статистика шаблона');
    // grammY sends the file as a part the document field points at (attach://<part name>).
    const file = form.get(form.get('document')!.value.replace('attach://', ''))!;
    expect(file.filename).toBe('template_5_stats.xlsx');
    expect(file.value).toBe('xlsx-bytes');
  });
});

// Without a bot token: buttons go to the outbox file under the text, presses come from `press`.
describe('admin bot buttons (local)', () => {
  it('writes the buttons below the text, one row a line', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'bot-outbox-'));
    const lines: string[] = [];
    const messages = localAdminBotMessages(dir, new ManualClock(new Date('2026-11-26T10:00:00Z')), (l) =>
      lines.push(l),
    );
    await messages.sendText(-100123, 'Предложенный ответ', {
      buttons: [
        [
          { text: 'Отправить', data: 'ai:send:12' },
          { text: 'Удалить', data: 'ai:delete:12' },
        ],
        [{ text: 'Изменить', data: 'ai:edit:12' }],
      ],
    });
    const written = /: (.+)\n$/.exec(lines[0]!)![1]!;
    expect(await readFile(written, 'utf8')).toBe(
      'Предложенный ответ\n\n[Отправить] ai:send:12  [Удалить] ai:delete:12\n[Изменить] ai:edit:12\n',
    );
    await expect(messages.sendText(1, 'x', { buttons: [[{ text: 'Long', data: 'a'.repeat(65) }]] })).rejects.toThrow(
      /64 bytes/,
    );
  });

  it('hands a press to the handler of the longest matching prefix', async () => {
    const buttons = localAdminBotButtons();
    const seen: unknown[] = [];
    buttons.onButton('ai:', async () => 'general');
    buttons.onButton('ai:send:', async (p) => {
      seen.push(p);
      return 'sent';
    });
    expect(isLocalAdminBotButtons(buttons)).toBe(true);
    expect(await buttons.press('ai:send:12', 7, -100)).toBe('sent');
    expect(seen).toEqual([{ chatId: -100, fromId: 7, data: 'ai:send:12' }]);
    expect(await buttons.press('ai:delete:12', 7, -100)).toBe('general');
    expect(await buttons.press('other:1', 7, -100)).toBeUndefined();
    expect(() => buttons.onButton('ai:', async () => undefined)).toThrow(/already handled/);
  });
});
