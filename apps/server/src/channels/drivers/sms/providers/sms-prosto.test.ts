import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startFakeProviderServer,
  type FakeProviderServer,
  type FakeReply,
  type RecordedRequest,
} from '../../../../test-support/fake-provider-server.js';
import { SmsProviderError } from '../sms-provider.js';
import { smsProstoProvider } from './sms-prosto.js';

const TEXT = 'Ваша запись подтверждена';

function reply(errCode: number, text: string, data: unknown = null): FakeReply {
  return {
    json: {
      response: { msg: { err_code: String(errCode), text, type: errCode === 0 ? 'message' : 'error' }, data },
    },
  };
}

// Plays the SMS-Prosto platform: one endpoint, `method` picks the call, every reply wrapped in
// {"response": {"msg": {...}, "data": {...}}}. The numeric codes of the refusals are the fake's own:
// the adapter reads the documented envelope and the refusal's text.
function smsProsto(req: RecordedRequest): FakeReply {
  const p = req.form;
  if (p.get('format') !== 'json') return { text: '<?xml version="1.0"?><response/>' };
  const byKey = p.get('key') === 'PROSTOKEY';
  const byEmail = p.get('email') === 'owner@salon.ru' && p.get('password') === 'secret';
  if (!byKey && !byEmail) return reply(601, 'Неверный API-ключ или пароль');
  switch (p.get('method')) {
    case 'push_msg': {
      if (!p.get('sender_name')) return reply(602, 'Не указано имя отправителя');
      if (p.get('phone') === '7999') return reply(603, 'Неверный номер телефона');
      if (p.get('phone') === '79990000001') return reply(604, 'Недостаточно средств на балансе');
      if (p.get('phone') === '79990000002') return reply(605, 'Слишком много запросов, повторите позже');
      return reply(0, 'Сообщение успешно отправлено', {
        id: '4912733',
        credits: '2.85',
        n_raw_sms: '1',
        sender_name: p.get('sender_name'),
      });
    }
    case 'get_msg_report': {
      const states: Record<string, number> = { '10': 0, '11': 1, '12': 2, '14': 4, '18': 8, '26': 16 };
      const state = states[p.get('id') ?? ''];
      if (state === undefined) return reply(606, 'Сообщение не найдено');
      return reply(0, 'OK', {
        id: p.get('id'),
        sender_name: 'Salon',
        phone: '79161234567',
        state,
        state_text: 'Статус',
        start_time: '2025-12-28 10:00:00',
        last_update: null,
      });
    }
    case 'get_profile':
      return reply(0, 'OK', { id: '17', sender_name: 'Salon', credits: '150.25', currency: 'RUB' });
    default:
      return reply(607, 'Неизвестный метод');
  }
}

describe('SMS-Prosto adapter against a fake SMS-Prosto', () => {
  let server: FakeProviderServer;
  const withKey = { apiKey: 'PROSTOKEY', senderName: 'Salon' };
  const withEmail = { login: 'owner@salon.ru', password: 'secret', senderName: 'Salon' };

  beforeAll(async () => {
    server = await startFakeProviderServer(smsProsto);
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
  });

  const provider = () => smsProstoProvider({ baseUrl: server.baseUrl });

  it('POSTs push_msg with the key, phone, text in UTF-8, sender_name and external_id', async () => {
    const result = await provider().send(withKey, {
      idempotencyKey: 'outbox-7',
      to: '79161234567',
      text: TEXT,
      senderName: 'Salon',
    });
    expect(result).toEqual({ ok: true, providerMessageId: '4912733' });

    const req = server.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/');
    expect(Object.fromEntries(req.form)).toEqual({
      method: 'push_msg',
      format: 'json',
      key: 'PROSTOKEY',
      phone: '79161234567',
      text: TEXT,
      sender_name: 'Salon',
      external_id: 'outbox-7',
    });
    expect(req.rawBody).toContain('text=%D0%92%D0%B0%D1%88%D0%B0');
    expect(req.rawQuery).toBe('');
  });

  it('authorises with email and password when no key is stored', async () => {
    await provider().send(withEmail, { idempotencyKey: 'k', to: '79161234567', text: 'hi', senderName: 'Salon' });
    const form = server.requests[0]!.form;
    expect(form.get('email')).toBe('owner@salon.ru');
    expect(form.get('password')).toBe('secret');
    expect(form.has('key')).toBe(false);
  });

  it.each([
    [{ apiKey: 'WRONG' }, '79161234567', 'Salon', 'provider_error', /^bad_credentials \(SMS-Prosto 601/],
    [withKey, '79161234567', null, 'provider_error', /^sender_not_approved/],
    [withKey, '7999', 'Salon', 'invalid_recipient', /SMS-Prosto 603: Неверный номер телефона/],
    [withKey, '79990000001', 'Salon', 'provider_error', /^no_money/],
    [withKey, '79990000002', 'Salon', 'rate_limited', /SMS-Prosto 605/],
  ])('maps a refusal (%j, %s, sender %s) to %s', async (credentials, to, senderName, failure, detail) => {
    const result = await provider().send(credentials, { idempotencyKey: 'k', to, text: 'hi', senderName });
    expect(result).toMatchObject({ ok: false, failure });
    expect(!result.ok && result.detail).toMatch(detail);
  });

  it('reports an XML or garbled reply as provider_error', async () => {
    const garbled = smsProstoProvider({
      baseUrl: server.baseUrl,
      fetch: () => Promise.resolve(new Response('<html>502</html>', { status: 200 })),
    });
    const result = await garbled.send(withKey, { idempotencyKey: 'k', to: '79161234567', text: 'hi', senderName: 'S' });
    expect(result).toMatchObject({ ok: false, failure: 'provider_error' });
  });

  it.each([
    ['10', 'server'],
    ['11', 'delivered'],
    ['12', 'failed'],
    ['14', 'server'],
    ['18', 'server'],
    ['26', 'failed'],
  ])('maps get_msg_report of %s to %s', async (id, ack) => {
    expect(await provider().status(withKey, id)).toBe(ack);
    expect(Object.fromEntries(server.requests[0]!.form)).toEqual({
      method: 'get_msg_report',
      format: 'json',
      key: 'PROSTOKEY',
      id,
    });
  });

  it('throws on a refused report call', async () => {
    await expect(provider().status(withKey, '404')).rejects.toBeInstanceOf(SmsProviderError);
    await expect(provider().status(withKey, '404')).rejects.toMatchObject({ code: '606' });
  });

  it('reads the balance from get_profile credits', async () => {
    expect(await provider().balance!(withEmail)).toBe(150.25);
    expect(server.requests[0]!.form.get('method')).toBe('get_profile');
  });
});
