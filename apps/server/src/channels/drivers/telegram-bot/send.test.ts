import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChannelSession, OutboundMessage } from '../../channel.js';
import {
  openBotSession,
  startFakeBotApi,
  storedCredentials,
  type FakeBotApiServer,
} from '../../../test-support/fake-telegram-bot-api.js';
import { until } from '../../../test-support/until.js';

function message(overrides: Partial<OutboundMessage> = {}): OutboundMessage {
  return { idempotencyKey: 'outbox-1', to: '501', text: 'Ждём вас завтра в 12:00', media: null, ...overrides };
}

describe('telegram bot sending', () => {
  let api: FakeBotApiServer;
  const sessions: ChannelSession[] = [];
  const open = async () => {
    const opened = await openBotSession(api, { credentials: storedCredentials() });
    sessions.push(opened.session);
    await until(async () => opened.recorded.statuses.at(-1)?.status === 'authenticated');
    return opened;
  };

  beforeEach(async () => {
    api = await startFakeBotApi();
  });
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((s) => s.close()));
    await api.close();
  });

  it('sends text to the chat and reports it delivered', async () => {
    const { session, recorded } = await open();
    const result = await session.send(message());
    expect(result).toEqual({ ok: true, providerMessageId: '1' });
    expect(api.callsOf('sendMessage')[0]?.params).toEqual({ chat_id: 501, text: 'Ждём вас завтра в 12:00' });
    await until(async () => recorded.acks.length > 0);
    expect(recorded.acks).toEqual([{ id: '1', ack: 'delivered' }]);
  });

  it('sends the same outbox row only once', async () => {
    const { session } = await open();
    const first = await session.send(message());
    const second = await session.send(message());
    expect(second).toEqual(first);
    expect(api.callsOf('sendMessage')).toHaveLength(1);
    await session.send(message({ idempotencyKey: 'outbox-2' }));
    expect(api.callsOf('sendMessage')).toHaveLength(2);
  });

  it('uploads a PDF as a document with the text as its caption', async () => {
    const { session } = await open();
    const result = await session.send(
      message({ media: { fileName: 'price.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4 test') } }),
    );
    expect(result).toMatchObject({ ok: true });
    const [call] = api.callsOf('sendDocument');
    expect(call?.params).toMatchObject({ chat_id: 501, caption: 'Ждём вас завтра в 12:00' });
    expect(Object.values(call?.files ?? {})).toEqual([{ fileName: 'price.pdf', content: '%PDF-1.4 test' }]);
  });

  it('uploads a JPEG as a photo', async () => {
    const { session } = await open();
    await session.send(
      message({ text: '', media: { fileName: 'work.jpg', contentType: 'image/jpeg', data: Buffer.from('jpeg') } }),
    );
    expect(api.callsOf('sendPhoto')).toHaveLength(1);
    expect(api.callsOf('sendPhoto')[0]?.params).not.toHaveProperty('caption');
  });

  it('reports a user who blocked the bot as not on the channel, and as stopped', async () => {
    const { session, recorded } = await open();
    api.failNext('sendMessage', { error_code: 403, description: 'Forbidden: bot was blocked by the user' });
    await expect(session.send(message())).resolves.toMatchObject({ ok: false, failure: 'not_on_channel' });
    await until(async () => recorded.subscribers.length > 0);
    expect(recorded.subscribers).toEqual([{ type: 'stopped', address: '501' }]);
  });

  it('reports an unknown chat as not on the channel and another bad request as invalid recipient', async () => {
    const { session } = await open();
    api.failNext('sendMessage', { error_code: 400, description: 'Bad Request: chat not found' });
    await expect(session.send(message())).resolves.toMatchObject({ ok: false, failure: 'not_on_channel' });
    api.failNext('sendMessage', { error_code: 400, description: 'Bad Request: message text is empty' });
    await expect(session.send(message({ idempotencyKey: 'k2' }))).resolves.toMatchObject({
      ok: false,
      failure: 'invalid_recipient',
    });
    await expect(session.send(message({ idempotencyKey: 'k3', to: 'tg501' }))).resolves.toMatchObject({
      ok: false,
      failure: 'invalid_recipient',
    });
  });

  it('passes a long flood wait to the core as rate_limited with its retry_after', async () => {
    const { session } = await open();
    api.failNext('sendMessage', {
      error_code: 429,
      description: 'Too Many Requests: retry after 30',
      parameters: { retry_after: 30 },
    });
    await expect(session.send(message())).resolves.toMatchObject({
      ok: false,
      failure: 'rate_limited',
      retryAfterMs: 30_000,
    });
    expect(api.callsOf('sendMessage')).toHaveLength(1);
  });

  it('sits out a short flood wait inside the call', async () => {
    const { session } = await open();
    api.failNext('sendMessage', {
      error_code: 429,
      description: 'Too Many Requests: retry after 1',
      parameters: { retry_after: 1 },
    });
    await expect(session.send(message())).resolves.toMatchObject({ ok: true });
    expect(api.callsOf('sendMessage')).toHaveLength(2);
  });

  it('reports a revoked token as not connected and the session as logged out', async () => {
    const { session, recorded } = await open();
    api.revokeToken();
    await expect(session.send(message())).resolves.toMatchObject({ ok: false, failure: 'not_connected' });
    expect(recorded.statuses.at(-1)).toEqual({ status: 'not_authenticated', reason: 'token_revoked' });
  });

  it('reports a Telegram outage as provider_error', async () => {
    const { session } = await open();
    api.failNext('sendMessage', 'network');
    await expect(session.send(message())).resolves.toMatchObject({ ok: false, failure: 'provider_error' });
    api.failNext('sendMessage', { error_code: 502, description: 'Bad Gateway' });
    await expect(session.send(message({ idempotencyKey: 'k2' }))).resolves.toMatchObject({
      ok: false,
      failure: 'provider_error',
    });
  });
});
