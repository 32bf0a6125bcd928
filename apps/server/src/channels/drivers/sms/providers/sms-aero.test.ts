import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startFakeProviderServer,
  type FakeProviderServer,
  type FakeReply,
  type RecordedRequest,
} from '../../../../test-support/fake-provider-server.js';
import { SmsProviderError } from '../sms-provider.js';
import { SMS_AERO_DEFAULT_SIGN, smsAeroProvider } from './sms-aero.js';

const EMAIL = 'owner@salon.ru';
const API_KEY = 'A7b2C9d4E1f6G3h8I5j0K7l2M9n4O1p6';
const TEXT = 'Напоминаем о записи ✂️';

// Plays SMS Aero API v2: Basic auth, JSON bodies, {"success", "data", "message"} replies.
function smsAero(req: RecordedRequest): FakeReply {
  const expected = `Basic ${Buffer.from(`${EMAIL}:${API_KEY}`).toString('base64')}`;
  if (req.headers.authorization !== expected) {
    return {
      status: 401,
      json: { success: false, data: null, message: 'Your request was made with invalid credentials.' },
    };
  }
  const body = req.json as Record<string, unknown> | undefined;
  if (req.path === '/v2/sms/send') {
    if (body?.number === '79990000429')
      return { status: 429, json: { success: false, data: null, message: 'Too Many Requests' } };
    if (body?.number === '7999') {
      return {
        status: 400,
        json: { success: false, data: { number: ['Неверный формат номера'] }, message: 'Validation error.' },
      };
    }
    if (body?.sign === 'Unknown') {
      return {
        status: 400,
        json: { success: false, data: { sign: ['Подпись не найдена'] }, message: 'Validation error.' },
      };
    }
    if (body?.number === '79990000402')
      return { status: 400, json: { success: false, data: null, message: 'no credits' } };
    return {
      json: {
        success: true,
        data: {
          id: 12345,
          from: body?.sign,
          number: body?.number,
          text: body?.text,
          status: 8,
          extendStatus: 'moderation',
          channel: 'FREE SIGN',
          cost: '5.49',
          dateCreate: 1719119523,
          dateSend: 1719119523,
        },
        message: null,
      },
    };
  }
  if (req.path === '/v2/sms/status') {
    const id = body?.id;
    const statuses: Record<number, [number, string]> = {
      1: [0, 'queue'],
      2: [1, 'delivery'],
      3: [2, 'error'],
      4: [3, 'transmitted'],
      5: [4, 'wait_status'],
      6: [6, 'reject'],
      7: [8, 'moderation'],
    };
    const found = typeof id === 'number' ? statuses[id] : undefined;
    if (!found) return { status: 404, json: { success: false, data: null, message: 'Not found' } };
    return { json: { success: true, data: { id, status: found[0], extendStatus: found[1] }, message: null } };
  }
  if (req.path === '/v2/balance') return { json: { success: true, data: { balance: 337.03 }, message: null } };
  return { status: 404, json: { success: false, data: null, message: 'Not found' } };
}

describe('SMS Aero adapter against a fake SMS Aero', () => {
  let server: FakeProviderServer;
  const credentials = { login: EMAIL, apiKey: API_KEY };

  beforeAll(async () => {
    server = await startFakeProviderServer(smsAero);
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
  });

  const provider = () => smsAeroProvider({ baseUrl: `${server.baseUrl}/v2` });

  it('POSTs /v2/sms/send as JSON with Basic email:api_key and returns the message id', async () => {
    const result = await provider().send(credentials, {
      idempotencyKey: 'row-1',
      to: '79161234567',
      text: TEXT,
      senderName: 'Salon',
    });
    expect(result).toEqual({ ok: true, providerMessageId: '12345' });

    const req = server.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v2/sms/send');
    expect(req.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(req.json).toEqual({ number: '79161234567', text: TEXT, sign: 'Salon' });
    // UTF-8 JSON carries Cyrillic and emoji as they are.
    expect(req.rawBody).toContain('Напоминаем о записи ✂️');
  });

  it('signs with the default "SMS Aero" signature when no sender name is stored', async () => {
    await provider().send(credentials, { idempotencyKey: 'k', to: '79161234567', text: 'hi', senderName: null });
    expect(req0().json).toMatchObject({ sign: SMS_AERO_DEFAULT_SIGN });
  });

  function req0(): RecordedRequest {
    return server.requests[0]!;
  }

  it.each([
    [{ login: EMAIL, apiKey: 'wrong' }, '79161234567', null, 'provider_error', /^bad_credentials$/],
    [credentials, '79990000429', null, 'rate_limited', /^http 429$/],
    [credentials, '7999', null, 'invalid_recipient', /number: Неверный формат номера/],
    [credentials, '79161234567', 'Unknown', 'provider_error', /^sender_not_approved/],
    [credentials, '79990000402', null, 'provider_error', /^no_money/],
  ])('maps a refusal (%j, %s, sign %s) to %s', async (creds, to, senderName, failure, detail) => {
    const result = await provider().send(creds, { idempotencyKey: 'k', to, text: 'hi', senderName });
    expect(result).toMatchObject({ ok: false, failure });
    expect(!result.ok && result.detail).toMatch(detail);
  });

  it('refuses to send without the e-mail, without calling SMS Aero', async () => {
    const result = await provider().send(
      { apiKey: API_KEY },
      { idempotencyKey: 'k', to: '79161234567', text: 'hi', senderName: null },
    );
    expect(result).toMatchObject({ ok: false, failure: 'provider_error' });
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    ['1', 'server'],
    ['2', 'delivered'],
    ['3', 'failed'],
    ['4', 'server'],
    ['5', 'server'],
    ['6', 'failed'],
    ['7', 'server'],
  ])('maps the status of message %s to %s via POST /v2/sms/status', async (id, ack) => {
    expect(await provider().status(credentials, id)).toBe(ack);
    expect(req0().path).toBe('/v2/sms/status');
    expect(req0().json).toEqual({ id: Number(id) });
  });

  it('throws on a refused status call', async () => {
    await expect(provider().status(credentials, '999')).rejects.toBeInstanceOf(SmsProviderError);
    await expect(provider().status({ login: EMAIL, apiKey: 'x' }, '2')).rejects.toMatchObject({
      code: 'bad_credentials',
    });
  });

  it('reads the balance from /v2/balance', async () => {
    expect(await provider().balance!(credentials)).toBe(337.03);
    expect(req0().path).toBe('/v2/balance');
  });
});
