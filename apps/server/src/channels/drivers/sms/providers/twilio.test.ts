import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startFakeProviderServer,
  type FakeProviderServer,
  type FakeReply,
  type RecordedRequest,
} from '../../../../test-support/fake-provider-server.js';
import { sendThroughUnreachableGateway } from '../../../../test-support/sms-unreachable.js';
import { SmsProviderError } from '../sms-provider.js';
import { twilioProvider } from './twilio.js';

// The fake plays Twilio's REST API as documented on the Message resource page
// (https://www.twilio.com/docs/messaging/api/message-resource: create and fetch, the message statuses),
// the error dictionary (https://www.twilio.com/docs/api/errors: 20003, 20404, 20429, 21211, 21606,
// 21610) and the account Balance resource (GET /2010-04-01/Accounts/{Sid}/Balance.json). The adapter
// goes through the `twilio` client, whose requests reach this server over HTTP.

const SID = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'f0e1d2c3b4a5968778695a4b3c2d1e0f';
const SERVICE = 'MG9752274e9e519418a7406176694466fa';
const TEXT = 'Привет, салон! Запись на 15:00';
const BASE = `/2010-04-01/Accounts/${SID}`;

const STATUSES: Record<string, string> = {
  SM00000000000000000000000000000001: 'queued',
  SM00000000000000000000000000000002: 'sent',
  SM00000000000000000000000000000003: 'delivered',
  SM00000000000000000000000000000004: 'undelivered',
  SM00000000000000000000000000000005: 'failed',
  SM00000000000000000000000000000006: 'read',
  SM00000000000000000000000000000007: 'accepted',
  SM00000000000000000000000000000008: 'canceled',
};

function error(status: number, code: number, message: string): FakeReply {
  return { status, json: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status } };
}

function messageResource(sid: string, status: string, fields: Record<string, string | null>) {
  return {
    account_sid: SID,
    api_version: '2010-04-01',
    body: fields.Body ?? null,
    date_created: 'Thu, 26 Nov 2026 18:00:00 +0000',
    direction: 'outbound-api',
    error_code: status === 'undelivered' ? 30003 : null,
    error_message: null,
    from: fields.From ?? null,
    messaging_service_sid: fields.MessagingServiceSid ?? null,
    num_segments: '1',
    price: null,
    price_unit: 'USD',
    sid,
    status,
    to: fields.To ?? null,
    uri: `${BASE}/Messages/${sid}.json`,
  };
}

