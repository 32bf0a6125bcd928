import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startFakeProviderServer,
  type FakeProviderServer,
  type FakeReply,
  type RecordedRequest,
} from '../../../../test-support/fake-provider-server.js';
import { sendThroughUnreachableGateway } from '../../../../test-support/sms-unreachable.js';
import { SmsProviderError } from '../sms-provider.js';
import { smsRuProvider } from './sms-ru.js';

const API_ID = 'A3CA597E-3ACF-4E7D-82EE-CF82B52B1A8B';
const TEXT = 'Привет, салон! Запись на 15:00';

// Per-number failures sms.ru documents, keyed by a test number.
const NUMBER_ERRORS: Record<string, [number, string]> = {
  '79990000202': [202, 'Неправильно указан номер телефона получателя, либо на него нет маршрута'],
  '79990000207': [207, 'На этот номер (или один из номеров) нельзя отправлять сообщения'],
  '79990000201': [201, 'Не хватает средств на лицевом счету'],
  '79990000231': [231, 'Превышен лимит одинаковых сообщений на этот номер в минуту'],
  '79990000204': [204, 'Отправитель не согласован с оператором'],
  '79990000220': [220, 'Сервис временно недоступен, попробуйте чуть позже'],
};

// Delivery states of the messages the fake knows, as sms.ru status codes.
const STATES: Record<string, number> = {
  '000000-10000102': 102,
  '000000-10000103': 103,
  '000000-10000104': 104,
  '000000-10000110': 110,
};

let nextId = 10_000_000;

// Plays sms.ru as its API page documents the json=1 replies.
function smsRu(req: RecordedRequest): FakeReply {
  const q = req.query;
  if (q.get('json') !== '1') return { text: '100\n000000-10000000\nbalance=4122.56' };
  if (q.get('api_id') !== API_ID) {
    return { json: { status: 'ERROR', status_code: 200, status_text: 'Неправильный api_id' } };
  }
  if (req.path === '/sms/send') {
    if (q.get('to') === '79990000429')
      return { status: 429, text: 'Too Many Requests', headers: { 'retry-after': '7' } };
    if (q.get('to') === '79990000503') return { status: 503, text: '<html>Bad gateway</html>' };
    const to = q.get('to') ?? '';
    const error = NUMBER_ERRORS[to];
    const entry = error
      ? { status: 'ERROR', status_code: error[0], status_text: error[1] }
      : { status: 'OK', status_code: 100, sms_id: `000000-${(nextId += 1)}` };
    return { json: { status: 'OK', status_code: 100, sms: { [to]: entry }, balance: 4122.56 } };
  }
  if (req.path === '/sms/status') {
    const sms: Record<string, unknown> = {};
    for (const id of (q.get('sms_id') ?? '').split(',')) {
      const code = STATES[id];
      sms[id] =
        code === undefined
          ? { status: 'ERROR', status_code: -1, status_text: 'Сообщение не найдено' }
          : { status: 'OK', status_code: code, cost: 0.5, status_text: 'Статус' };
    }
    return { json: { status: 'OK', status_code: 100, sms, balance: 4122.06 } };
  }
  if (req.path === '/my/balance') return { json: { status: 'OK', status_code: 100, balance: 4122.56 } };
  return { json: { status: 'ERROR', status_code: 211, status_text: 'Метод не найден' } };
}

