import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startFakeProviderServer,
  type FakeProviderServer,
  type FakeReply,
  type RecordedRequest,
} from '../../../../test-support/fake-provider-server.js';
import { sendThroughUnreachableGateway } from '../../../../test-support/sms-unreachable.js';
import { SmsProviderError } from '../sms-provider.js';
import { smspilotProvider } from './smspilot.js';

// The fake follows the SMSPILOT API-1 page, https://smspilot.ru/apikey.php: GET /api.php with
// apikey and format=json; send= / check= / balance= name the call; refusals are
// {"error": {"code", "description", "description_ru"}} with HTTP 200; statuses -2..3. The codes
// 101 (APIKEY is invalid) and 400 (User not found) are the ones the page's examples show; the
// others here are the fake's own, carrying the page's kind of English description.

const APIKEY = 'XXXXXXXXXXXXYYYYYYYYYYYYZZZZZZZZXXXXXXXXXXXXYYYYYYYYYYYYZZZZZZZZ';
const TEXT = 'Привет, салон! Запись на 15:00';

const STATES: Record<string, number> = { '10000': 0, '10001': 1, '10002': 2, '10003': 3, '10004': -1, '10005': -2 };

function refuse(code: number, description: string, descriptionRu: string): FakeReply {
  return { json: { error: { code: String(code), description, description_ru: descriptionRu } } };
}

function smspilot(req: RecordedRequest): FakeReply {
  const q = req.query;
  if (req.path !== '/api.php') return { status: 404, text: 'Not found' };
  if (q.get('format') !== 'json') return { text: '10000' };
  if (q.get('apikey') !== APIKEY) {
    return refuse(101, 'APIKEY is invalid', 'Неправильный API-ключ (см. настройки API в личном кабинете)');
  }
  if (q.has('send')) {
    const to = q.get('to') ?? '';
    if (to === '79990000429') return { status: 429, text: 'Too Many Requests', headers: { 'retry-after': '2' } };
    if (to === '79990000503') return { status: 503, text: '<html>Bad gateway</html>' };
    if (to === '7999') return refuse(211, 'Invalid phone', 'Неправильный номер телефона');
    if (to === '79990000105') return refuse(105, 'User is blocked (low balance)', 'Пользователь блокирован');
    if (to === '79990000001') return refuse(210, 'Not enough money', 'Недостаточно средств');
    if (q.get('from') === 'UNKNOWN') return refuse(220, 'Sender (from) is invalid', 'Неправильный отправитель');
    return {
      json: {
        send: [{ server_id: '10000', phone: to, price: '1.68', status: '0' }],
        balance: '20006.97',
        cost: '1.68',
      },
    };
  }
  if (q.has('check')) {
    const id = q.get('check') ?? '';
    const status = STATES[id];
    if (status === undefined) return refuse(300, 'Server ID not found', 'Сообщение не найдено');
    return { json: { check: [{ server_id: id, phone: '79161234567', status: String(status) }] } };
  }
  if (q.get('balance') === 'rur') return { json: { balance: '20006.97' } };
  return refuse(100, 'Unknown command', 'Неизвестная команда');
}

describe('SMSPILOT adapter against a fake SMSPILOT', () => {
  let server: FakeProviderServer;
  const credentials = { apiKey: APIKEY };

  beforeAll(async () => {
    server = await startFakeProviderServer(smspilot);
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
  });

  const provider = () => smspilotProvider({ baseUrl: server.baseUrl });
  const send = (to: string, senderName: string | null = null, creds: { apiKey: string } = credentials) =>
    provider().send(creds, { idempotencyKey: 'outbox-3', to, text: 'hi', senderName });

  it('sends with GET /api.php: send, to, from, apikey, format=json, and returns the server_id', async () => {
    const result = await provider().send(credentials, {
      idempotencyKey: 'outbox-3',
      to: '79161234567',
      text: TEXT,
      senderName: 'INFORM',
    });
    expect(result).toEqual({ ok: true, providerMessageId: '10000' });

    expect(server.requests).toHaveLength(1);
    const req = server.requests[0]!;
    expect(req.method).toBe('GET');
    expect(req.path).toBe('/api.php');
    expect(Object.fromEntries(req.query)).toEqual({
      send: TEXT,
      to: '79161234567',
      from: 'INFORM',
      apikey: APIKEY,
      format: 'json',
    });
    // Percent-encoded UTF-8 bytes of "Привет".
    expect(req.rawQuery).toContain('send=%D0%9F%D1%80%D0%B8%D0%B2%D0%B5%D1%82');
  });

  it('leaves from out when there is no sender name, so the account default is used', async () => {
    await send('79161234567');
    expect(server.requests[0]!.query.has('from')).toBe(false);
  });

  it.each([
    [
      'a wrong API key',
      'WRONG',
      '79161234567',
      null,
      'provider_error',
      /^bad_credentials \(SMSPILOT 101: Неправильный/,
    ],
    ['a bad number', APIKEY, '7999', null, 'invalid_recipient', /SMSPILOT 211: Неправильный номер телефона/],
    ['an account blocked for low balance', APIKEY, '79990000105', null, 'provider_error', /^no_money/],
    ['no money', APIKEY, '79990000001', null, 'provider_error', /^no_money \(SMSPILOT 210/],
    ['an unknown sender', APIKEY, '79161234567', 'UNKNOWN', 'provider_error', /^sender_not_approved/],
  ])('maps %s to %s', async (_what, key, to, senderName, failure, detail) => {
    const result = await send(to, senderName, { apiKey: key });
    expect(result).toMatchObject({ ok: false, failure });
    expect(!result.ok && result.detail).toMatch(detail);
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

  it('reports an unreachable gateway as provider_error, without throwing', async () => {
    const result = await sendThroughUnreachableGateway(smspilotProvider, credentials, '79161234567', null);
    expect(result).toMatchObject({ ok: false, failure: 'provider_error' });
    expect(!result.ok && result.detail).toMatch(/^network/);
  });

  it.each([
    ['10000', 'server'],
    ['10001', 'server'],
    ['10002', 'delivered'],
    ['10003', 'server'],
    ['10004', 'failed'],
    ['10005', 'failed'],
  ])('reads the status of %s as %s via check=', async (id, ack) => {
    expect(await provider().status(credentials, id)).toBe(ack);
    expect(Object.fromEntries(server.requests[0]!.query)).toEqual({ check: id, apikey: APIKEY, format: 'json' });
  });

  it('throws on a refused check, so the poll asks again later', async () => {
    await expect(provider().status({ apiKey: 'WRONG' }, '10002')).rejects.toMatchObject({ code: 'bad_credentials' });
    await expect(provider().status(credentials, '99999')).rejects.toBeInstanceOf(SmsProviderError);
  });

  it('reads the balance in roubles from balance=rur', async () => {
    expect(await provider().balance!(credentials)).toBe(20006.97);
    expect(Object.fromEntries(server.requests[0]!.query)).toEqual({ balance: 'rur', apikey: APIKEY, format: 'json' });
    await expect(provider().balance!({ apiKey: 'WRONG' })).rejects.toThrow(/Неправильный API-ключ/);
  });
});
