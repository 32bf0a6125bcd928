import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startFakeProviderServer,
  type FakeProviderServer,
  type FakeReply,
  type RecordedRequest,
} from '../../../../test-support/fake-provider-server.js';
import { sendThroughUnreachableGateway } from '../../../../test-support/sms-unreachable.js';
import { SmsProviderError } from '../sms-provider.js';
import { mobizonProvider } from './mobizon.js';

// The fake follows the Mobizon SMS API documentation (https://mobizon.kz/help/api-docs/sms-api, whose
// sources are github.com/mobizon/mobizon-api-docs: message/api/sendSmsMessage.md, getSMSStatus.md,
// user/api/getOwnBalance.md, _other/apiCode.md, _other/smsStatus.md): POST
// /service/<module>/<method>?output=json&api=v1&apiKey=…, form body, every reply
// {"code", "data", "message"}. The documentation names no code for a lack of funds; the fake answers
// it with code 15 and a message, as the documentation says code 15 carries its details there.

const KEY = 'kz1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0';
const MOVED_KEY = 'ua1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0';
const TEXT = 'Сіз жазылдыңыз: ертең 11:00';

const STATES: Record<string, string> = {
  '9001': 'NEW',
  '9002': 'ENQUEUD',
  '9003': 'ACCEPTD',
  '9004': 'PDLIVRD',
  '9005': 'DELIVRD',
  '9006': 'UNDELIV',
  '9007': 'REJECTD',
  '9008': 'EXPIRED',
  '9009': 'DELETED',
};

function reply(code: number, data: unknown, message = ''): FakeReply {
  return { json: { code, data, message } };
}

let nextId = 170_000_000;

function mobizon(acceptedKey: string, elsewhere?: { key: string; host: () => string }) {
  return (req: RecordedRequest): FakeReply => {
    const q = req.query;
    if (q.get('output') !== 'json' || q.get('api') !== 'v1') return { text: '<?xml version="1.0"?><response/>' };
    if (elsewhere && q.get('apiKey') === elsewhere.key) {
      return reply(13, elsewhere.host(), 'Этот пользователь обслуживается другим сервером API');
    }
    if (q.get('apiKey') !== acceptedKey) return reply(8, null, 'Неверный ключ API');
    const p = req.form;
    switch (req.path) {
      case '/service/message/sendsmsmessage': {
        const recipient = p.get('recipient') ?? '';
        if (!/^\d{10,15}$/.test(recipient))
          return reply(1, { recipient: 'Неверный номер получателя' }, 'Ошибка валидации');
        if (recipient === '79990000001') return reply(15, null, 'Недостаточно средств на балансе');
        if (recipient === '79990000002') return reply(1, { from: 'Подпись не зарегистрирована' }, 'Ошибка валидации');
        if (recipient === '79990000030') return reply(30, null, 'Превышен лимит запросов');
        if (recipient === '79990000999') return reply(999, null, 'Ошибка сервиса');
        if (recipient === '79990000503') return { status: 503, text: '<html>Bad gateway</html>' };
        nextId += 1;
        return reply(0, { campaignId: 245_455_096, messageId: nextId, status: 2 });
      }
      case '/service/message/getsmsstatus': {
        const ids = (p.get('ids') ?? '').split(',').filter((id) => STATES[id] !== undefined);
        if (ids.length === 0 && !p.get('ids')) return reply(2, null, 'Не указаны идентификаторы');
        return reply(
          0,
          ids.map((id) => ({
            id: Number(id),
            status: STATES[id],
            segNum: 1,
            startSendTs: '2026-11-26 10:00:00',
            statusUpdateTs: '2026-11-26 10:00:05',
          })),
        );
      }
      case '/service/user/getownbalance':
        return reply(0, { balance: '1520.3400', currency: 'KZT' });
      default:
        return reply(4, null, 'Неверный модуль');
    }
  };
}

