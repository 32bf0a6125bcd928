import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startFakeProviderServer,
  type FakeProviderServer,
  type FakeReply,
  type RecordedRequest,
} from '../../../../test-support/fake-provider-server.js';
import { sendThroughUnreachableGateway } from '../../../../test-support/sms-unreachable.js';
import { SmsProviderError } from '../sms-provider.js';
import { greenSmsProvider } from './greensms.js';

// The fake follows the GREENSMS API reference (https://api.greensms.ru/) as its official SDKs
// (github.com/greensms-io/greensms-node, lib/modules/sms/v1.x/v1_0.ts and lib/http/rest-client.ts;
// greensms-php tests/AccountTest.php for the refusals) describe it: /sms/send answers
// {"request_id": "<uuid>"}, /sms/status {"time", "status", "status_code"}, /account/balance
// {"balance"}, and a refusal {"error": "<text>", "code": N} (0 "Authorization declined",
// -1 "Insufficient funds", 1/2 validation with "params", 404 not found). The HTTP statuses the fake
// gives its refusals are its own: the SDKs read the JSON error whatever the status.

const TOKEN = 'eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.salon';
const TEXT = 'Напоминаем о записи завтра в 10:30';

const STATES: Record<string, [number, string]> = {
  '00000000-0000-4000-8000-000000000000': [0, 'Status not ready'],
  '00000000-0000-4000-8000-000000000001': [1, 'Delivery success'],
  '00000000-0000-4000-8000-000000000002': [2, 'Delivery failure'],
  '00000000-0000-4000-8000-000000000004': [4, 'Message buffered'],
  '00000000-0000-4000-8000-000000000008': [8, 'Delivery accepted'],
  '00000000-0000-4000-8000-000000000016': [16, 'Delivery rejected'],
  '00000000-0000-4000-8000-000000000034': [34, 'Status request expired'],
};

function refusal(status: number, code: number, error: string, params?: unknown): FakeReply {
  return { status, json: params === undefined ? { error, code } : { error, code, params } };
}

let nextId = 0;

function greenSms(req: RecordedRequest): FakeReply {
  const p = req.method === 'POST' ? req.form : req.query;
  const byToken = req.headers.authorization === `Bearer ${TOKEN}`;
  const byLogin = p.get('user') === 'salon' && p.get('pass') === 'secret';
  if (!byToken && !byLogin) return refusal(401, 0, 'Authorization declined');
  if (req.method === 'POST' && req.path === '/sms/send') {
    const to = p.get('to') ?? '';
    if (!/^\d{11,14}$/.test(to)) return refusal(400, 2, 'Validation Error', { to: ['Invalid Phone Number'] });
    if (to === '79990000001') return refusal(400, -1, 'Insufficient funds');
    if (to === '79990000002') return refusal(400, 2, 'Validation Error', { from: ['Sender name is not approved'] });
    if (to === '79990000003') return refusal(400, 1, 'Validation Error', { txt: ['Required'] });
    if (to === '79990000429') return { status: 429, text: 'Too Many Requests', headers: { 'retry-after': '3' } };
    if (to === '79990000503') return { status: 503, text: '<html>Service Unavailable</html>' };
    nextId += 1;
    return { json: { request_id: `4f6b2c1e-0000-4000-8000-${String(nextId).padStart(12, '0')}` } };
  }
  if (req.method === 'GET' && req.path === '/sms/status') {
    const state = STATES[p.get('id') ?? ''];
    if (!state) return refusal(404, 404, 'Not found');
    return { json: { time: '2026-11-26 10:00:00', status: state[1], status_code: state[0] } };
  }
  if (req.method === 'GET' && req.path === '/account/balance') return { json: { balance: 321.5 } };
  return refusal(404, 404, 'Not found');
}