function twilioApi(req: RecordedRequest): FakeReply {
  const expected = `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`;
  if (req.headers.authorization !== expected) return error(401, 20003, 'Authenticate');
  if (req.method === 'POST' && req.path === `${BASE}/Messages.json`) {
    const to = req.form.get('To') ?? '';
    if (to === '+79990020429') return { ...error(429, 20429, 'Too Many Requests'), headers: { 'retry-after': '3' } };
    if (to === '+79990000503') return { status: 503, text: '<html>Service Unavailable</html>' };
    if (to === '+79990021211') return error(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    if (to === '+79990021610') return error(400, 21610, 'Attempt to send to unsubscribed recipient');
    if (req.form.get('From') === 'Unknown') {
      return error(
        400,
        21606,
        'The From phone number Unknown is not a valid, SMS-capable inbound phone number or short code for your account.',
      );
    }
    const fields = Object.fromEntries(req.form);
    return {
      status: 201,
      json: messageResource(
        'SM5ef8732a3c49700934481addd5ce1659',
        fields.MessagingServiceSid ? 'accepted' : 'queued',
        fields,
      ),
    };
  }
  const fetched = /^\/2010-04-01\/Accounts\/AC\w+\/Messages\/(SM\w+)\.json$/.exec(req.path);
  if (req.method === 'GET' && fetched) {
    const sid = fetched[1]!;
    const status = STATUSES[sid];
    if (!status) return error(404, 20404, `The requested resource ${req.path} was not found`);
    return { json: messageResource(sid, status, {}) };
  }
  if (req.method === 'GET' && req.path === `${BASE}/Balance.json`) {
    return { json: { account_sid: SID, balance: '12.34', currency: 'USD' } };
  }
  return error(404, 20404, `The requested resource ${req.path} was not found`);
}

describe('Twilio adapter (twilio client) against a fake Twilio API', () => {
  let server: FakeProviderServer;
  const credentials = { login: SID, password: TOKEN };

  beforeAll(async () => {
    server = await startFakeProviderServer(twilioApi);
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
  });

  const provider = () => twilioProvider({ baseUrl: server.baseUrl });
  const send = (to: string, senderName: string | null = '+15017122661', creds = credentials) =>
    provider().send(creds, { idempotencyKey: 'row-1', to, text: 'hi', senderName });

  it('POSTs Messages.json with Basic SID:token, To and From in E.164 and the UTF-8 Body, and returns the sid', async () => {
    const result = await provider().send(credentials, {
      idempotencyKey: 'row-1',
      to: '79161234567',
      text: TEXT,
      senderName: '+1 (501) 712-2661',
    });
    expect(result).toEqual({ ok: true, providerMessageId: 'SM5ef8732a3c49700934481addd5ce1659' });

    expect(server.requests).toHaveLength(1);
    const req = server.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe(`${BASE}/Messages.json`);
    expect(req.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(req.headers['user-agent']).toMatch(/^twilio-node\/6\./);
    expect(Object.fromEntries(req.form)).toEqual({ To: '+79161234567', From: '+15017122661', Body: TEXT });
    expect(req.rawBody).toContain('Body=%D0%9F%D1%80%D0%B8%D0%B2%D0%B5%D1%82');
  });

  it('sends an alphanumeric sender ID as From and an MG… SID as MessagingServiceSid', async () => {
    await send('79161234567', 'SalonBeauty');
    expect(server.requests[0]!.form.get('From')).toBe('SalonBeauty');
    const result = await send('79161234567', SERVICE);
    expect(result).toMatchObject({ ok: true });
    expect(server.requests[1]!.form.get('MessagingServiceSid')).toBe(SERVICE);
    expect(server.requests[1]!.form.has('From')).toBe(false);
  });

  it.each([
    ['79990021211', 'invalid_recipient', /^Twilio 21211: The 'To' number/],
    ['79990021610', 'invalid_recipient', /^Twilio 21610/],
  ])('maps the refusal for %s to %s', async (to, failure, detail) => {
    const result = await send(to);
    expect(result).toMatchObject({ ok: false, failure });
    expect(!result.ok && result.detail).toMatch(detail);
  });

  it('maps 21606 (From not valid for the account) to sender_not_approved', async () => {
    const result = await send('79161234567', 'Unknown');
    expect(result).toMatchObject({ ok: false, failure: 'provider_error' });
    expect(!result.ok && result.detail).toMatch(/^sender_not_approved \(Twilio 21606/);
  });

  it('maps 20003 (wrong token) and a SID not starting with AC to bad_credentials', async () => {
    const wrong = await send('79161234567', '+15017122661', { login: SID, password: 'wrong' });
    expect(wrong).toMatchObject({ ok: false, failure: 'provider_error' });
    expect(!wrong.ok && wrong.detail).toMatch(/^bad_credentials \(Twilio 20003: Authenticate\)$/);
    const notSid = await send('79161234567', '+15017122661', { login: 'someone', password: TOKEN });
    expect(!notSid.ok && notSid.detail).toMatch(/^bad_credentials/);
  });

  it('maps 20429 with Retry-After to rate_limited and a 5xx page to provider_error', async () => {
    const limited = await send('79990020429');
    expect(limited).toEqual({
      ok: false,
      failure: 'rate_limited',
      detail: 'Twilio 20429: Too Many Requests',
      retryAfterMs: 3000,
    });
    const down = await send('79990000503');
    expect(down).toMatchObject({
      ok: false,
      failure: 'provider_error',
      detail: 'Twilio http 503: [HTTP 503] Failed to execute request',
    });
  });

  it('refuses to send without a sender, without calling Twilio', async () => {
    const result = await send('79161234567', null);
    expect(result).toMatchObject({ ok: false, failure: 'provider_error' });
    expect(!result.ok && result.detail).toMatch(/^missing_sender/);
    expect(server.requests).toHaveLength(0);
  });

  it('reports an unreachable API as provider_error, without throwing', async () => {
    const result = await sendThroughUnreachableGateway(twilioProvider, credentials, '79161234567', '+15017122661');
    expect(result).toMatchObject({ ok: false, failure: 'provider_error' });
    expect(!result.ok && result.detail).toMatch(/^network/);
  });

  it.each([
    ['SM00000000000000000000000000000001', 'server'],
    ['SM00000000000000000000000000000002', 'server'],
    ['SM00000000000000000000000000000003', 'delivered'],
    ['SM00000000000000000000000000000004', 'failed'],
    ['SM00000000000000000000000000000005', 'failed'],
    ['SM00000000000000000000000000000006', 'read'],
    ['SM00000000000000000000000000000007', 'server'],
    ['SM00000000000000000000000000000008', 'failed'],
    ['SM99999999999999999999999999999999', 'pending'],
  ])('reads the status of %s as %s via GET Messages/{Sid}.json', async (sid, ack) => {
    expect(await provider().status(credentials, sid)).toBe(ack);
    const req = server.requests[0]!;
    expect(req.method).toBe('GET');
    expect(req.path).toBe(`${BASE}/Messages/${sid}.json`);
  });

  it('throws on a refused status call, so the poll asks again later', async () => {
    const refused = provider().status({ login: SID, password: 'wrong' }, 'SM00000000000000000000000000000003');
    await expect(refused).rejects.toBeInstanceOf(SmsProviderError);
    await expect(
      provider().status({ login: SID, password: 'wrong' }, 'SM00000000000000000000000000000003'),
    ).rejects.toMatchObject({ code: 'bad_credentials' });
  });

  it('reads the balance from GET Balance.json', async () => {
    expect(await provider().balance!(credentials)).toBe(12.34);
    expect(server.requests[0]!.path).toBe(`${BASE}/Balance.json`);
    await expect(provider().balance!({ login: SID, password: 'wrong' })).rejects.toThrow(/Authenticate/);
  });
});