describe('Mobizon adapter against a fake Mobizon', () => {
  let server: FakeProviderServer;
  let other: FakeProviderServer;
  const credentials = { apiKey: KEY };

  beforeAll(async () => {
    other = await startFakeProviderServer(mobizon(MOVED_KEY));
    server = await startFakeProviderServer(
      mobizon(KEY, { key: MOVED_KEY, host: () => other.baseUrl.replace(/^http:\/\//, '') }),
    );
  });
  afterAll(async () => {
    await server.close();
    await other.close();
  });
  beforeEach(() => {
    server.requests.length = 0;
    other.requests.length = 0;
  });

  const provider = () => mobizonProvider({ baseUrl: server.baseUrl });
  const send = (to: string) =>
    provider().send(credentials, { idempotencyKey: 'row-1', to, text: 'hi', senderName: null });

  it('POSTs message/sendSmsMessage with the key in the query, recipient, text in UTF-8 and from, and returns the messageId', async () => {
    const result = await provider().send(credentials, {
      idempotencyKey: 'row-1',
      to: '77011234567',
      text: TEXT,
      senderName: 'SalonKZ',
    });
    expect(result).toEqual({ ok: true, providerMessageId: String(nextId) });

    expect(server.requests).toHaveLength(1);
    const req = server.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/service/message/sendsmsmessage');
    expect(Object.fromEntries(req.query)).toEqual({ output: 'json', api: 'v1', apiKey: KEY });
    expect(Object.fromEntries(req.form)).toEqual({ recipient: '77011234567', text: TEXT, from: 'SalonKZ' });
    expect(req.rawBody).toContain('text=%D0%A1%D1%96%D0%B7');
  });

  it('leaves from out without a sender name, so the account default signature is used', async () => {
    await send('77011234567');
    expect(server.requests[0]!.form.has('from')).toBe(false);
  });

  it('maps a login error (code 8) to a credentials error', async () => {
    const result = await mobizonProvider({ baseUrl: server.baseUrl }).send(
      { apiKey: 'WRONG' },
      { idempotencyKey: 'k', to: '77011234567', text: 'hi', senderName: null },
    );
    expect(result).toEqual({
      ok: false,
      failure: 'provider_error',
      detail: 'bad_credentials (Mobizon 8: Неверный ключ API)',
    });
  });

  it.each([
    ['7999', 'invalid_recipient', /^Mobizon 1: Ошибка валидации; recipient: Неверный номер получателя$/],
    ['79990000001', 'provider_error', /^no_money \(Mobizon 15: Недостаточно средств на балансе\)$/],
    ['79990000002', 'provider_error', /^sender_not_approved \(Mobizon 1: .*from: Подпись не зарегистрирована\)$/],
    ['79990000999', 'provider_error', /^Mobizon 999: Ошибка сервиса$/],
  ])('maps the refusal for %s to %s', async (to, failure, detail) => {
    const result = await send(to);
    expect(result).toMatchObject({ ok: false, failure });
    expect(!result.ok && result.detail).toMatch(detail);
  });

  it('maps code 30 (too many requests) to rate_limited and a 5xx page to provider_error', async () => {
    expect(await send('79990000030')).toMatchObject({ ok: false, failure: 'rate_limited', retryAfterMs: 60_000 });
    expect(await send('79990000503')).toMatchObject({ ok: false, failure: 'provider_error', detail: 'http 503' });
  });

  it('follows code 13 to the API domain that serves the account, and keeps using it', async () => {
    const p = mobizonProvider({ baseUrl: server.baseUrl });
    const moved = { apiKey: MOVED_KEY };
    const input = { idempotencyKey: 'k', to: '77011234567', text: 'hi', senderName: null };
    expect(await p.send(moved, input)).toEqual({ ok: true, providerMessageId: String(nextId) });
    expect(server.requests).toHaveLength(1);
    expect(other.requests).toHaveLength(1);
    expect(other.requests[0]!.path).toBe('/service/message/sendsmsmessage');

    expect(await p.balance!(moved)).toBe(1520.34);
    expect(server.requests).toHaveLength(1);
    expect(other.requests).toHaveLength(2);
  });

  it('reports an unreachable gateway as provider_error, without throwing', async () => {
    const result = await sendThroughUnreachableGateway(mobizonProvider, credentials, '77011234567', null);
    expect(result).toMatchObject({ ok: false, failure: 'provider_error' });
    expect(!result.ok && result.detail).toMatch(/^network/);
  });

  it.each([
    ['9001', 'server'],
    ['9002', 'server'],
    ['9003', 'server'],
    ['9004', 'server'],
    ['9005', 'delivered'],
    ['9006', 'failed'],
    ['9007', 'failed'],
    ['9008', 'failed'],
    ['9009', 'failed'],
    ['9999', 'pending'],
  ])('reads the report of %s as %s via message/getSMSStatus', async (id, ack) => {
    expect(await provider().status(credentials, id)).toBe(ack);
    const req = server.requests[0]!;
    expect(req.path).toBe('/service/message/getsmsstatus');
    expect(Object.fromEntries(req.form)).toEqual({ ids: id });
  });

  it('throws on a refused status request, so the poll asks again later', async () => {
    const refused = provider().status({ apiKey: 'WRONG' }, '9005');
    await expect(refused).rejects.toBeInstanceOf(SmsProviderError);
    await expect(refused).rejects.toMatchObject({ code: 'bad_credentials' });
  });

  it('reads the balance from user/getOwnBalance', async () => {
    expect(await provider().balance!(credentials)).toBe(1520.34);
    expect(server.requests[0]!.path).toBe('/service/user/getownbalance');
    await expect(provider().balance!({ apiKey: 'WRONG' })).rejects.toThrow(/Неверный ключ API/);
  });
});
