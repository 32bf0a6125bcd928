import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startFakeProviderServer,
  type FakeProviderServer,
  type FakeReply,
  type RecordedRequest,
} from '../../../../test-support/fake-provider-server.js';
import { sendThroughUnreachableGateway } from '../../../../test-support/sms-unreachable.js';
import { SmsProviderError } from '../sms-provider.js';
import { isGsm7, vonageProvider } from './vonage.js';

// The fake plays the Vonage SMS API as documented at https://developer.vonage.com/en/api/sms (send:
// POST /sms/json with form fields, one reply entry per part), its error statuses
// (https://developer.vonage.com/en/messaging/sms/guides/troubleshooting-sms) and the account balance
// (https://developer.vonage.com/en/account/code-snippets/account-balance: GET /account/get-balance).

const KEY = 'a1b2c3d4';
const SECRET = 'Zx9Yw8Vu7Ts6Rq5P';
const TEXT = 'Привет, салон! Запись на 15:00';

// Per-number refusals the troubleshooting page documents, keyed by a test number.
const NUMBER_ERRORS: Record<string, [string, string]> = {
  '79990000001': ['1', 'Throughput Rate Exceeded - please wait [ 30 ] and retry'],
  '79990000006': ['6', 'Invalid Message'],
  '79990000007': ['7', 'Number Barred'],
  '79990000009': ['9', 'Partner Quota Violation'],
  '79990000005': ['5', 'Internal Error'],
};

function vonage(req: RecordedRequest): FakeReply {
  if (req.method === 'POST' && req.path === '/sms/json') {
    const f = req.form;
    if (f.get('api_key') !== KEY || f.get('api_secret') !== SECRET) {
      return { json: { 'message-count': '1', messages: [{ status: '4', 'error-text': 'Bad Credentials' }] } };
    }
    const to = f.get('to') ?? '';
    if (to === '79990000429') return { status: 429, text: 'Too Many Requests', headers: { 'retry-after': '2' } };
    if (to === '79990000503') return { status: 503, text: '<html>Service Unavailable</html>' };
    if (f.get('from') === 'Unknown') {
      return {
        json: { 'message-count': '1', messages: [{ status: '15', 'error-text': 'Illegal Sender Address - rejected' }] },
      };
    }
    const error = NUMBER_ERRORS[to];
    if (error) return { json: { 'message-count': '1', messages: [{ status: error[0], 'error-text': error[1] }] } };
    const part = (n: number) => ({
      to,
      'message-id': `0C00000021${n}B7F02`,
      status: '0',
      'remaining-balance': '15.53590000',
      'message-price': '0.03330000',
      network: '25001',
      'client-ref': f.get('client-ref'),
    });
    // A text over one UCS-2 segment (70 characters) goes as several parts.
    const parts = (f.get('text') ?? '').length > 70 ? [part(1), part(2)] : [part(1)];
    return { json: { 'message-count': String(parts.length), messages: parts } };
  }
  if (req.method === 'GET' && req.path === '/account/get-balance') {
    const expected = `Basic ${Buffer.from(`${KEY}:${SECRET}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return { status: 401, text: '' };
    return { json: { value: 10.28, autoReload: false } };
  }
  return { status: 404, text: 'Not Found' };
}

