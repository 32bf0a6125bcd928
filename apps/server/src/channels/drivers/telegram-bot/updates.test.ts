import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChannelSession, SubscriberEvent, SubscriberReply } from '../../channel.js';
import {
  blockedBy,
  openBotSession,
  privateMessage,
  startFakeBotApi,
  storedCredentials,
  type FakeBotApiServer,
} from '../../../test-support/fake-telegram-bot-api.js';
import { until } from '../../../test-support/until.js';

const anna = { id: 501, first_name: 'Anna', last_name: 'Petrova' };
const boris = { id: 502, first_name: 'Boris' };

// The core's answers: ask for the phone until it is shared, then thank.
function salonReplies(event: SubscriberEvent): SubscriberReply | null {
  if (event.type === 'started') return { text: 'Поделитесь номером', askContact: true };
  if (event.type === 'contact') return { text: 'Спасибо!', askContact: false };
  return null;
}

describe('telegram bot updates', () => {
  let api: FakeBotApiServer;
  const sessions: ChannelSession[] = [];
  const open = async (options: Parameters<typeof openBotSession>[1] = {}) => {
    const opened = await openBotSession(api, { credentials: storedCredentials(), replyTo: salonReplies, ...options });
    sessions.push(opened.session);
    return opened;
  };

  beforeEach(async () => {
    api = await startFakeBotApi();
  });
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((s) => s.close()));
    await api.close();
  });

  it('reports /start with a deep-link payload and answers with the contact request', async () => {
    const { recorded } = await open();
    api.pushUpdate(privateMessage(anna, { text: '/start inv_Ab-12' }));
    await until(async () => api.callsOf('sendMessage').length > 0);
    expect(recorded.subscribers).toEqual([
      { type: 'started', address: '501', name: 'Anna Petrova', startToken: 'inv_Ab-12' },
    ]);
    expect(api.callsOf('sendMessage')[0]?.params).toEqual({
      chat_id: 501,
      text: 'Поделитесь номером',
      reply_markup: {
        keyboard: [[{ text: 'Поделиться номером', request_contact: true }]],
        one_time_keyboard: true,
        resize_keyboard: true,
      },
    });
  });

  it('reports a plain /start, or one with a payload that is no token, without a token', async () => {
    const { recorded } = await open();
    api.pushUpdate(privateMessage(anna, { text: '/start' }, 1));
    api.pushUpdate(privateMessage(boris, { text: '/start not a token!' }, 2));
    await until(async () => recorded.subscribers.length === 2);
    expect(recorded.subscribers.map((e) => e.type === 'started' && e.startToken)).toEqual([null, null]);
    expect(recorded.inbound).toEqual([]);
  });

  it("links the sender's own contact with the normalised phone and takes the keyboard away", async () => {
    const { recorded } = await open();
    api.pushUpdate(
      privateMessage(anna, { contact: { phone_number: '+7 916 123-45-67', first_name: 'Anna', user_id: 501 } }),
    );
    await until(async () => api.callsOf('sendMessage').length > 0);
    expect(recorded.subscribers).toEqual([
      { type: 'contact', address: '501', name: 'Anna Petrova', phone: '79161234567' },
    ]);
    expect(api.callsOf('sendMessage')[0]?.params).toMatchObject({
      chat_id: 501,
      text: 'Спасибо!',
      reply_markup: { remove_keyboard: true },
    });
  });

  it("does not link someone else's contact card, and asks again", async () => {
    const { recorded } = await open();
    api.pushUpdate(
      privateMessage(anna, { contact: { phone_number: '79161112233', first_name: 'Boris', user_id: 502 } }),
    );
    await until(async () => api.callsOf('sendMessage').length > 0);
    expect(recorded.subscribers).toEqual([{ type: 'started', address: '501', name: 'Anna Petrova', startToken: null }]);
    expect(api.callsOf('sendMessage')[0]?.params).toMatchObject({ reply_markup: { keyboard: expect.any(Array) } });
  });

  it('hands other private text to the core as inbound from the chat id', async () => {
    const { recorded } = await open();
    api.pushUpdate(privateMessage(boris, { text: 'Можно перенести запись?' }, 77));
    await until(async () => recorded.inbound.length > 0);
    expect(recorded.inbound).toEqual([
      {
        providerMessageId: '77',
        from: '502',
        name: 'Boris',
        at: new Date(1_780_000_000 * 1000),
        type: 'text',
        body: 'Можно перенести запись?',
        caption: null,
        file: null,
      },
    ]);
    expect(recorded.subscribers).toEqual([]);
  });

  it('ignores group chats', async () => {
    const { recorded } = await open();
    const inGroup = privateMessage(anna, { text: 'hello all' });
    (inGroup.message as { chat: unknown }).chat = { id: -100123, type: 'group', title: 'Friends' };
    api.pushUpdate(inGroup);
    api.pushUpdate(privateMessage(boris, { text: 'after' }, 2));
    await until(async () => recorded.inbound.length > 0);
    expect(recorded.inbound.map((m) => m.body)).toEqual(['after']);
  });

  it('reports a user who blocked the bot as stopped', async () => {
    const { recorded } = await open();
    api.pushUpdate(blockedBy(anna));
    await until(async () => recorded.subscribers.length > 0);
    expect(recorded.subscribers).toEqual([{ type: 'stopped', address: '501' }]);
    expect(api.callsOf('sendMessage')).toHaveLength(0);
  });
});
