import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChannelSession, OutboundMessage } from '../../channel.js';
import {
  openMaxSession,
  startFakeMaxApi,
  storedCredentials,
  type FakeMaxApi,
  type MaxRecorded,
} from '../../../test-support/fake-max-api.js';
import { until } from '../../../test-support/until.js';

const message = (over: Partial<OutboundMessage> = {}): OutboundMessage => ({
  idempotencyKey: 'outbox-1',
  to: '501',
  text: 'Напоминаем о записи завтра в 12:00',
  media: null,
  ...over,
});

describe('MAX bot sending', () => {
  let api: FakeMaxApi;
  let session: ChannelSession;
  let recorded: MaxRecorded;

  beforeEach(async () => {
    api = await startFakeMaxApi();
    ({ session, recorded } = await openMaxSession(api, { credentials: storedCredentials(api) }));
    await until(() => Promise.resolve(recorded.statuses.some((s) => s.status === 'authenticated')));
  });
  afterEach(async () => {
    await session.close();
    await api.close();
  });

  it('sends text to the user id and reports it delivered', async () => {
    const result = await session.send(message());
    expect(result).toEqual({ ok: true, providerMessageId: 'mid.1' });
    expect(api.sent).toEqual([
      { userId: '501', chatId: null, text: 'Напоминаем о записи завтра в 12:00', attachments: [], mid: 'mid.1' },
    ]);
    expect(recorded.acks).toEqual([{ id: 'mid.1', ack: 'delivered' }]);
  });

  it('sends a retried idempotency key only once', async () => {
    const [first, second] = await Promise.all([session.send(message()), session.send(message())]);
    const third = await session.send(message());
    expect(first).toEqual({ ok: true, providerMessageId: 'mid.1' });
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect(api.sent).toHaveLength(1);
    await session.send(message({ idempotencyKey: 'outbox-2' }));
    expect(api.sent).toHaveLength(2);
  });

  it('sends again a key whose first attempt failed', async () => {
    api.fail('POST', '/messages', { status: 503, json: { code: 'internal', message: 'down' } });
    await expect(session.send(message())).resolves.toMatchObject({ ok: false, failure: 'provider_error' });
    await expect(session.send(message())).resolves.toEqual({ ok: true, providerMessageId: 'mid.1' });
  });

  it('reports a user who blocked the bot as not on the channel, and as stopped', async () => {
    api.fail('POST', '/messages', { status: 403, json: { code: 'chat.denied', message: 'user blocked the bot' } });
    const result = await session.send(message());
    expect(result).toMatchObject({ ok: false, failure: 'not_on_channel' });
    expect(recorded.subscribers).toEqual([{ type: 'stopped', address: '501' }]);
  });

  it('reports a dialog the API does not know as not on the channel', async () => {
    api.fail('POST', '/messages', { status: 404, json: { code: 'chat.not.found', message: 'no dialog' } });
    await expect(session.send(message())).resolves.toMatchObject({ ok: false, failure: 'not_on_channel' });
  });

  it('reports 429 as rate limited with the Retry-After wait, or a second without one', async () => {
    api.fail('POST', '/messages', {
      status: 429,
      json: { code: 'too.many.requests', message: 'slow down' },
      headers: { 'retry-after': '7' },
    });
    await expect(session.send(message())).resolves.toMatchObject({
      ok: false,
      failure: 'rate_limited',
      retryAfterMs: 7000,
    });
    api.fail('POST', '/messages', { status: 429, json: { code: 'too.many.requests', message: 'slow down' } });
    await expect(session.send(message({ idempotencyKey: 'outbox-2' }))).resolves.toMatchObject({
      ok: false,
      failure: 'rate_limited',
      retryAfterMs: 1000,
    });
  });

  it('reports a revoked token as not connected and the session as logged out', async () => {
    api.revoke();
    await expect(session.send(message())).resolves.toMatchObject({ ok: false, failure: 'not_connected' });
    expect(recorded.statuses.at(-1)).toEqual({ status: 'not_authenticated', reason: 'token_revoked' });
    await expect(session.send(message({ idempotencyKey: 'outbox-2' }))).resolves.toMatchObject({
      ok: false,
      failure: 'not_connected',
    });
  });

  it('reports another refusal as an invalid recipient', async () => {
    api.fail('POST', '/messages', { status: 400, json: { code: 'proto.payload', message: 'bad user_id' } });
    await expect(session.send(message())).resolves.toMatchObject({ ok: false, failure: 'invalid_recipient' });
    await expect(session.send(message({ to: '+7 916' }))).resolves.toMatchObject({
      ok: false,
      failure: 'invalid_recipient',
    });
  });

  it('reports the network as a provider error', async () => {
    const gone = await startFakeMaxApi();
    const opened = await openMaxSession(gone, { credentials: storedCredentials(gone) });
    await until(() => Promise.resolve(opened.recorded.statuses.some((s) => s.status === 'authenticated')));
    await gone.close();
    await expect(opened.session.send(message())).resolves.toMatchObject({ ok: false, failure: 'provider_error' });
    await opened.session.close();
  });

  it('uploads an image and attaches it', async () => {
    const data = Buffer.from('fake-png-bytes');
    const result = await session.send(message({ media: { fileName: 'promo.png', contentType: 'image/png', data } }));
    expect(result.ok).toBe(true);
    expect(api.requests.find((r) => r.path === '/uploads')?.query.get('type')).toBe('image');
    expect(api.requests.find((r) => r.path === '/upload/image')?.rawBody).toContain('fake-png-bytes');
    expect(api.sent[0]?.attachments).toEqual([
      { type: 'image', payload: { photos: { p1: { token: 'image-token' } } } },
    ]);
  });

  it('uploads a document under its own name', async () => {
    const data = Buffer.from('%PDF-1.4 price list');
    const result = await session.send(
      message({ media: { fileName: 'Прайс.pdf', contentType: 'application/pdf', data } }),
    );
    expect(result.ok).toBe(true);
    expect(api.requests.find((r) => r.path === '/uploads')?.query.get('type')).toBe('file');
    expect(api.requests.find((r) => r.path === '/upload/file')?.rawBody).toContain('Прайс.pdf');
    expect(api.sent[0]?.attachments).toEqual([{ type: 'file', payload: { token: 'file-token' } }]);
  });

  it('retries an attachment that is not processed yet', async () => {
    api.fail('POST', '/messages', {
      status: 400,
      json: { code: 'attachment.not.ready', message: 'Key: errors.process.attachment.file.not.processed' },
    });
    const data = Buffer.from('%PDF-1.4');
    const result = await session.send(message({ media: { fileName: 'a.pdf', contentType: 'application/pdf', data } }));
    expect(result).toEqual({ ok: true, providerMessageId: 'mid.1' });
    expect(api.requests.filter((r) => r.path === '/messages')).toHaveLength(2);
  });
});
