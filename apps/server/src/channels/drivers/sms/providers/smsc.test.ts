import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startFakeProviderServer,
  type FakeProviderServer,
  type FakeReply,
  type RecordedRequest,
} from '../../../../test-support/fake-provider-server.js';
import { SmsProviderError } from '../sms-provider.js';
import { smscClientId, smscMessageId, smscProvider } from './smsc.js';

const TEXT = 'Ждём вас завтра в 12:00';

// Plays SMSC.RU (fmt=3) as its HTTP API pages document: {"id", "cnt"} on success,
// {"error", "error_code"[, "id"]} on failure, status -3..25 on status.php.
function fakeSmsc() {
  // "<id>:<phone>" → SMSC status code.
  const messages = new Map<string, number>();
  // The minute-window guard against identical requests (error 9).
  const recent = new Set<string>();

  function authorised(p: URLSearchParams): boolean {
    return p.get('apikey') === 'APIKEY' || (p.get('login') === 'salon' && p.get('psw') === 'secret');
  }

  function handle(req: RecordedRequest): FakeReply {
    const p = req.form;
    if (p.get('fmt') !== '3') return { text: 'OK - 1 SMS, ID - 1' };
    if (!authorised(p)) return { json: { error: 'authorise error', error_code: 2 } };
    if (req.path === '/sys/send.php') {
      const phone = p.get('phones') ?? '';
      const id = p.get('id') ?? '1';
      const request = `${id}|${phone}|${p.get('mes')}`;
      if (recent.has(request)) return { json: { error: 'duplicate request, wait a minute', error_code: 9 } };
      recent.add(request);
      if (phone === '79990000003') return { json: { error: 'no money', error_code: 3, id: Number(id) } };
      if (phone === '79990000007') return { json: { error: 'invalid number', error_code: 7, id: Number(id) } };
      if (phone === '79990000006') return { json: { error: 'message is denied', error_code: 6, id: Number(id) } };
      if (phone === '79990000004') return { json: { error: 'ip is blocked', error_code: 4 } };
      if (phone === '79990000009') {
        // A duplicate SMSC refuses although it never took the first request.
        return { json: { error: 'duplicate request, wait a minute', error_code: 9 } };
      }
      messages.set(`${id}:${phone}`, -1);
      return { json: { id: Number(id), cnt: 1 } };
    }
    if (req.path === '/sys/status.php') {
      const status = messages.get(`${p.get('id')}:${p.get('phone')}`);
      if (status === undefined) return { json: { status: -3, last_date: '', last_timestamp: 0 } };
      return { json: { status, last_date: '28.12.2025 19:20:22', last_timestamp: 1766938822, err: 0 } };
    }
    if (req.path === '/sys/balance.php') return { json: { balance: '123.45', currency: 'RUR' } };
    return { json: { error: 'unknown method', error_code: 1 } };
  }
  return { messages, handle };
}

