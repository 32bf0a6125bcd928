import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTO_RESPONSE_TEXT_MAX,
  KEY_PHRASE_STATUS,
  type KeyPhrasesResponse,
  type KeyPhraseSavedResponse,
  type KeyPhraseSettingsResponse,
} from '@salon/contract/auto-responses';
import type { ChatConversationsResponse, ChatHistoryResponse } from '@salon/contract/chat-history';
import { MAX_ATTACHMENT_BYTES } from '@salon/contract/attachments';
import { chatMessages } from '../../channels/chat-log/schema.js';
import { sandboxMessages } from '../../channels/drivers/sandbox/schema.js';
import { outbox } from '../../channels/schema.js';
import { files } from '../../platform/files/schema.js';
import { DEMO_BRANCHES, DEMO_USERS } from '../../seed/demo.js';
import { DB_KINDS } from '../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../test-support/harness.js';
import { clientWrites as writes } from '../../test-support/sandbox-client.js';
import { until } from '../../test-support/until.js';
import { keyPhrases } from './schema.js';

const ACC = DEMO_BRANCHES.moscow;
const OTHER = DEMO_BRANCHES.sendOut;
const INSTANCE = `whatsapp-${ACC}`;
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const EXE = Buffer.from('4d5a90000300000004000000ffff0000b800000000000000400000000000', 'hex');
const HOUR = 3_600_000;

type Fail = { ok: false; status: string; issues?: { path: string; code: string }[] };
// The answer as the success type says, with a refusal's status and issues readable too (`ok` stays
// T's: intersecting `ok: true` with Fail's `ok: false` would make the whole body `never`).
type Answer<T> = { status: number; body: T & Partial<Omit<Fail, 'ok'>> };