describe('Vonage adapter against a fake Vonage SMS API', () => {
  let server: FakeProviderServer;
  const credentials = { apiKey: KEY, password: SECRET };

  beforeAll(async () => {
    server = await startFakeProviderServer(vonage);
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
  });

  const provider = () => vonageProvider({ baseUrl: server.baseUrl });
  const send = (to: string, senderName: string | null = 'SalonBeauty', creds = credentials, text = 'hi') =>
    provider().send(creds, { idempotencyKey: 'outbox:42:sms', to, text, senderName });

  it('POSTs /sms/json with api_key, api_secret, from, to, the text as unicode and client-ref', async () => {
    const result = await provider().send(credentials, {
      idempotencyKey: 'outbox:42:sms',
      to: '79161234567',
      text: TEXT,
      senderName: 'SalonBeauty',
    });
    expect(result).toEqual({ ok: true, providerMessageId: '0C000000211B7F02' });

    expect(server.requests).toHaveLength(1);
    const req = server.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/sms/json');
    expect(req.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(req.form)).toEqual({
      api_key: KEY,
      api_secret: SECRET,
      from: 'SalonBeauty',
      to: '79161234567',
      text: TEXT,
      type: 'unicode',
      'client-ref': 'outbox:42:sms',
    });
    expect(req.rawBody).toContain('text=%D0%9F%D1%80%D0%B8%D0%B2%D0%B5%D1%82');
  });

  it('sends GSM-7 text as type=text and a long text as parts, keeping the first part id', async () => {
    await send('79161234567');
    expect(server.requests[0]!.form.get('type')).toBe('text');
    const long = await send('79161234567', 'SalonBeauty', credentials, 'Я'.repeat(100));
    expect(long).toEqual({ ok: true, providerMessageId: '0C000000211B7F02' });
    expect(isGsm7('Hello {world} €5 @ 10:00')).toBe(true);
    expect(isGsm7('Запись')).toBe(false);
  });

  it.each([
    ['79990000006', 'invalid_recipient', /^Vonage 6: Invalid Message$/],
    ['79990000007', 'invalid_recipient', /^Vonage 7: Number Barred$/],
    ['79990000009', 'provider_error', /^no_money \(Vonage 9/],
    ['79990000005', 'provider_error', /^Vonage 5: Internal Error$/],
    ['79990000001', 'rate_limited', /^Vonage 1: Throughput Rate Exceeded/],
  ])('maps the refusal for %s to %s', async (to, failure, detail) => {
    const result = await send(to);
    expect(result).toMatchObject({ ok: false, failure });
    expect(!result.ok && result.detail).toMatch(detail);
  });

  it('maps status 4 to bad_credentials and 15 to sender_not_approved', async () => {
    const wrong = await send('79161234567', 'SalonBeauty', { apiKey: KEY, password: 'wrong' });
    expect(wrong).toEqual({
      ok: false,
      failure: 'provider_error',
      detail: 'bad_credentials (Vonage 4: Bad Credentials)',
    });
    const sender = await send('79161234567', 'Unknown');
    expect(!sender.ok && sender.detail).toMatch(/^sender_not_approved \(Vonage 15/);
  });

  it('maps HTTP 429 with Retry-After and a 5xx page', async () => {
    expect(await send('79990000429')).toEqual({
      ok: false,
      failure: 'rate_limited',
      detail: 'http 429',
      retryAfterMs: 2000,
    });
    expect(await send('79990000503')).toMatchObject({ ok: false, failure: 'provider_error', detail: 'http 503' });
  });

  it('refuses to send without a secret or a sender, without calling Vonage', async () => {
    const noSecret = await send('79161234567', 'SalonBeauty', { apiKey: KEY, password: '' });
    expect(noSecret).toMatchObject({ ok: false, failure: 'provider_error' });
    const noSender = await send('79161234567', null);
    expect(!noSender.ok && noSender.detail).toMatch(/^missing_sender/);
    expect(server.requests).toHaveLength(0);
  });

  it('reports an unreachable API as provider_error, without throwing', async () => {
    const result = await sendThroughUnreachableGateway(vonageProvider, credentials, '79161234567', 'SalonBeauty');
    expect(result).toMatchObject({ ok: false, failure: 'provider_error' });
    expect(!result.ok && result.detail).toMatch(/^network/);
  });

  it('answers pending for the status without calling Vonage: receipts come by webhook only', async () => {
    expect(await provider().status(credentials, '0C000000211B7F02')).toBe('pending');
    expect(server.requests).toHaveLength(0);
    await expect(provider().status({ apiKey: KEY }, '0C000000211B7F02')).rejects.toBeInstanceOf(SmsProviderError);
  });

  it('reads the balance from GET /account/get-balance with Basic key:secret', async () => {
    expect(await provider().balance!(credentials)).toBe(10.28);
    expect(server.requests[0]!.path).toBe('/account/get-balance');
    await expect(provider().balance!({ apiKey: KEY, password: 'wrong' })).rejects.toMatchObject({
      code: 'bad_credentials',
    });
  });
});
