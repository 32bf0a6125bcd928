import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChannelSession } from '../../channel.js';
import {
  ASK_CONTACT,
  LINKED,
  botStarted,
  botStopped,
  contactAttachment,
  maxUser,
  messageCreated,
  openMaxSession,
  startFakeMaxApi,
  storedCredentials,
  type FakeMaxApi,
  type MaxRecorded,
} from '../../../test-support/fake-max-api.js';
import { until } from '../../../test-support/until.js';

const anna = maxUser(501, 'Анна', 'Петрова');
const boris = maxUser(502, 'Борис');

const requestContactButton = {
  type: 'inline_keyboard',
  payload: { buttons: [[{ type: 'request_contact', text: 'Поделиться номером' }]] },
};

describe('MAX bot updates (long polling)', () => {
  let api: FakeMaxApi;
  let session: ChannelSession;
  let recorded: MaxRecorded;

  beforeEach(async () => {
    api = await startFakeMaxApi();
    ({ session, recorded } = await openMaxSession(api, { credentials: storedCredentials(api) }));
    await until(() => Promise.resolve(api.polls().length > 0));
  });
  afterEach(async () => {
    await session.close();
    await api.close();
  });

  it('reports a Start with a deep-link payload and sends the answer with the contact button', async () => {
    api.push(botStarted(anna, 'inv_Abc-123'));
    await until(() => Promise.resolve(api.sent.length === 1));
    expect(recorded.subscribers).toEqual([
      { type: 'started', address: '501', name: 'Анна Петрова', startToken: 'inv_Abc-123' },
    ]);
    expect(api.sent[0]).toMatchObject({ userId: '501', text: ASK_CONTACT.text, attachments: [requestContactButton] });
  });

  it('passes a Start without a usable payload as no token', async () => {
    api.push(botStarted(anna, 'not a token!'));
    api.push(botStarted(boris));
    await until(() => Promise.resolve(recorded.subscribers.length === 2));
    expect(recorded.subscribers.map((e) => e.type === 'started' && e.startToken)).toEqual([null, null]);
  });

  it('links the sender’s own contact with the phone normalised', async () => {
    api.push(messageCreated(anna, { attachments: [contactAttachment(anna, '+7 (916) 123-45-67')] }));
    await until(() => Promise.resolve(api.sent.length === 1));
    expect(recorded.subscribers).toEqual([
      { type: 'contact', address: '501', name: 'Анна Петрова', phone: '79161234567' },
    ]);
    expect(api.sent[0]).toMatchObject({ userId: '501', text: LINKED.text, attachments: [] });
    expect(recorded.inbound).toEqual([]);
  });

  it('does not link someone else’s contact card and asks again', async () => {
    api.push(messageCreated(anna, { attachments: [contactAttachment(boris, '+7 916 765-43-21')] }));
    await until(() => Promise.resolve(api.sent.length === 1));
    expect(recorded.subscribers).toEqual([{ type: 'started', address: '501', name: 'Анна Петрова', startToken: null }]);
    expect(api.sent[0]).toMatchObject({ userId: '501', attachments: [requestContactButton] });
  });

  it('reports text as inbound from the user’s address', async () => {
    const at = Date.UTC(2026, 10, 26, 12, 0, 0);
    api.push(messageCreated(anna, { text: 'Можно перенести запись?', mid: 'mid.in.1', timestamp: at }));
    await until(() => Promise.resolve(recorded.inbound.length === 1));
    expect(recorded.inbound[0]).toEqual({
      providerMessageId: 'mid.in.1',
      from: '501',
      name: 'Анна Петрова',
      at: new Date(at),
      type: 'text',
      body: 'Можно перенести запись?',
      caption: null,
      file: null,
    });
  });

  it('reports a stopped bot', async () => {
    api.push(botStopped(anna));
    await until(() => Promise.resolve(recorded.subscribers.length === 1));
    expect(recorded.subscribers).toEqual([{ type: 'stopped', address: '501' }]);
    expect(api.sent).toEqual([]);
  });

  it('reports the user as stopped when the answer fails because they blocked the bot', async () => {
    api.fail('POST', '/messages', { status: 403, json: { code: 'chat.denied', message: 'blocked' } });
    api.push(botStarted(anna, 'inv_1'));
    await until(() => Promise.resolve(recorded.subscribers.length === 2));
    expect(recorded.subscribers[1]).toEqual({ type: 'stopped', address: '501' });
  });

  it('resumes from the marker after an error, fetching nothing twice', async () => {
    api.fail('GET', '/updates', { status: 500, json: { code: 'internal', message: 'oops' } });
    // The waiting poll takes these two; the next one fails; the one after resumes from the marker.
    api.push(messageCreated(anna, { text: 'один', mid: 'm1' }));
    api.push(messageCreated(anna, { text: 'два', mid: 'm2' }));
    await until(() => Promise.resolve(api.polls().length >= 3));
    api.push(messageCreated(anna, { text: 'три', mid: 'm3' }));
    await until(() => Promise.resolve(recorded.inbound.length === 3));
    const markers = api.polls().map((p) => p.query.get('marker'));
    expect(markers.slice(0, 3)).toEqual([null, '2', '2']);
    expect(recorded.inbound.map((m) => m.body)).toEqual(['один', 'два', 'три']);
  });

  it('stops polling on close', async () => {
    await session.close();
    const polls = api.polls().length;
    api.push(messageCreated(anna, { text: 'после закрытия' }));
    await new Promise((r) => setTimeout(r, 150));
    expect(api.polls()).toHaveLength(polls);
    expect(recorded.inbound).toEqual([]);
  });

  it('reports a token revoked while polling', async () => {
    api.revoke();
    api.push(messageCreated(anna, { text: 'x' }));
    await until(() => Promise.resolve(recorded.statuses.at(-1)?.reason === 'token_revoked'));
    expect(recorded.statuses.at(-1)).toEqual({ status: 'not_authenticated', reason: 'token_revoked' });
  });

  it('marks the dialog as seen', async () => {
    api.push(messageCreated(anna, { text: 'привет', mid: 'm9' }));
    await until(() => Promise.resolve(recorded.inbound.length === 1));
    await session.markRead?.('501', ['m9']);
    const action = api.requests.find((r) => r.path === '/chats/5010/actions');
    expect(action?.json).toEqual({ action: 'mark_seen' });
  });
});

