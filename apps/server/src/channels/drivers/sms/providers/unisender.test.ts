import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startFakeProviderServer,
  type FakeProviderServer,
  type FakeReply,
  type RecordedRequest,
} from '../../../../test-support/fake-provider-server.js';
import { sendThroughUnreachableGateway } from '../../../../test-support/sms-unreachable.js';
import { SmsProviderError } from '../sms-provider.js';
import { unisenderProvider } from './unisender.js';

// The fake follows Unisender's API pages: sendSms (https://www.unisender.com/ru/support/integration/api/sendsms),
// checkSms (https://www.unisender.com/ru/support/integration/api/check-sms), getUserInfo
// (https://www.unisender.com/ru/support/integration/api/getuserinfo) and the common error codes
// (https://selzy.com/en/support/api/common/api-errors/): {"result": …} on success,
// {"error": "<text>", "code": "<code>", "result": ""} on failure, both with HTTP 200.

const KEY = '5k7dtqb8ayuhqz1ar6zjn3kgq9zxbq3ue6rgwzdo';
const TEXT = 'Ваша запись на маникюр подтверждена';

const STATES: Record<string, string> = {
  '3123': 'not_sent',
  '3124': 'ok_sent',
  '3125': 'ok_delivered',
  '3126': 'err_delivery_failed',
  '3127': 'err_dest_invalid',
  '3128': 'err_lost',
  '3129': 'err_something_new',
  '3130': 'ok_something_new',
};

function refusal(code: string, error: string): FakeReply {
  return { json: { error, code, result: '' } };
}

let nextId = 2_376_678;

function unisender(req: RecordedRequest): FakeReply {
  const p = req.form;
  if (req.method !== 'POST' || req.rawQuery !== '')
    return { text: 'Call to a member function getMessage() on boolean' };
  if (p.get('format') !== 'json') return { text: '<html>format</html>' };
  if (p.get('api_key') !== KEY) return refusal('invalid_api_key', 'AK100310-02 [invalid api key]');
  switch (req.path) {
    case '/ru/api/sendSms': {
      const phone = p.get('phone') ?? '';
      if (!p.get('sender')) return refusal('invalid_arg', 'AS100312-01 [sender is empty]');
      if (p.get('sender') === 'Unapproved') return refusal('src_invalid', 'AS100312-03 [invalid sender]');
      if (phone === '7999') return refusal('dest_invalid', 'AS100312-04 [invalid phone]');
      if (phone === '79990000001') return refusal('not_enough_money', 'AS100312-05 [not enough money]');
      if (phone === '79990000002')
        return refusal('api_call_limit_exceeded_for_api_key', 'AK100310-05 [limit exceeded]');
      if (phone === '79990000003') return refusal('retry_later', 'AK100310-06 [temporary failure]');
      if (phone === '79990000004') return refusal('access_denied', 'AK100310-03 [access denied]');
      if (phone === '79990000503') return { status: 503, text: '<html>Service Temporarily Unavailable</html>' };
      nextId += 1;
      return { json: { result: { currency: 'RUB', price: '3.45', sms_id: `${nextId}.${phone}` } } };
    }
    case '/ru/api/checkSms': {
      const status = STATES[p.get('sms_id') ?? ''];
      if (!status) return refusal('unspecified', 'AK100313-05 [invalid sms id]');
      return { json: { result: { status } } };
    }
    case '/ru/api/getUserInfo':
      return { json: { result: { login: 'salon', email: 'owner@salon.ru', balance: '842.10', currency: 'RUB' } } };
    default:
      return refusal('unknown_method', 'unknown method');
  }
}