describe('sms.ru adapter against a fake sms.ru', () => {
  let server: FakeProviderServer;
  const credentials = { apiKey: API_ID };

  beforeAll(async () => {
    server = await startFakeProviderServer(smsRu);
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
  });

  const provider = () => smsRuProvider({ baseUrl: server.baseUrl });

  it('sends with GET /sms/send, api_id, to, msg in UTF-8, from and json=1, and returns the sms_id', async () => {
    const result = await provider().send(credentials, {
      idempotencyKey: 'row-1',
      to: '79161234567',
      text: TEXT,
      senderName: 'SalonBeauty',
    });
    expect(result).toEqual({ ok: true, providerMessageId: `000000-${nextId}` });

    expect(server.requests).toHaveLength(1);
    const req = server.requests[0]!;
    expect(req.method).toBe('GET');
    expect(req.path).toBe('/sms/send');
    expect(Object.fromEntries(req.query)).toEqual({
      api_id: API_ID,
      to: '79161234567',
      msg: TEXT,
      from: 'SalonBeauty',
      json: '1',
    });
    // Percent-encoded UTF-8 bytes of "Привет", not windows-1251 or raw characters.
    expect(req.rawQuery).toContain('msg=%D0%9F%D1%80%D0%B8%D0%B2%D0%B5%D1%82');
  });

  it('leaves from out when there is no sender name, so the account default is used', async () => {
    await provider().send(credentials, { idempotencyKey: 'k', to: '79161234567', text: 'hi', senderName: null });
    expect(server.requests[0]!.query.has('from')).toBe(false);
  });

  it('maps a wrong api_id to a credentials error', async () => {
    const result = await provider().send(
      { apiKey: 'WRONG' },
      { idempotencyKey: 'k', to: '79161234567', text: 'hi', senderName: null },
    );
    expect(result).toMatchObject({ ok: false, failure: 'provider_error' });
    expect(!result.ok && result.detail).toMatch(/^bad_credentials \(sms\.ru 200: Неправильный api_id\)$/);
  });

  it.each([
    ['79990000202', 'invalid_recipient', /sms\.ru 202/],
    ['79990000207', 'invalid_recipient', /sms\.ru 207/],
    ['79990000201', 'provider_error', /^no_money/],
    ['79990000204', 'provider_error', /^sender_not_approved/],
    ['79990000220', 'provider_error', /sms\.ru 220/],
  ])('maps the per-number error of %s to %s', async (to, failure, detail) => {
    const result = await provider().send(credentials, { idempotencyKey: 'k', to, text: 'hi', senderName: null });
    expect(result).toMatchObject({ ok: false, failure });
    expect(!result.ok && result.detail).toMatch(detail);
  });

  it('maps 231 (same text within a minute) to rate_limited for a minute', async () => {
    const result = await provider().send(credentials, {
      idempotencyKey: 'k',
      to: '79990000231',
      text: 'hi',
      senderName: null,
    });
    expect(result).toMatchObject({ ok: false, failure: 'rate_limited', retryAfterMs: 60_000 });
  });

  it('maps HTTP 429 with Retry-After and a 5xx page', async () => {
    const limited = await provider().send(credentials, {
      idempotencyKey: 'k',
      to: '79990000429',
      text: 'hi',
      senderName: null,
    });
    expect(limited).toEqual({ ok: false, failure: 'rate_limited', detail: 'http 429', retryAfterMs: 7000 });
    const down = await provider().send(credentials, {
      idempotencyKey: 'k',
      to: '79990000503',
      text: 'hi',
      senderName: null,
    });
    expect(down).toMatchObject({ ok: false, failure: 'provider_error', detail: 'http 503' });
  });

  it('reports an unreachable gateway as provider_error, without throwing', async () => {
    const result = await sendThroughUnreachableGateway(smsRuProvider, credentials, '79161234567', null);
    expect(result).toMatchObject({ ok: false, failure: 'provider_error' });
    expect(!result.ok && result.detail).toMatch(/^network/);
  });

  it.each([
    ['000000-10000102', 'server'],
    ['000000-10000103', 'delivered'],
    ['000000-10000104', 'failed'],
    ['000000-10000110', 'read'],
    ['000000-99999999', 'pending'],
  ])('reads the delivery report of %s as %s via GET /sms/status', async (id, ack) => {
    expect(await provider().status(credentials, id)).toBe(ack);
    const req = server.requests[0]!;
    expect(req.method).toBe('GET');
    expect(req.path).toBe('/sms/status');
    expect(Object.fromEntries(req.query)).toEqual({ api_id: API_ID, sms_id: id, json: '1' });
  });

  it('throws on a refused status request, so the poll asks again later', async () => {
    await expect(provider().status({ apiKey: 'WRONG' }, '000000-10000103')).rejects.toBeInstanceOf(SmsProviderError);
  });

  it('reads the balance from GET /my/balance', async () => {
    expect(await provider().balance!(credentials)).toBe(4122.56);
    expect(server.requests[0]!.path).toBe('/my/balance');
    await expect(provider().balance!({ apiKey: 'WRONG' })).rejects.toThrow(/Неправильный api_id/);
  });
});
