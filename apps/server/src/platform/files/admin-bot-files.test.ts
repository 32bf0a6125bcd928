import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
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