describe('Unisender SMS adapter against a fake Unisender', () => {
  let server: FakeProviderServer;
  const credentials = { apiKey: KEY, senderName: 'SalonSPb' };

  beforeAll(async () => {
    server = await startFakeProviderServer(unisender);
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
  });

  const provider = () => unisenderProvider({ baseUrl: `${server.baseUrl}/ru/api` });
  const send = (to: string, senderName: string | null = 'SalonSPb') =>
    provider().send(credentials, { idempotencyKey: 'row-1', to, text: 'hi', senderName });

  it('POSTs sendSms with format, api_key, phone, sender and text in UTF-8 in the body, and returns the sms_id', async () => {
    const result = await provider().send(credentials, {
      idempotencyKey: 'row-1',
      to: '79092020303',
      text: TEXT,
      senderName: 'SalonSPb',
    });
    expect(result).toEqual({ ok: true, providerMessageId: `${nextId}.79092020303` });

    expect(server.requests).toHaveLength(1);
    const req = server.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/ru/api/sendSms');
    expect(req.rawQuery).toBe('');
    expect(Object.fromEntries(req.form)).toEqual({
      format: 'json',
      api_key: KEY,
      phone: '79092020303',
      sender: 'SalonSPb',
      text: TEXT,
    });
    expect(req.rawBody).toContain('text=%D0%92%D0%B0%D1%88%D0%B0');
  });

  it('maps a wrong api_key to a credentials error', async () => {
    const result = await unisenderProvider({ baseUrl: `${server.baseUrl}/ru/api` }).send(
      { apiKey: 'WRONG' },
      { idempotencyKey: 'k', to: '79092020303', text: 'hi', senderName: 'SalonSPb' },
    );
    expect(result).toEqual({
      ok: false,
      failure: 'provider_error',
      detail: 'bad_credentials (Unisender invalid_api_key: AK100310-02 [invalid api key])',
    });
  });

  it.each([
    ['79990000004', 'SalonSPb', 'provider_error', /^bad_credentials \(Unisender access_denied/],
    ['79990000001', 'SalonSPb', 'provider_error', /^no_money \(Unisender not_enough_money/],
    ['79092020303', 'Unapproved', 'provider_error', /^sender_not_approved \(Unisender src_invalid/],
    ['7999', 'SalonSPb', 'invalid_recipient', /^Unisender dest_invalid: AS100312-04 \[invalid phone\]$/],
    ['79990000003', 'SalonSPb', 'rate_limited', /^Unisender retry_later/],
    ['79092020303', null, 'provider_error', /^Unisender invalid_arg: AS100312-01 \[sender is empty\]$/],
  ])('maps the refusal for %s from %s to %s', async (to, sender, failure, detail) => {
    const result = await send(to, sender);
    expect(result).toMatchObject({ ok: false, failure });
    expect(!result.ok && result.detail).toMatch(detail);
  });

  it('maps the API call limit to rate_limited for a minute and a 5xx page to provider_error', async () => {
    expect(await send('79990000002')).toMatchObject({ ok: false, failure: 'rate_limited', retryAfterMs: 60_000 });
    expect(await send('79990000503')).toMatchObject({ ok: false, failure: 'provider_error', detail: 'http 503' });
  });

  it('reports an unreachable gateway as provider_error, without throwing', async () => {
    const result = await sendThroughUnreachableGateway(unisenderProvider, credentials, '79092020303', 'SalonSPb');
    expect(result).toMatchObject({ ok: false, failure: 'provider_error' });
    expect(!result.ok && result.detail).toMatch(/^network/);
  });

  it.each([
    ['3123', 'server'],
    ['3124', 'server'],
    ['3125', 'delivered'],
    ['3126', 'failed'],
    ['3127', 'failed'],
    ['3128', 'failed'],
    ['3129', 'failed'],
    ['3130', 'server'],
  ])('reads the report of %s as %s via checkSms', async (id, ack) => {
    expect(await provider().status(credentials, id)).toBe(ack);
    const req = server.requests[0]!;
    expect(req.path).toBe('/ru/api/checkSms');
    expect(Object.fromEntries(req.form)).toEqual({ format: 'json', api_key: KEY, sms_id: id });
  });

  it('throws on a refused status request, so the poll asks again later', async () => {
    const refused = provider().status({ apiKey: 'WRONG' }, '3125');
    await expect(refused).rejects.toBeInstanceOf(SmsProviderError);
    await expect(refused).rejects.toMatchObject({ code: 'bad_credentials' });
    await expect(provider().status(credentials, '9999')).rejects.toThrow(/invalid sms id/);
  });

  it('reads the balance from getUserInfo', async () => {
    expect(await provider().balance!(credentials)).toBe(842.1);
    expect(server.requests[0]!.path).toBe('/ru/api/getUserInfo');
    await expect(provider().balance!({ apiKey: 'WRONG' })).rejects.toThrow(/invalid api key/);
  });
});
