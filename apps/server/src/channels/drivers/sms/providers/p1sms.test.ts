import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startFakeProviderServer,
  type FakeProviderServer,
  type FakeReply,
  type RecordedRequest,
} from '../../../../test-support/fake-provider-server.js';
import { sendThroughUnreachableGateway } from '../../../../test-support/sms-unreachable.js';
import { SmsProviderError } from '../sms-provider.js';
import { p1smsProvider } from './p1sms.js';

// The fake follows the P1SMS API page, https://p1sms.ru/api-documentation: POST /apiSms/create,
// POST /apiSms/get, GET /apiUsers/getUserBalanceInfo, every reply {"status": "success", "data": …},
// message statuses created … rejected. The page shows no refusal body, so the fake's refusals
// ({"status": "error", "message": …}) are its own; the adapter reads only their HTTP status and words.

const API_KEY = 'AbCdP1smsKey';
const TEXT = 'Напоминаем о записи на 15:00';

// Delivery states of the messages the fake knows.
const STATES: Record<number, string> = {
  501: 'created',
  502: 'moderation',
  503: 'sent',
  504: 'delivered',
  505: 'not_delivered',
  506: 'read',
  507: 'rejected',
  508: 'planned',
  509: 'low_balance',
};

let nextId = 77_946_000;

function refuse(status: number, message: string): FakeReply {
  return { status, json: { status: 'error', message } };
}

function p1sms(req: RecordedRequest): FakeReply {
  if (req.method === 'GET' && req.path === '/apiUsers/getUserBalanceInfo') {
    if (req.query.get('apiKey') !== API_KEY) return refuse(401, 'Unauthorized');
    return { json: { status: 'success', data: '15.0000' } };
  }
  const body = req.json as Record<string, unknown> | undefined;
  if (req.method !== 'POST' || !body) return { status: 404, text: 'Not found' };
  if (body.apiKey !== API_KEY) return refuse(401, 'Unauthorized');
  if (req.path === '/apiSms/create') {
    const sms = (body.sms as Record<string, unknown>[])[0]!;
    const phone = String(sms.phone);
    if (phone === '79990000429') return { status: 429, text: 'Too Many Requests', headers: { 'retry-after': '3' } };
    if (phone === '79990000503') return { status: 503, text: '<html>Bad gateway</html>' };
    if (phone === '7999') return refuse(422, 'Неверный номер телефона');
    if (phone === '79990000001') return refuse(400, 'Отправитель не найден или не прошёл модерацию');
    const id = (nextId += 1);
    const item = (status: string, errorDescription: string | null = null) => ({
      json: { status: 'success', data: [{ id, phone, status, createdAt: 1688040288, errorDescription }] },
    });
    if (phone === '79990000002') return item('low_balance');
    if (phone === '79990000003') return item('rejected', 'Текст не прошёл модерацию');
    return item('created');
  }
  if (req.path === '/apiSms/get') {
    const ids = body.apiSmsIdList as number[];
    const data = ids
      .filter((id) => STATES[id] !== undefined)
      .map((id) => ({ id, errorDescription: null, cost: '0.50', createdAt: 1504988172, status: STATES[id] }));
    return { json: { status: 'success', data } };
  }
  return { status: 404, text: 'Not found' };
}

describe('P1SMS adapter against a fake P1SMS', () => {
  let server: FakeProviderServer;
  const credentials = { apiKey: API_KEY, senderName: 'VIRTA' };

  beforeAll(async () => {
    server = await startFakeProviderServer(p1sms);
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
  });

  const provider = () => p1smsProvider({ baseUrl: server.baseUrl });
  const send = (to: string, senderName: string | null = 'VIRTA', creds = credentials) =>
    provider().send(creds, { idempotencyKey: 'outbox-1', to, text: 'hi', senderName });

  it('POSTs /apiSms/create as JSON with the apiKey and one char-channel message from the sender', async () => {
    const result = await provider().send(credentials, {
      idempotencyKey: 'outbox-1',
      to: '79161234567',
      text: TEXT,
      senderName: 'VIRTA',
    });
    expect(result).toEqual({ ok: true, providerMessageId: String(nextId) });

    expect(server.requests).toHaveLength(1);
    const req = server.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/apiSms/create');
    expect(req.headers['content-type']).toMatch(/^application\/json/);
    expect(req.json).toEqual({
      apiKey: API_KEY,
      sms: [{ phone: '79161234567', text: TEXT, channel: 'char', sender: 'VIRTA' }],
    });
    // UTF-8 JSON, not escaped to another code page.
    expect(req.rawBody).toContain('Напоминаем');
  });

  it('falls back to the digit channel, which needs no sender, when none is given', async () => {
    await send('79161234567', null);
    expect(req0().json).toEqual({
      apiKey: API_KEY,
      sms: [{ phone: '79161234567', text: 'hi', channel: 'digit' }],
    });
  });

  it.each([
    ['a wrong key', '79161234567', 'WRONG', 'provider_error', /^bad_credentials/],
    ['a refused number', '7999', API_KEY, 'invalid_recipient', /P1SMS \(http 422\): Неверный номер телефона/],
    ['an unapproved sender', '79990000001', API_KEY, 'provider_error', /^sender_not_approved/],
    ['a message stopped for low balance', '79990000002', API_KEY, 'provider_error', /^no_money \(P1SMS low_balance/],
    ['a rejected message', '79990000003', API_KEY, 'provider_error', /^P1SMS rejected: Текст не прошёл/],
  ])('maps %s to %s', async (_what, to, key, failure, detail) => {
    const result = await send(to, 'VIRTA', { apiKey: key, senderName: 'VIRTA' });
    expect(result).toMatchObject({ ok: false, failure });
    expect(!result.ok && result.detail).toMatch(detail);
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

  it('reports an unreachable gateway as provider_error, without throwing', async () => {
    const result = await sendThroughUnreachableGateway(p1smsProvider, credentials, '79161234567', 'VIRTA');
    expect(result).toMatchObject({ ok: false, failure: 'provider_error' });
    expect(!result.ok && result.detail).toMatch(/^network/);
  });

  it.each([
    ['501', 'server'],
    ['502', 'server'],
    ['503', 'server'],
    ['504', 'delivered'],
    ['505', 'failed'],
    ['506', 'read'],
    ['507', 'failed'],
    ['508', 'server'],
    ['509', 'failed'],
    ['999', 'pending'],
  ])('reads the status of %s as %s via POST /apiSms/get', async (id, ack) => {
    expect(await provider().status(credentials, id)).toBe(ack);
    expect(req0().path).toBe('/apiSms/get');
    expect(req0().json).toEqual({ apiKey: API_KEY, apiSmsIdList: [Number(id)] });
  });

  it('throws on a refused status request and on an id P1SMS cannot have given', async () => {
    await expect(provider().status({ apiKey: 'WRONG' }, '504')).rejects.toMatchObject({ code: 'bad_credentials' });
    await expect(provider().status(credentials, 'abc')).rejects.toBeInstanceOf(SmsProviderError);
  });

  it('reads the balance from GET /apiUsers/getUserBalanceInfo', async () => {
    expect(await provider().balance!(credentials)).toBe(15);
    expect(req0().method).toBe('GET');
    expect(Object.fromEntries(req0().query)).toEqual({ apiKey: API_KEY });
    await expect(provider().balance!({ apiKey: 'WRONG' })).rejects.toBeInstanceOf(SmsProviderError);
  });

  function req0(): RecordedRequest {
    return server.requests[0]!;
  }
});