describe('MAX bot updates (webhook)', () => {
  const webhook = {
    url: (id: string) => `https://salon.example/api/hooks/max/${id}`,
    secret: (id: string) => `secret_${id}`,
  };
  let api: FakeMaxApi;
  beforeEach(async () => {
    api = await startFakeMaxApi();
  });
  afterEach(() => api.close());

  it('subscribes with the url and secret, does not poll, and handles posted updates', async () => {
    const { session, recorded } = await openMaxSession(api, { webhook });
    await session.login({ step: 'bot_token', token: api.token });
    await until(() => Promise.resolve(api.subscriptions.length === 1));
    expect(api.subscriptions[0]).toEqual({
      url: 'https://salon.example/api/hooks/max/max-1',
      secret: 'secret_max-1',
      update_types: ['bot_started', 'bot_stopped', 'message_created'],
    });

    await session.handleUpdate?.(botStarted(anna, 'inv_9'));
    expect(recorded.subscribers).toEqual([
      { type: 'started', address: '501', name: 'Анна Петрова', startToken: 'inv_9' },
    ]);
    expect(api.sent).toHaveLength(1);
    await session.handleUpdate?.(messageCreated(anna, { text: 'через вебхук' }));
    expect(recorded.inbound.map((m) => m.body)).toEqual(['через вебхук']);
    await session.handleUpdate?.({ nonsense: true });
    expect(api.polls()).toEqual([]);

    await session.logout();
    expect(api.subscriptions).toEqual([]);
    await session.close();
  });
});