describe('SMSC adapter against a fake SMSC', () => {
  let server: FakeProviderServer;
  const fake = fakeSmsc();
  const withKey = { apiKey: 'APIKEY' };
  const withLogin = { login: 'salon', password: 'secret' };

  beforeAll(async () => {
    server = await startFakeProviderServer((req) => fake.handle(req));
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
  });

  const provider = () => smscProvider({ baseUrl: server.baseUrl });

  it('derives a stable 31-bit client id from the idempotency key', () => {
    const id = smscClientId('outbox-42');
    expect(id).toBe(smscClientId('outbox-42'));
    expect(id).not.toBe(smscClientId('outbox-43'));
    expect(Number(id)).toBeGreaterThanOrEqual(1);
    expect(Number(id)).toBeLessThanOrEqual(2147483647);
  });

  it('POSTs send.php with login+psw, phones, mes in UTF-8, sender, its id, fmt=3, charset=utf-8', async () => {
    const result = await provider().send(withLogin, {
      idempotencyKey: 'outbox-1',
      to: '79161234567',
      text: TEXT,
      senderName: 'Salon',
    });
    const id = smscClientId('outbox-1');
    expect(result).toEqual({ ok: true, providerMessageId: `${id}:79161234567` });

    const req = server.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/sys/send.php');
    expect(req.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(req.form)).toEqual({
      login: 'salon',
      psw: 'secret',
      phones: '79161234567',
      mes: TEXT,
      sender: 'Salon',
      id,
      fmt: '3',
      charset: 'utf-8',
    });
    expect(req.rawBody).toContain('mes=%D0%96%D0%B4%D1%91%D0%BC');
    // The password travels in the body, not in the URL.
    expect(req.rawQuery).toBe('');
  });

  it('authorises with apikey alone when an API key is stored', async () => {
    await provider().send(withKey, { idempotencyKey: 'outbox-2', to: '79161234568', text: 'hi', senderName: null });
    const form = server.requests[0]!.form;
    expect(form.get('apikey')).toBe('APIKEY');
    expect(form.has('login')).toBe(false);
    expect(form.has('psw')).toBe(false);
    expect(form.has('sender')).toBe(false);
  });

  it('recognises a resend of the same outbox row (error 9) as the message SMSC already has', async () => {
    const input = { idempotencyKey: 'outbox-3', to: '79161234569', text: 'hi', senderName: null };
    const first = await provider().send(withKey, input);
    const again = await provider().send(withKey, input);
    expect(again).toEqual(first);
    expect(fake.messages.size).toBeGreaterThan(0);
    expect(server.requests.map((r) => r.path)).toEqual(['/sys/send.php', '/sys/send.php', '/sys/status.php']);
  });

  it('treats error 9 for a message SMSC does not have as rate limiting', async () => {
    const result = await provider().send(withKey, {
      idempotencyKey: 'outbox-9',
      to: '79990000009',
      text: 'hi',
      senderName: null,
    });
    expect(result).toMatchObject({ ok: false, failure: 'rate_limited', retryAfterMs: 60_000 });
  });

  it.each([
    [{ apiKey: 'WRONG' }, '79161234567', 'provider_error', /^bad_credentials \(SMSC 2: authorise error\)/],
    [withKey, '79990000003', 'provider_error', /^no_money/],
    [withKey, '79990000007', 'invalid_recipient', /SMSC 7/],
    [withKey, '79990000006', 'provider_error', /^message_forbidden/],
    [withKey, '79990000004', 'rate_limited', /SMSC 4/],
  ])('maps the documented error for %j / %s to %s', async (credentials, to, failure, detail) => {
    const result = await provider().send(credentials, { idempotencyKey: `e-${to}`, to, text: 'hi', senderName: null });
    expect(result).toMatchObject({ ok: false, failure });
    expect(!result.ok && result.detail).toMatch(detail);
  });

  it('refuses to send without credentials, without calling SMSC', async () => {
    const result = await provider().send({}, { idempotencyKey: 'k', to: '79161234567', text: 'hi', senderName: null });
    expect(result).toMatchObject({ ok: false, failure: 'provider_error' });
    expect(server.requests).toHaveLength(0);
  });

  it('reads status.php by phone and id and maps the documented codes', async () => {
    const id = smscClientId('status-row');
    const messageId = smscMessageId(id, '79160000001');
    const cases: [number, string][] = [
      [-1, 'server'],
      [0, 'server'],
      [1, 'delivered'],
      [2, 'read'],
      [3, 'failed'],
      [20, 'failed'],
      [22, 'failed'],
      [25, 'failed'],
    ];
    for (const [code, ack] of cases) {
      fake.messages.set(messageId, code);
      expect(await provider().status(withKey, messageId)).toBe(ack);
    }
    const req = server.requests[0]!;
    expect(req.path).toBe('/sys/status.php');
    expect(Object.fromEntries(req.form)).toEqual({
      apikey: 'APIKEY',
      phone: '79160000001',
      id,
      fmt: '3',
      charset: 'utf-8',
    });
    expect(await provider().status(withKey, smscMessageId('77', '79160000002'))).toBe('pending');
  });

  it('throws on a refused status call and on a malformed message id', async () => {
    await expect(provider().status({ apiKey: 'WRONG' }, '1:79160000001')).rejects.toThrow(/authorise error/);
    await expect(provider().status(withKey, 'no-phone')).rejects.toBeInstanceOf(SmsProviderError);
  });

  it('reads the balance from balance.php', async () => {
    expect(await provider().balance!(withLogin)).toBe(123.45);
    expect(server.requests[0]!.path).toBe('/sys/balance.php');
  });
});