describe('GREENSMS adapter against a fake GREENSMS', () => {
  let server: FakeProviderServer;
  const withToken = { apiKey: TOKEN, senderName: 'SalonLux' };
  const withLogin = { login: 'salon', password: 'secret' };

  beforeAll(async () => {
    server = await startFakeProviderServer(greenSms);
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
  });

  const provider = () => greenSmsProvider({ baseUrl: server.baseUrl });
  const send = (to: string, credentials: object = withToken) =>
    provider().send(credentials, { idempotencyKey: 'row-1', to, text: 'hi', senderName: null });

  it('POSTs /sms/send with the token as a Bearer header, to, txt in UTF-8 and from, and returns the request_id', async () => {
    const result = await provider().send(withToken, {
      idempotencyKey: 'row-1',
      to: '79161234567',
      text: TEXT,
      senderName: 'SalonLux',
    });
    expect(result).toEqual({
      ok: true,
      providerMessageId: `4f6b2c1e-0000-4000-8000-${String(nextId).padStart(12, '0')}`,
    });

    expect(server.requests).toHaveLength(1);
    const req = server.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/sms/send');
    expect(req.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(req.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(req.form)).toEqual({ to: '79161234567', txt: TEXT, from: 'SalonLux' });
    expect(req.rawBody).toContain('txt=%D0%9D%D0%B0%D0%BF%D0%BE%D0%BC');
    // The credentials travel in the body or a header, never in the URL.
    expect(req.rawQuery).toBe('');
  });

  it('sends with user and pass in the body when there is no token, and leaves from out without a sender', async () => {
    const result = await send('79161234567', withLogin);
    expect(result.ok).toBe(true);
    const req = server.requests[0]!;
    expect(req.headers.authorization).toBeUndefined();
    expect(Object.fromEntries(req.form)).toEqual({ user: 'salon', pass: 'secret', to: '79161234567', txt: 'hi' });
  });

  it('maps "Authorization declined" (code 0) to a credentials error', async () => {
    const result = await send('79161234567', { apiKey: 'WRONG' });
    expect(result).toEqual({
      ok: false,
      failure: 'provider_error',
      detail: 'bad_credentials (GREENSMS 0: Authorization declined)',
    });
  });

  it('reports missing credentials without calling GREENSMS', async () => {
    const result = await send('79161234567', { login: 'salon' });
    expect(result).toMatchObject({ ok: false, failure: 'provider_error' });
    expect(!result.ok && result.detail).toMatch(/^missing_credentials/);
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    ['79990000001', 'provider_error', /^no_money \(GREENSMS -1: Insufficient funds\)$/],
    ['7999', 'invalid_recipient', /^GREENSMS 2: Validation Error \(to\)$/],
    ['79990000002', 'provider_error', /^sender_not_approved \(GREENSMS 2: Validation Error \(from\)\)$/],
    ['79990000003', 'provider_error', /^GREENSMS 1: Validation Error \(txt\)$/],
  ])('maps the refusal for %s to %s', async (to, failure, detail) => {
    const result = await send(to);
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
    const result = await sendThroughUnreachableGateway(greenSmsProvider, withToken, '79161234567', null);
    expect(result).toMatchObject({ ok: false, failure: 'provider_error' });
    expect(!result.ok && result.detail).toMatch(/^network/);
  });

  it.each([
    ['00000000-0000-4000-8000-000000000000', 'pending'],
    ['00000000-0000-4000-8000-000000000001', 'delivered'],
    ['00000000-0000-4000-8000-000000000002', 'failed'],
    ['00000000-0000-4000-8000-000000000004', 'server'],
    ['00000000-0000-4000-8000-000000000008', 'server'],
    ['00000000-0000-4000-8000-000000000016', 'failed'],
    ['00000000-0000-4000-8000-000000000034', 'pending'],
    ['00000000-0000-4000-8000-999999999999', 'pending'],
  ])('reads the report of %s as %s via GET /sms/status', async (id, ack) => {
    expect(await provider().status(withToken, id)).toBe(ack);
    const req = server.requests[0]!;
    expect(req.method).toBe('GET');
    expect(req.path).toBe('/sms/status');
    expect(Object.fromEntries(req.query)).toEqual({ id });
  });

  it('passes user and pass as query parameters on GET calls when there is no token', async () => {
    expect(await provider().status(withLogin, '00000000-0000-4000-8000-000000000001')).toBe('delivered');
    expect(Object.fromEntries(server.requests[0]!.query)).toEqual({
      user: 'salon',
      pass: 'secret',
      id: '00000000-0000-4000-8000-000000000001',
    });
  });

  it('throws on a refused status request, so the poll asks again later', async () => {
    const refused = provider().status({ apiKey: 'WRONG' }, '00000000-0000-4000-8000-000000000001');
    await expect(refused).rejects.toBeInstanceOf(SmsProviderError);
    await expect(refused).rejects.toMatchObject({ code: 'bad_credentials' });
  });

  it('reads the balance from GET /account/balance', async () => {
    expect(await provider().balance!(withToken)).toBe(321.5);
    expect(server.requests[0]!.path).toBe('/account/balance');
    await expect(provider().balance!({ apiKey: 'WRONG' })).rejects.toThrow(/Authorization declined/);
  });
});