describe.each(DB_KINDS)('auto-responses (%s)', (kind) => {
  let app: TestApp;
  let owner: string;
  let stranger: string;
  const db = () => app.runtime.database.db;

  beforeAll(async () => {
    // 'all': the sandbox WhatsApp session runs in this process, so clients' messages come in.
    app = await startTestApp(kind, { SANDBOX_DELIVERY_MS: '0', DISPATCH_PACING: 'off' }, 'all');
    app.clock.set(new Date());
    owner = (await app.login(DEMO_USERS.owner, '10.61.0.1')).token;
    stranger = (await app.login(DEMO_USERS.sendOutOwner, '10.61.0.2')).token;
  });
  afterAll(async () => {
    await app?.close();
  });

  // The add/update forms as the cabinet sends them (multipart, words as a JSON array).
  async function form<T = KeyPhraseSavedResponse>(
    path: '/api/add_key_phrase' | '/api/update_key_phrase',
    fields: Record<string, string | string[]>,
    file?: { name: string; bytes: Buffer },
    options: { token?: string; acc?: number } = {},
  ): Promise<Answer<T>> {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, Array.isArray(v) ? JSON.stringify(v) : v);
    if (file) {
      body.append('media', new Blob([new Uint8Array(file.bytes)], { type: 'application/octet-stream' }), file.name);
    }
    const encoded = new Response(body);
    const res = await app.runtime.http!.inject({
      method: 'POST',
      url: `${path}?acc_id=${options.acc ?? ACC}`,
      headers: {
        authorization: `Bearer ${options.token ?? owner}`,
        'content-type': encoded.headers.get('content-type')!,
      },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    return { status: res.statusCode, body: res.json() };
  }
  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    options: { token?: string; acc?: number; query?: string } = {},
  ): Promise<Answer<T>> {
    const res = await app.request({
      method,
      url: `${path}?acc_id=${options.acc ?? ACC}${options.query ?? ''}`,
      token: options.token ?? owner,
      body,
    });
    return { status: res.statusCode, body: res.json() };
  }
  const list = async (acc: number = ACC, token = owner) =>
    (await call<KeyPhrasesResponse>('GET', '/api/get_key_phrases', undefined, { acc, token })).body.data;
  const phraseCount = async () =>
    (await db().select({ n: count() }).from(keyPhrases).where(eq(keyPhrases.accId, ACC)))[0]!.n;
  const fileCount = async () => (await db().select({ n: count() }).from(files))[0]!.n;

  describe('the key phrases of a branch', () => {
    it('adds, lists, updates, switches and deletes a text reply under the SPEC wire names', async () => {
      const added = await form('/api/add_key_phrase', {
        active: 'true',
        type: 'text',
        reply: 'Мы работаем с 10 до 21',
        words: ['режим работы', ' Работаете ', 'работаете'],
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      expect(added.body).toEqual({
        ok: true,
        status: KEY_PHRASE_STATUS.created,
        data: {
          id: expect.any(Number),
          active: true,
          type: 'text',
          reply: 'Мы работаем с 10 до 21',
          // Trimmed; the same word twice is kept once.
          words: ['режим работы', 'Работаете'],
          caption: null,
          media: null,
        },
      });
      const id = added.body.data.id;
      expect(await list()).toContainEqual(added.body.data);

      const updated = await form('/api/update_key_phrase', {
        id: String(id),
        active: 'true',
        type: 'text',
        reply: 'С 9 до 21',
        old_words: ['работаете'],
        new_words: ['часы работы'],
      });
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
      expect(updated.body).toMatchObject({
        status: KEY_PHRASE_STATUS.updated,
        data: { id, reply: 'С 9 до 21', words: ['режим работы', 'часы работы'] },
      });

      const off = await call<KeyPhraseSavedResponse>('POST', '/api/active_key_phrase', { id, active: false });
      expect(off.body).toMatchObject({ ok: true, data: { id, active: false } });
      expect((await list()).find((p) => p.id === id)?.active).toBe(false);
      // An update that does not name the switch leaves it off.
      const reworded = await form('/api/update_key_phrase', {
        id: String(id),
        type: 'text',
        reply: 'С 9 до 21',
        words: ['режим работы'],
      });
      expect(reworded.body.data).toMatchObject({ active: false, words: ['режим работы'] });

      const deleted = await call('POST', '/api/delete_key_phrase', { id });
      expect(deleted.body).toEqual({ ok: true, status: KEY_PHRASE_STATUS.deleted, id });
      expect((await list()).find((p) => p.id === id)).toBeUndefined();
      expect((await call('POST', '/api/delete_key_phrase', { id })).status).toBe(404);
    });

    it('keeps a file reply typed by its bytes, not by its name or what the browser said', async () => {
      const added = await form(
        '/api/add_key_phrase',
        { type: 'file', reply: 'Наш прайс', words: ['прайс'] },
        { name: 'прайс.png', bytes: PNG },
      );
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      expect(added.body.data).toMatchObject({
        type: 'file',
        reply: 'Наш прайс',
        caption: 'Наш прайс',
        media: { name: 'прайс.png', size: PNG.length, content_type: 'image/png' },
      });
      // Updating the words only keeps the file.
      const updated = await form('/api/update_key_phrase', {
        id: String(added.body.data.id),
        type: 'file',
        reply: '',
        words: ['прайс', 'цены'],
      });
      expect(updated.body.data).toMatchObject({ caption: '', media: { name: 'прайс.png' }, words: ['прайс', 'цены'] });
      await call('POST', '/api/delete_key_phrase', { id: added.body.data.id });
    });

    it.each([
      [
        'a text over 2000 characters',
        { type: 'text', reply: 'я'.repeat(AUTO_RESPONSE_TEXT_MAX + 1), words: ['цена'] },
        undefined,
        400,
        KEY_PHRASE_STATUS.textTooLong,
      ],
      [
        'an empty trigger word',
        { type: 'text', reply: 'Ответ', words: ['цена', '  '] },
        undefined,
        400,
        KEY_PHRASE_STATUS.emptyWord,
      ],
      [
        'a trigger word of punctuation',
        { type: 'text', reply: 'Ответ', words: ['?!'] },
        undefined,
        400,
        KEY_PHRASE_STATUS.emptyWord,
      ],
      [
        'no trigger word',
        { type: 'text', reply: 'Ответ', words: [] as string[] },
        undefined,
        400,
        KEY_PHRASE_STATUS.noWords,
      ],
      [
        'a text reply without text',
        { type: 'text', reply: '  ', words: ['цена'] },
        undefined,
        400,
        KEY_PHRASE_STATUS.emptyReply,
      ],
      [
        'a file reply without a file',
        { type: 'file', reply: '', words: ['цена'] },
        undefined,
        400,
        KEY_PHRASE_STATUS.fileRequired,
      ],
      [
        'a program named as a picture',
        { type: 'file', reply: '', words: ['цена'] },
        { name: 'price.png', bytes: EXE },
        415,
        KEY_PHRASE_STATUS.unsupportedFile,
      ],
      [
        'a file type SPEC 5 does not allow',
        { type: 'file', reply: '', words: ['цена'] },
        { name: 'price.exe', bytes: EXE },
        415,
        KEY_PHRASE_STATUS.unsupportedFile,
      ],
      [
        'a file over 20 MB',
        { type: 'file', reply: '', words: ['цена'] },
        { name: 'price.png', bytes: Buffer.concat([PNG, Buffer.alloc(MAX_ATTACHMENT_BYTES)]) },
        413,
        KEY_PHRASE_STATUS.fileTooBig,
      ],
    ] as const)('refuses %s with its status, and saves nothing', async (_name, fields, file, code, status) => {
      const phrases = await phraseCount();
      const stored = await fileCount();
      const res = await form('/api/add_key_phrase', fields as Record<string, string | string[]>, file);
      expect([res.status, res.body.status], JSON.stringify(res.body)).toEqual([code, status]);
      expect(res.body.issues?.[0]?.code).toBe(status);
      expect(await phraseCount()).toBe(phrases);
      expect(await fileCount()).toBe(stored);
    });

    it('refuses a bad update and leaves the phrase as it was', async () => {
      const added = await form('/api/add_key_phrase', { type: 'text', reply: 'Адрес: Тверская, 1', words: ['адрес'] });
      const id = String(added.body.data.id);
      const long = await form('/api/update_key_phrase', {
        id,
        type: 'text',
        reply: 'я'.repeat(AUTO_RESPONSE_TEXT_MAX + 1),
        words: ['адрес'],
      });
      expect([long.status, long.body.status]).toEqual([400, KEY_PHRASE_STATUS.textTooLong]);
      const wrongFile = await form(
        '/api/update_key_phrase',
        { id, type: 'file', reply: '', words: ['адрес'] },
        { name: 'map.png', bytes: EXE },
      );
      expect([wrongFile.status, wrongFile.body.status]).toEqual([415, KEY_PHRASE_STATUS.unsupportedFile]);
      expect((await list()).find((p) => p.id === added.body.data.id)).toEqual(added.body.data);
      await call('POST', '/api/delete_key_phrase', { id: added.body.data.id });
    });

    it('keeps each branch to its own phrases', async () => {
      const theirs = await form(
        '/api/add_key_phrase',
        { type: 'text', reply: 'Чужой ответ', words: ['цена'] },
        undefined,
        { token: stranger, acc: OTHER },
      );
      expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);
      const id = theirs.body.data.id;
      expect((await list()).map((p) => p.id)).not.toContain(id);
      // Through our own branch their phrase is not there to change.
      const update = await form('/api/update_key_phrase', { id: String(id), type: 'text', reply: 'Моё', words: ['x'] });
      expect([update.status, update.body.status]).toEqual([404, KEY_PHRASE_STATUS.notFound]);
      expect((await call('POST', '/api/active_key_phrase', { id, active: false })).status).toBe(404);
      expect((await call('POST', '/api/delete_key_phrase', { id })).status).toBe(404);
      // And their branch is not ours to call.
      expect((await call('GET', '/api/get_key_phrases', undefined, { acc: OTHER })).body).toEqual({
        ok: false,
        status: 'Access denied',
      });
      expect(await list(OTHER, stranger)).toEqual([theirs.body.data]);
    });

    it('has the default period and pause until the branch sets its own', async () => {
      const defaults = await call<KeyPhraseSettingsResponse>('GET', '/api/key_phrases_settings');
      expect(defaults.body).toEqual({ ok: true, data: { period_hours: 24, pause_minutes: 120 } });
      expect((await call('POST', '/api/key_phrases_settings', { period_hours: 0, pause_minutes: 120 })).status).toBe(
        400,
      );
      const saved = await call('POST', '/api/key_phrases_settings', { period_hours: 12, pause_minutes: 30 });
      expect(saved.body).toEqual({ ok: true, data: { period_hours: 12, pause_minutes: 30 } });
      await call('POST', '/api/key_phrases_settings', { period_hours: 24, pause_minutes: 120 });
    });
  });

  // A client writes on the sandbox WhatsApp network; the branch's number answers.
  describe('answering a client', () => {
    const CLIENT = '79005558181';
    let price = 0;

    beforeAll(async () => {
      const qr = (await call<{ qr: string }>('POST', '/api/connection/wa/qr_code')).body.qr;
      await call('POST', '/api/dev/sandbox/scan', { qr, phone: '79161110000' });
      await until(
        async () =>
          (await call<{ wa: { status: string } }>('GET', '/api/connection')).body.wa.status === 'authenticated',
      );
      price = (
        await form(
          '/api/add_key_phrase',
          { type: 'file', reply: 'Прайс во вложении', words: ['прайс', 'цена'] },
          {
            name: 'price.png',
            bytes: PNG,
          },
        )
      ).body.data.id;
      await form('/api/add_key_phrase', { type: 'text', reply: 'Маникюр — 2000 ₽', words: ['цена маникюра'] });
      await form('/api/add_key_phrase', { type: 'text', reply: 'Тверская, 1', words: ['адрес'] });
    });

    // The client's message, once the channel has stored it and run the reply chain over it.
    const clientWrites = (text: string, phone = CLIENT) => writes(app, { phone, text, instance: INSTANCE });
    const replies = () =>
      db()
        .select({
          id: outbox.id,
          body: outbox.body,
          media: outbox.media,
          sourceId: outbox.sourceId,
          channels: outbox.channels,
        })
        .from(outbox)
        .where(and(eq(outbox.recipient, CLIENT), eq(outbox.source, 'reply')))
        .orderBy(outbox.id);

    it('answers the most specific phrase once, with its file, and not again within the period', async () => {
      await clientWrites('Здравствуйте! Какая ЦЕНА маникюра?');
      const first = await replies();
      expect(first.map((r) => r.body)).toEqual(['Маникюр — 2000 ₽']);
      expect(first[0]!.channels).toEqual(['whatsapp']);

      await clientWrites('А прайс можно?');
      const second = await replies();
      expect(second.map((r) => [r.body, r.sourceId])).toEqual([
        ['Маникюр — 2000 ₽', expect.any(String)],
        ['Прайс во вложении', `key_phrase:${price}`],
      ]);
      expect(second[1]!.media).toMatchObject({ fileName: 'price.png', contentType: 'image/png' });
      // The file reaches the client's phone.
      expect(await app.runtime.channels.dispatcher.dispatch(second[1]!.id)).toBe('sent');
      const received = await db()
        .select({ body: sandboxMessages.body, media: sandboxMessages.media })
        .from(sandboxMessages)
        .where(and(eq(sandboxMessages.phone, CLIENT), eq(sandboxMessages.direction, 'to_client')));
      expect(received).toContainEqual({
        body: 'Прайс во вложении',
        media: expect.objectContaining({ fileName: 'price.png' }),
      });

      // Within the period the same phrase stays silent, whatever form the word comes in.
      app.clock.advance(23 * HOUR);
      await clientWrites('цены какие?');
      expect(await replies()).toHaveLength(2);
      // After it, the phrase answers again.
      app.clock.advance(2 * HOUR);
      await clientWrites('цены какие?');
      expect((await replies()).map((r) => r.body).at(-1)).toBe('Прайс во вложении');
      expect(await replies()).toHaveLength(3);
    });

    it('stands back for the pause after a person at the salon replies from the inbox', async () => {
      // A day went by in the test before: the session of the morning has expired.
      owner = (await app.login(DEMO_USERS.owner, '10.61.0.3')).token;
      const conversations = await call<ChatConversationsResponse>('GET', '/api/chat_conversations');
      const conversation = conversations.body.conversations.find((c) => c.phoneNumber === CLIENT)!;
      const body = new FormData();
      body.append('conversationId', String(conversation.conversationId));
      body.append('text', 'Анна, добрый день! Сейчас подскажу.');
      body.append('requestId', 'req-key-phrase-1');
      const encoded = new Response(body);
      const replied = await app.runtime.http!.inject({
        method: 'POST',
        url: `/api/chat_reply?acc_id=${ACC}`,
        headers: { authorization: `Bearer ${owner}`, 'content-type': encoded.headers.get('content-type')! },
        payload: Buffer.from(await encoded.arrayBuffer()),
      });
      expect(replied.statusCode, replied.body).toBe(200);
      const before = (await replies()).length;

      app.clock.advance(119 * 60_000);
      await clientWrites('Какой у вас адрес?');
      expect(await replies()).toHaveLength(before);

      app.clock.advance(2 * 60_000);
      await clientWrites('Какой у вас адрес?');
      const after = await replies();
      expect(after).toHaveLength(before + 1);
      expect(after.at(-1)!.body).toBe('Тверская, 1');
    });

    it('stands back for the pause after the salon writes from its own phone', async () => {
      owner = (await app.login(DEMO_USERS.owner, '10.61.0.4')).token;
      const phone = '79005558383';
      const before = async () =>
        db()
          .select({ body: outbox.body })
          .from(outbox)
          .where(and(eq(outbox.recipient, phone), eq(outbox.source, 'reply')));
      // The salon's phone writes first (WhatsApp: a message typed on the linked phone itself).
      const typed = await call<{ result: string }>('POST', '/api/dev/sandbox/salon_message', {
        instance_id: INSTANCE,
        phone,
        text: 'Добрый день! Это администратор.',
      });
      expect(typed.body).toEqual({ ok: true, result: 'sent' });
      await until(async () => {
        const rows = await db()
          .select({ direction: chatMessages.direction })
          .from(chatMessages)
          .where(and(eq(chatMessages.phone, phone), eq(chatMessages.accId, ACC)));
        return rows.some((r) => r.direction === 'outgoing');
      });
      const thread = await call<ChatHistoryResponse>('GET', `/api/chat_history`, undefined, {
        query: `&phone=${phone}`,
      });
      expect(thread.body.messages.map((m) => [m.author, m.body])).toEqual([
        ['salon', 'Добрый день! Это администратор.'],
      ]);

      app.clock.advance(119 * 60_000);
      await clientWrites('Какой адрес?', phone);
      expect(await before()).toEqual([]);

      app.clock.advance(2 * 60_000);
      await clientWrites('Адрес?', phone);
      expect(await before()).toEqual([{ body: 'Тверская, 1' }]);
    });

    it('answers two messages that come at once only once', async () => {
      const phone = '79005558282';
      const instance = (await app.runtime.channels.repo.instance(INSTANCE))!;
      const message = (id: string) => ({
        accId: ACC,
        instance,
        message: {
          providerMessageId: id,
          from: phone,
          name: null,
          at: app.clock.now(),
          type: 'text' as const,
          body: 'Адрес подскажите',
          caption: null,
          file: null,
        },
      });
      const handled = await Promise.all([
        app.runtime.channels.replies.run(message('race-1')),
        app.runtime.channels.replies.run(message('race-2')),
      ]);
      expect(handled).toEqual(['key_phrases', 'key_phrases']);
      const rows = await db()
        .select({ body: outbox.body })
        .from(outbox)
        .where(and(eq(outbox.recipient, phone), eq(outbox.source, 'reply')));
      expect(rows).toEqual([{ body: 'Тверская, 1' }]);
    });

    it('says nothing to a message without a trigger word', async () => {
      const before = (await replies()).length;
      await clientWrites('Спасибо, до встречи');
      expect(await replies()).toHaveLength(before);
    });
  });
});
