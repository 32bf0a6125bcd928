import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startFakeProviderServer,
  unusedBaseUrl,
  type FakeProviderServer,
  type FakeReply,
  type RecordedRequest,
} from '../../../../test-support/fake-provider-server.js';
import { SmsProviderError } from '../sms-provider.js';
import { smsTrafficProvider } from './sms-traffic.js';

// The fake follows SMS Traffic's "SMS Traffic API" technical description v1.85 (the PDF linked from
// https://www.smstraffic.ru/api): POST /multi.php, form-encoded login/password, XML replies
// <reply><result>…</result><code>…</code><description>…</description>…</reply>, message_infos with
// want_sms_ids=1, operation=status and operation=account, and its HTTP(S) error code table.

const LOGIN = 'barhat';
const PASSWORD = 'secret-pass';
const TEXT = 'Привет, салон! Запись на 15:00 & до встречи';

function xml(inner: string): FakeReply {
  return { text: `<?xml version="1.0"?><reply>${inner}</reply>`, headers: { 'content-type': 'text/xml' } };
}

function error(code: number, description: string): FakeReply {
  return xml(`<result>ERROR</result><code>${code}</code><description>${description}</description>`);
}

// Per-number refusals from the error table, keyed by a test number.
const NUMBER_ERRORS: Record<string, [number, string]> = {
  '79990000415': [415, 'Not enough funds to complete the operation'],
  '79990000428': [428, '79990000428: wrong phone format. No messages has been sent'],
  '79990000432': [432, 'Blocked phone: 79990000432. No messages has been sent'],
  '79990000000': [1000, 'Temporary error'],
  '79990000404': [404, 'Incompatible parameters'],
};

const STATES: Record<string, string> = {
  '1000472801': '',
  '1000472802': 'Buffered SMSC',
  '1000472803': 'Delivered',
  '1000472804': 'Non Delivered',
  '1000472805': 'Rejected',
  '1000472806': 'Expired',
};

let nextId = 1_000_473_000;

function smsTraffic(req: RecordedRequest): FakeReply {
  if (req.method !== 'POST' || req.path !== '/multi.php') return { status: 404, text: 'Not Found' };
  const f = req.form;
  if (!f.get('login')) return error(401, 'login parameter is missing');
  if (f.get('login') !== LOGIN || f.get('password') !== PASSWORD) return error(411, 'Authentication failed');

  const operation = f.get('operation');
  if (operation === 'account') return xml('<account>10025.5</account>');
  if (operation === 'status') {
    const id = f.get('sms_id') ?? '';
    const status = STATES[id];
    if (status === undefined) {
      return xml(`<error>no such message or this message does not belong to you</error><sms_id>${id}</sms_id>`);
    }
    return xml(
      '<submition_date>2012-12-11 14:11:39</submition_date><send_date>2012-12-11 14:11:39</send_date>' +
        `<last_status_change_date>2012-12-11 14:12:00</last_status_change_date><status>${status}</status>` +
        `<error></error><sms_id>${id}</sms_id>`,
    );
  }

  const phone = f.get('phones') ?? '';
  if (phone === '79990000503') return { status: 503, text: '<html>Bad gateway</html>' };
  if (f.get('originator') === 'Forbidden') return error(436, 'Originator "Forbidden" is forbidden');
  const refusal = NUMBER_ERRORS[phone];
  if (refusal) return error(refusal[0], refusal[1]);
  const id = String((nextId += 1));
  return xml(
    '<result>OK</result><code>0</code><description>queued 1 messages</description>' +
      `<message_infos><message_info><phone>${phone}</phone><sms_id>${id}</sms_id></message_info></message_infos>`,
  );
}

