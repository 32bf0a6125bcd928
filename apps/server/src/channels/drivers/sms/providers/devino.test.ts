import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startFakeProviderServer,
  type FakeProviderServer,
  type FakeReply,
  type RecordedRequest,
} from '../../../../test-support/fake-provider-server.js';
import { sendThroughUnreachableGateway } from '../../../../test-support/sms-unreachable.js';
import { SmsProviderError } from '../sms-provider.js';
import { devinoProvider } from './devino.js';

// The fake plays the Devino HTTP API as documented: send (https://docs.devino.online/en/http/sms/,
// POST /sms/messages with "Authorization: Key …", a result per message with code OK and messageId, or
// REJECTED with reasons {error code: parameter}) and the account
// (https://docs.devino.online/0.2.0/en/http/account/, GET /billing-api/companies/current/account).

const API_KEY = 'QWxhZGRpbjpvcGVuIHNlc2FtZQ==';
const TEXT = 'Привет, салон! Запись на 15:00';

function devino(req: RecordedRequest): FakeReply {
  if (req.headers.authorization !== `Key ${API_KEY}`) {
    return { status: 401, json: { code: 'UNAUTHORIZED', description: 'Invalid API key' } };
  }
  if (req.method === 'POST' && req.path === '/sms/messages') {
    const { from, to } = (req.json as { messages: { from: string; to: string }[] }).messages[0]!;
    if (to === '79990000429') return { status: 429, json: {}, headers: { 'retry-after': '3' } };
    if (to === '79990000503') return { status: 503, text: '<html>Service Unavailable</html>' };
    if (to === '7999') {
      return { json: { result: [{ code: 'REJECTED', reasons: { 'PHONE.INVALID': 'messages[0].to' } }] } };
    }
    if (from === 'Unknown') {
      return { json: { result: [{ code: 'REJECTED', reasons: { 'SENDER.NOT_FOUND': 'messages[0].from' } }] } };
    }
    if (to === '79990000000') return { json: { result: [{ code: 'REJECTED', reasons: { 'SYSTEM.ERROR': '' } }] } };
    return { json: { result: [{ code: 'OK', messageId: '3482512350952730368' }] } };
  }
  if (req.method === 'GET' && req.path === '/billing-api/companies/current/account') {
    return {
      json: {
        result: {
          account: { accountType: 'POSTPAID', balance: 1000.8, companyId: 111, currencyId: 1, isBlocked: false },
          validPacketChannels: ['SMS'],
        },
      },
    };
  }
  return { status: 404, json: {} };
}

describe('Devino adapter against a fake Devino HTTP API', () => {
  let server: FakeProviderServer;
  const credentials = { apiKey: API_KEY };

  beforeAll(async () => {
    server = await startFakeProviderServer(devino);
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
  });

  const provider = () => devinoProvider({ baseUrl: server.baseUrl });
  const send = (to: string, senderName: string | null = 'Salon', creds = credentials) =>
    provider().send(creds, { idempotencyKey: 'outbox:42:sms', to, text: 'hi', senderName });

  it('POSTs /sms/messages as JSON with Key auth and the sender', async () => {
    const result = await provider().send(credentials, {
      idempotencyKey: 'outbox:42:sms',
      to: '79161234567',
      text: TEXT,
      senderName: 'Salon',
      reportUrl: 'https://salon.example/api/channels/sms_report/c/s',
    });
    expect(result).toEqual({ ok: true, providerMessageId: '3482512350952730368' });

    expect(server.requests).toHaveLength(1);
    const req = server.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/sms/messages');
    expect(req.headers.authorization).toBe(`Key ${API_KEY}`);
    expect(req.headers['content-type']).toBe('application/json; charset=utf-8');
    // No callbackUrl: the callback's body is not documented, so nothing could read it.
    expect(req.json).toEqual({ messages: [{ from: 'Salon', to: '79161234567', text: TEXT }] });
  });

  it('refuses to send without a sender name, without calling Devino', async () => {
    const result = await send('79161234567', ' ');
    expect(result).toMatchObject({ ok: false, failure: 'provider_error' });
    expect(!result.ok && result.detail).toMatch(/^sender_not_approved/);
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    ['7999', 'Salon', 'invalid_recipient', /^Devino REJECTED: PHONE\.INVALID \(messages\[0\]\.to\)$/],
    ['79161234567', 'Unknown', 'provider_error', /^sender_not_approved \(Devino REJECTED: SENDER\.NOT_FOUND/],
    ['79990000000', 'Salon', 'provider_error', /^Devino REJECTED: SYSTEM\.ERROR$/],
  ])('maps the rejection for %s (sender %s) to %s', async (to, senderName, failure, detail) => {
    const result = await send(to, senderName);
    expect(result).toMatchObject({ ok: false, failure });
    expect(!result.ok && result.detail).toMatch(detail);
  });

  it('maps HTTP 401 to bad_credentials', async () => {
    const result = await send('79161234567', 'Salon', { apiKey: 'wrong' });
    expect(result).toEqual({
      ok: false,
      failure: 'provider_error',
      detail: 'bad_credentials (Devino (http 401): UNAUTHORIZED – Invalid API key)',
    });
  });

  it('maps HTTP 429 with Retry-After and a 5xx page', async () => {
    expect(await send('79990000429')).toEqual({
      ok: false,
      failure: 'rate_limited',
      detail: 'http 429',
      retryAfterMs: 3000,
    });
    expect(await send('79990000503')).toMatchObject({ ok: false, failure: 'provider_error', detail: 'http 503' });
  });

  it('refuses to send without an API key, without calling Devino', async () => {
    const result = await send('79161234567', 'Salon', { apiKey: ' ' });
    expect(result).toMatchObject({ ok: false, failure: 'provider_error' });
    expect(server.requests).toHaveLength(0);
  });

  it('reports an unreachable API as provider_error, without throwing', async () => {
    const result = await sendThroughUnreachableGateway(devinoProvider, credentials, '79161234567', 'Salon');
    expect(result).toMatchObject({ ok: false, failure: 'provider_error' });
    expect(!result.ok && result.detail).toMatch(/^network/);
  });

  it('answers pending for a status without calling Devino, and throws without a key', async () => {
    expect(await provider().status(credentials, '3482512350952730368')).toBe('pending');
    expect(server.requests).toHaveLength(0);
    await expect(provider().status({ apiKey: '' }, 'x')).rejects.toBeInstanceOf(SmsProviderError);
  });

  it('reads the balance from GET /billing-api/companies/current/account', async () => {
    expect(await provider().balance!(credentials)).toBe(1000.8);
    expect(server.requests[0]!.path).toBe('/billing-api/companies/current/account');
    expect(server.requests[0]!.headers.authorization).toBe(`Key ${API_KEY}`);
    await expect(provider().balance!({ apiKey: 'wrong' })).rejects.toMatchObject({ code: 'bad_credentials' });
  });
});
