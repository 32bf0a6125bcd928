import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startFakeProviderServer,
  type FakeProviderServer,
  type FakeReply,
  type RecordedRequest,
} from '../../../../test-support/fake-provider-server.js';
import { sendThroughUnreachableGateway } from '../../../../test-support/sms-unreachable.js';
import { SmsProviderError } from '../sms-provider.js';
import { iqsmsProvider } from './iqsms.js';

// The fake follows the iqsms (SMS Дисконт) JSON interface page, https://iqsms.ru/api/api_json/:
// POST JSON to /messages/v2/send.json, status.json and balance.json with login and password in the
// body; {"status": "ok", …} or {"status": "error", "description": …}; per-message results keyed by
// clientId with the refusal in words ("invalid mobile phone", "sender address invalid", …).

const LOGIN = 'salon';
const PASSWORD = 'secret';
const TEXT = 'Ваша запись подтверждена';

// Delivery states of the messages the fake knows, by smscId.
const STATES: Record<string, string> = {
  '1001': 'queued',
  '1002': 'smsc submit',
  '1003': 'delivered',
  '1004': 'delivery error',
  '1005': 'smsc reject',
  '1006': 'incorrect id',
};

const REFUSALS: Record<string, string> = {
  '7999': 'invalid mobile phone',
  '79990000001': 'not enough credits',
};

function iqsms(req: RecordedRequest): FakeReply {
  const body = req.json as Record<string, unknown> | undefined;
  if (req.method !== 'POST' || !body) return { status: 405, text: 'Method Not Allowed' };
  if (body.login !== LOGIN || body.password !== PASSWORD) {
    return { json: { status: 'error', description: 'error authorization' } };
  }
  if (req.path === '/messages/v2/send.json') {
    const messages = body.messages as { phone: string; clientId: string; sender?: string }[];
    const m = messages[0]!;
    if (m.phone === '79990000429') return { status: 429, text: 'Too Many Requests', headers: { 'retry-after': '5' } };
    if (m.phone === '79990000503') return { status: 502, text: '<html>Bad gateway</html>' };
    const refused = REFUSALS[m.phone] ?? (m.sender === 'Unknown' ? 'sender address invalid' : undefined);
    return {
      json: {
        status: 'ok',
        messages: [
          refused
            ? { clientId: m.clientId, status: refused }
            : { clientId: m.clientId, smscId: 11255142, status: 'accepted' },
        ],
      },
    };
  }
  if (req.path === '/messages/v2/status.json') {
    const messages = (body.messages as { smscId: string }[]).map(({ smscId }) => ({
      smscId: Number(smscId),
      status: STATES[smscId] ?? 'incorrect id',
    }));
    return { json: { status: 'ok', messages } };
  }
  if (req.path === '/messages/v2/balance.json') {
    return {
      json: {
        status: 'ok',
        balance: [
          { type: 'SMS', balance: 0, credit: 120 },
          { type: 'RUB', balance: 512.45, credit: 0 },
        ],
      },
    };
  }
  return { status: 404, text: 'Not found' };
}

describe('iqsms adapter against a fake iqsms', () => {
  let server: FakeProviderServer;
  const credentials = { login: LOGIN, password: PASSWORD };

  beforeAll(async () => {
    server = await startFakeProviderServer(iqsms);
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
  });

  const provider = () => iqsmsProvider({ baseUrl: server.baseUrl });
  const send = (to: string, senderName: string | null = null, creds = credentials) =>
    provider().send(creds, { idempotencyKey: 'outbox-9', to, text: 'hi', senderName });

  it('POSTs send.json with login, password and one message carrying the idempotency key as clientId', async () => {
    const result = await provider().send(credentials, {
      idempotencyKey: 'outbox-9',
      to: '79161234567',
      text: TEXT,
      senderName: 'SALON',
    });
    expect(result).toEqual({ ok: true, providerMessageId: '11255142' });

    expect(server.requests).toHaveLength(1);
    const req = server.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/messages/v2/send.json');
    expect(req.headers['content-type']).toMatch(/^application\/json/);
    expect(req.json).toEqual({
      login: LOGIN,
      password: PASSWORD,
      messages: [{ phone: '79161234567', clientId: 'outbox-9', text: TEXT, sender: 'SALON' }],
    });
    expect(req.rawBody).toContain('Ваша запись');
  });

  it('leaves sender out when there is none, so the account default signs the message', async () => {
    await send('79161234567');
    const messages = (server.requests[0]!.json as { messages: Record<string, string>[] }).messages;
    expect(messages[0]).not.toHaveProperty('sender');
  });

  it.each([
    [
      'wrong credentials',
      { login: LOGIN, password: 'nope' },
      '79161234567',
      null,
      'provider_error',
      /^bad_credentials/,
    ],
    ['a bad number', credentials, '7999', null, 'invalid_recipient', /iqsms: invalid mobile phone/],
    ['no credits', credentials, '79990000001', null, 'provider_error', /^no_money/],
    ['an unknown sender', credentials, '79161234567', 'Unknown', 'provider_error', /^sender_not_approved/],
  ])('maps %s to %s', async (_what, creds, to, senderName, failure, detail) => {
    const result = await send(to, senderName, creds);
    expect(result).toMatchObject({ ok: false, failure });
    expect(!result.ok && result.detail).toMatch(detail);
  });

  it('maps HTTP 429 with Retry-After and a 5xx page', async () => {
    expect(await send('79990000429')).toEqual({
      ok: false,
      failure: 'rate_limited',
      detail: 'http 429',
      retryAfterMs: 5000,
    });
    expect(await send('79990000503')).toMatchObject({ ok: false, failure: 'provider_error', detail: 'http 502' });
  });

  it('reports an unreachable gateway as provider_error, without throwing', async () => {
    const result = await sendThroughUnreachableGateway(iqsmsProvider, credentials, '79161234567', null);
    expect(result).toMatchObject({ ok: false, failure: 'provider_error' });
    expect(!result.ok && result.detail).toMatch(/^network/);
  });

  it.each([
    ['1001', 'server'],
    ['1002', 'server'],
    ['1003', 'delivered'],
    ['1004', 'failed'],
    ['1005', 'failed'],
    ['1006', 'pending'],
  ])('reads the status of %s as %s via status.json', async (id, ack) => {
    expect(await provider().status(credentials, id)).toBe(ack);
    const req = server.requests[0]!;
    expect(req.path).toBe('/messages/v2/status.json');
    expect(req.json).toEqual({ login: LOGIN, password: PASSWORD, messages: [{ smscId: id }] });
  });

  it('throws on a refused status request, so the poll asks again later', async () => {
    const refused = provider().status({ login: LOGIN, password: 'nope' }, '1003');
    await expect(refused).rejects.toBeInstanceOf(SmsProviderError);
    await expect(provider().status({ login: LOGIN, password: 'nope' }, '1003')).rejects.toMatchObject({
      code: 'bad_credentials',
    });
  });

  it('reads the money balance from balance.json, not the SMS package count', async () => {
    expect(await provider().balance!(credentials)).toBe(512.45);
    expect(server.requests[0]!.json).toEqual({ login: LOGIN, password: PASSWORD });
    await expect(provider().balance!({ login: LOGIN, password: 'nope' })).rejects.toThrow(/error authorization/);
  });
});