describe('SMS Traffic adapter against a fake SMS Traffic', () => {
  let server: FakeProviderServer;
  let reserve: FakeProviderServer;
  const credentials = { login: LOGIN, password: PASSWORD };

  beforeAll(async () => {
    server = await startFakeProviderServer(smsTraffic);
    reserve = await startFakeProviderServer(smsTraffic);
  });
  afterAll(async () => {
    await server.close();
    await reserve.close();
  });
  beforeEach(() => {
    server.requests.length = 0;
    reserve.requests.length = 0;
  });

  const provider = () => smsTrafficProvider({ baseUrl: server.baseUrl });
  const send = (to: string, senderName: string | null = null, creds = credentials) =>
    provider().send(creds, { idempotencyKey: 'row-1', to, text: 'hi', senderName });

  it('sends with POST /multi.php, login, password, phones, message in UTF-8 (rus=5), originator and want_sms_ids', async () => {
    const result = await provider().send(credentials, {
      idempotencyKey: 'row-1',
      to: '79161234567',
      text: TEXT,
      senderName: 'SalonBeauty',
    });
    expect(result).toEqual({ ok: true, providerMessageId: String(nextId) });

    expect(server.requests).toHaveLength(1);
    const req = server.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/multi.php');
    expect(req.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(req.form)).toEqual({
      login: LOGIN,
      password: PASSWORD,
      phones: '79161234567',
      message: TEXT,
      originator: 'SalonBeauty',
      rus: '5',
      want_sms_ids: '1',
    });
    // Percent-encoded UTF-8 bytes of "Привет", not windows-1251; the password stays out of the URL.
    expect(req.rawBody).toContain('message=%D0%9F%D1%80%D0%B8%D0%B2%D0%B5%D1%82');
    expect(req.rawQuery).toBe('');
  });

  it('leaves originator out when there is no sender name, so the account default is used', async () => {
    await send('79161234567');
    expect(server.requests[0]!.form.has('originator')).toBe(false);
  });

  it('maps failed authentication to a credentials error', async () => {
    const result = await send('79161234567', null, { login: LOGIN, password: 'WRONG' });
    expect(result).toEqual({
      ok: false,
      failure: 'provider_error',
      detail: 'bad_credentials (SMS Traffic 411: Authentication failed)',
    });
  });

  it('reports missing credentials without calling the gateway', async () => {
    const result = await send('79161234567', null, { login: LOGIN, password: '' });
    expect(result).toMatchObject({ ok: false, failure: 'provider_error' });
    expect(!result.ok && result.detail).toMatch(/^missing_credentials/);
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    ['79990000415', null, 'provider_error', /^no_money \(SMS Traffic 415/],
    ['79990000428', null, 'invalid_recipient', /SMS Traffic 428: .*wrong phone format/],
    ['79990000432', null, 'invalid_recipient', /SMS Traffic 432/],
    ['79161234567', 'Forbidden', 'provider_error', /^sender_not_approved \(SMS Traffic 436/],
    ['79990000000', null, 'provider_error', /^temporary \(SMS Traffic 1000/],
    ['79990000404', null, 'provider_error', /^SMS Traffic 404: Incompatible parameters$/],
  ])('maps the refusal for %s (sender %s) to %s', async (to, sender, failure, detail) => {
    const result = await send(to, sender);
    expect(result).toMatchObject({ ok: false, failure });
    expect(!result.ok && result.detail).toMatch(detail);
  });

  it('maps a 5xx page to provider_error', async () => {
    expect(await send('79990000503')).toMatchObject({ ok: false, failure: 'provider_error', detail: 'http 503' });
  });

  it('repeats a send on the reserve host only when the main one says nothing was queued', async () => {
    const failing = await startFakeProviderServer(() => error(1000, 'Temporary error'));
    try {
      const withReserve = smsTrafficProvider({ baseUrl: failing.baseUrl, failoverBaseUrl: reserve.baseUrl });
      const result = await withReserve.send(credentials, {
        idempotencyKey: 'k',
        to: '79161234567',
        text: 'hi',
        senderName: null,
      });
      expect(result).toEqual({ ok: true, providerMessageId: String(nextId) });
      expect(failing.requests).toHaveLength(1);
      expect(reserve.requests).toHaveLength(1);
    } finally {
      await failing.close();
    }
  });

  it('does not repeat a send on the reserve host when the main one cannot be reached', async () => {
    const offline = smsTrafficProvider({
      baseUrl: await unusedBaseUrl(),
      failoverBaseUrl: reserve.baseUrl,
      timeoutMs: 2000,
    });
    const result = await offline.send(credentials, {
      idempotencyKey: 'k',
      to: '79161234567',
      text: 'hi',
      senderName: null,
    });
    expect(result).toMatchObject({ ok: false, failure: 'provider_error' });
    expect(!result.ok && result.detail).toMatch(/^network/);
    expect(reserve.requests).toHaveLength(0);
  });

  it.each([
    ['1000472801', 'pending'],
    ['1000472802', 'server'],
    ['1000472803', 'delivered'],
    ['1000472804', 'failed'],
    ['1000472805', 'failed'],
    ['1000472806', 'failed'],
    ['1000479999', 'pending'],
  ])('reads the delivery report of %s as %s via operation=status', async (id, ack) => {
    expect(await provider().status(credentials, id)).toBe(ack);
    const req = server.requests[0]!;
    expect(req.path).toBe('/multi.php');
    expect(Object.fromEntries(req.form)).toEqual({
      login: LOGIN,
      password: PASSWORD,
      operation: 'status',
      sms_id: id,
    });
  });

  it('throws on a refused status request, so the poll asks again later', async () => {
    await expect(provider().status({ login: LOGIN, password: 'WRONG' }, '1000472803')).rejects.toBeInstanceOf(
      SmsProviderError,
    );
  });

  it('asks the reserve host for a report when the main one cannot be reached', async () => {
    const withReserve = smsTrafficProvider({
      baseUrl: await unusedBaseUrl(),
      failoverBaseUrl: reserve.baseUrl,
      timeoutMs: 2000,
    });
    expect(await withReserve.status(credentials, '1000472803')).toBe('delivered');
    expect(reserve.requests).toHaveLength(1);
  });

  it('reads the balance via operation=account', async () => {
    expect(await provider().balance!(credentials)).toBe(10025.5);
    expect(Object.fromEntries(server.requests[0]!.form)).toEqual({
      login: LOGIN,
      password: PASSWORD,
      operation: 'account',
    });
    await expect(provider().balance!({ login: LOGIN, password: 'WRONG' })).rejects.toThrow(/Authentication failed/);
  });
});
