import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatConversationsResponse, ChatHistoryResponse, ChatReplyResponse } from '@salon/contract/chat-history';
import { chatMessages } from '../../channels/chat-log/schema.js';
import { crmClients } from '../../crm/schema.js';
import { queryRows } from '../../platform/db/client.js';
import { DEMO_BRANCHES, DEMO_USERS } from '../../seed/demo.js';
import { DB_KINDS } from '../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../test-support/harness.js';
import { branchMembers } from '../../platform/db/schema.js';

const ACC = DEMO_BRANCHES.moscow;
const ANNA = '79990000001';
const BORIS = '79990000002';
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n');

describe.each(DB_KINDS)('inbox (%s)', (kind) => {
  let app: TestApp;
  let owner: string;
  let admin: string;

  const db = () => app.runtime.database.db;
  const message = (phone: string, direction: string, body: string, minutes: number, channelKind = 'whatsapp') =>
    db()
      .insert(chatMessages)
      .values({
        accId: ACC,
        channelKind,
        direction,
        phone,
        name: direction === 'incoming' ? `WA ${phone.slice(-1)}` : null,
        type: 'text',
        body,
        at: new Date(app.clock.now().getTime() - (60 - minutes) * 60_000),
      })
      .returning({ id: chatMessages.id });
  const get = async <T>(url: string, token = owner) => {
    const res = await app.request({ method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}acc_id=${ACC}`, token });
    return { status: res.statusCode, body: res.json<T>() };
  };
  // A multipart reply, as the cabinet sends it.
  const reply = async (
    fields: Record<string, string>,
    file?: { name: string; bytes: Buffer; type: string },
    token = owner,
  ) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    const encoded = new Response(form);
    const res = await app.runtime.http!.inject({
      method: 'POST',
      url: `/api/chat_reply?acc_id=${ACC}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': encoded.headers.get('content-type')! },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    return { status: res.statusCode, body: res.json<ChatReplyResponse & { status?: string }>() };
  };

  let annaConversation = 0;

  beforeAll(async () => {
    app = await startTestApp(kind);
    owner = (await app.login(DEMO_USERS.owner)).token;
    admin = (await app.login(DEMO_USERS.templatesAdmin)).token;
    const first = await message(ANNA, 'incoming', 'Здравствуйте!', 1);
    annaConversation = first[0]!.id;
    await message(BORIS, 'incoming', 'Можно записаться?', 2, 'telegram');
    await message(ANNA, 'bot', 'Напоминаем о записи', 3);
    await message(ANNA, 'incoming', 'Спасибо, буду', 4);
    const now = app.clock.now();
    await db()
      .insert(crmClients)
      .values({ accId: ACC, id: 'inbox-anna', name: 'Анна Клиентова', phone: ANNA, createdAt: now, updatedAt: now })
      .onConflictDoNothing();
  });
  afterAll(() => app?.close());

  it('lists conversations latest first, with the CRM name, the channel and the unread count', async () => {
    const { status, body } = await get<ChatConversationsResponse>('/api/chat_conversations');
    expect(status).toBe(200);
    const mine = body.conversations.filter((c) => [ANNA, BORIS].includes(c.phoneNumber));
    expect(mine.map((c) => c.phoneNumber)).toEqual([ANNA, BORIS]);
    expect(mine[0]).toMatchObject({
      conversationId: annaConversation,
      name: 'Анна Клиентова',
      channel: 'whatsapp',
      unread: 2,
      lastMessage: { body: 'Спасибо, буду', author: 'client' },
    });
    expect(mine[1]).toMatchObject({ name: 'WA 2', channel: 'telegram', unread: 1 });
  });

  it('labels a thread by who wrote, and reading it clears the unread count', async () => {
    const thread = await get<ChatHistoryResponse>(`/api/chat_history?conversationId=${annaConversation}`);
    expect(thread.body.messages.map((m) => [m.author, m.authorName, m.body])).toEqual([
      ['client', 'Анна Клиентова', 'Здравствуйте!'],
      ['bot', null, 'Напоминаем о записи'],
      ['client', 'Анна Клиентова', 'Спасибо, буду'],
    ]);
    const read = await app.request({
      method: 'POST',
      url: `/api/chat_read?acc_id=${ACC}`,
      token: owner,
      body: { conversationId: annaConversation },
    });
    expect(read.statusCode).toBe(200);
    const list = await get<ChatConversationsResponse>('/api/chat_conversations');
    expect(list.body.conversations.find((c) => c.phoneNumber === ANNA)?.unread).toBe(0);
    // A new message from the client is unread again.
    await message(ANNA, 'incoming', 'И ещё вопрос', 5);
    const again = await get<ChatConversationsResponse>('/api/chat_conversations');
    expect(again.body.conversations.find((c) => c.phoneNumber === ANNA)?.unread).toBe(1);
  });

  it('splits a wildcard search by number', async () => {
    const { body } = await get<ChatHistoryResponse>('/api/chat_history?phone=7999000000*');
    const ids = new Set(body.messages.map((m) => m.conversationId));
    expect(ids.size).toBe(2);
    expect(new Set(body.messages.map((m) => m.phoneNumber))).toEqual(new Set([ANNA, BORIS]));
  });

  it('queues the salon reply once per request id on the client channel, signed by its author', async () => {
    const fields = { conversationId: String(annaConversation), text: 'Ждём вас в 10:00', requestId: 'req-00000001' };
    const first = await reply(fields);
    expect(first.status).toBe(200);
    expect(first.body.message).toMatchObject({ author: 'salon', authorName: 'Анна Соколова', status: 'pending' });
    const repeated = await reply(fields);
    expect(repeated.status).toBe(200);
    const rows = await queryRows<{ source: string; channels: string[]; recipient: string; body: string }>(
      db(),
      sql`select source, channels, recipient, body from outbox where idempotency_key = ${`inbox:${ACC}:req-00000001`}`,
    );
    expect(rows).toEqual([{ source: 'reply', channels: ['whatsapp'], recipient: ANNA, body: 'Ждём вас в 10:00' }]);
    const thread = await get<ChatHistoryResponse>(`/api/chat_history?conversationId=${annaConversation}`);
    const last = thread.body.messages.at(-1);
    expect(last).toMatchObject({ author: 'salon', direction: 'outgoing', body: 'Ждём вас в 10:00', status: 'pending' });
    expect(thread.body.messages.filter((m) => m.body === 'Ждём вас в 10:00')).toHaveLength(1);
  });

  it('takes an attachment by its bytes and refuses one whose bytes are not its type', async () => {
    const ok = await reply(
      { conversationId: String(annaConversation), text: '', requestId: 'req-00000002' },
      { name: 'price.pdf', bytes: PDF, type: 'application/octet-stream' },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.message.fileData).toMatchObject({ fileName: 'price.pdf', contentType: 'application/pdf' });
    const renamed = await reply(
      { conversationId: String(annaConversation), text: 'см.', requestId: 'req-00000003' },
      { name: 'photo.pdf', bytes: PNG, type: 'application/pdf' },
    );
    expect(renamed.status).toBe(415);
    const empty = await reply({ conversationId: String(annaConversation), text: '  ', requestId: 'req-00000004' });
    expect(empty.status).toBe(400);
  });

  it('lets only owners and correspondence managers answer, and masks numbers for those who must not see them', async () => {
    const refused = await reply(
      { conversationId: String(annaConversation), text: 'Здравствуйте', requestId: 'req-00000005' },
      undefined,
      admin,
    );
    expect(refused.status).toBe(403);
    await db()
      .update(branchMembers)
      .set({ rights: ['edit_templates', 'hide_translation_phones'] })
      .where(and(eq(branchMembers.accId, ACC), eq(branchMembers.userId, DEMO_USERS.templatesAdmin)));
    admin = (await app.login(DEMO_USERS.templatesAdmin)).token;
    const list = await get<ChatConversationsResponse>('/api/chat_conversations', admin);
    const anna = list.body.conversations.find((c) => c.conversationId === annaConversation);
    expect(anna?.phoneNumber).toBe('7999*****01');
    const thread = await get<ChatHistoryResponse>(`/api/chat_history?conversationId=${annaConversation}`, admin);
    expect(thread.body.messages.every((m) => m.phoneNumber === '7999*****01')).toBe(true);
  });
});
