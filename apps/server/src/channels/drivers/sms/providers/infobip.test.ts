import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startFakeProviderServer,
  type FakeProviderServer,
  type FakeReply,
  type RecordedRequest,
} from '../../../../test-support/fake-provider-server.js';
import { sendThroughUnreachableGateway } from '../../../../test-support/sms-unreachable.js';
import { SmsProviderError } from '../sms-provider.js';
import { infobipProvider } from './infobip.js';

// The fake plays the Infobip SMS API as documented: send
// (https://dev-old.infobip.com/send-sms/fully-featured-text-message, POST /sms/2/text/advanced), the
// status objects and their groups (https://www.infobip.com/docs/essentials/api-essentials/response-status-and-error-codes),
// delivery reports (https://www.infobip.com/docs/api/channels/sms/logs-and-status-reports/get-outbound-sms-message-delivery-reports,
// GET /sms/1/reports, each report returned once) and the balance
// (https://dev.infobip.com/settings/account-balance, GET /account/1/balance).

const API_KEY = '003026bbc133714df1834b8638bb496e-8f4b3d9a-e931-478d-a994-28a725159ab9';
const TEXT = 'Привет, салон! Запись на 15:00';

const PENDING = {
  groupId: 1,
  groupName: 'PENDING',
  id: 26,
  name: 'PENDING_ACCEPTED',
  description: 'Message sent to next instance',
};

// Per-number rejections, as group 5 statuses, keyed by a test number.
const REJECTIONS: Record<string, [number, string, string]> = {
  '79990000012': [12, 'REJECTED_NOT_ENOUGH_CREDITS', 'Not enough credits'],
  '79990000014': [14, 'REJECTED_DESTINATION', 'Destination address blocklisted'],
  '79990000008': [8, 'REJECTED_PREFIX_MISSING', 'Number prefix missing'],
  '79990000021': [21, 'REJECTED_SYSTEM_ERROR', 'System error'],
};

// Final reports the fake holds, keyed by messageId; each is handed out once, as Infobip does.
const REPORTS: Record<string, [number, string]> = {
  'm-delivered': [3, 'DELIVERED_TO_HANDSET'],
  'm-undeliverable': [2, 'UNDELIVERABLE_NOT_DELIVERED'],
  'm-expired': [4, 'EXPIRED_EXPIRED'],
  'm-rejected': [5, 'REJECTED_NETWORK'],
};
let handedOut = new Set<string>();

function serviceError(status: number, messageId: string, text: string, validationErrors?: unknown): FakeReply {
  return { status, json: { requestError: { serviceException: { messageId, text, validationErrors } } } };
}

function infobip(req: RecordedRequest): FakeReply {
  if (req.headers.authorization !== `App ${API_KEY}`) return serviceError(401, 'UNAUTHORIZED', 'Invalid login details');
  if (req.method === 'POST' && req.path === '/sms/2/text/advanced') {
    const body = req.json as { messages: { from?: string; destinations: { to: string; messageId?: string }[] }[] };
    const message = body.messages[0]!;
    const { to, messageId } = message.destinations[0]!;
    if (to === '79990000429') {
      return { ...serviceError(429, 'TOO_MANY_REQUESTS', 'Too many requests'), headers: { 'retry-after': '4' } };
    }
    if (to === '79990000503') return { status: 503, text: '<html>Service Unavailable</html>' };
    if (to === '7999') {
      return serviceError(400, 'BAD_REQUEST', 'Bad request', {
        'messages[0].destinations[0].to': ['invalid destination address'],
      });
    }
    if (message.from === 'Unknown') {
      const status = {
        groupId: 5,
        groupName: 'REJECTED',
        id: 11,
        name: 'REJECTED_SOURCE',
        description: 'Sender not registered',
      };
      return { json: { bulkId: 'b-1', messages: [{ to, status, messageId }] } };
    }
    const rejection = REJECTIONS[to];
    const status = rejection
      ? { groupId: 5, groupName: 'REJECTED', id: rejection[0], name: rejection[1], description: rejection[2] }
      : messageId === 'outbox:7:sms'
        ? { groupId: 5, groupName: 'REJECTED', id: 23, name: 'REJECTED_DUPLICATE_MESSAGE_ID', description: 'Duplicate' }
        : PENDING;
    return { json: { bulkId: 'b-1', messages: [{ to, status, messageId: messageId ?? '4444650745', smsCount: 1 }] } };
  }
  if (req.method === 'GET' && req.path === '/sms/1/reports') {
    const id = req.query.get('messageId') ?? '';
    const report = REPORTS[id];
    if (!report || handedOut.has(id)) return { json: { results: [] } };
    handedOut.add(id);
    return {
      json: {
        results: [
          {
            bulkId: 'b-1',
            messageId: id,
            to: '79161234567',
            sentAt: '2026-11-26T18:00:00.000+0000',
            doneAt: '2026-11-26T18:00:05.000+0000',
            smsCount: 1,
            price: { pricePerMessage: 0.01, currency: 'EUR' },
            status: { groupId: report[0], groupName: 'X', id: 5, name: report[1], description: '' },
            error: { groupId: 0, groupName: 'OK', id: 0, name: 'NO_ERROR', description: 'No Error', permanent: false },
          },
        ],
      },
    };
  }
  if (req.method === 'GET' && req.path === '/account/1/balance')
    return { json: { balance: 47.79134, currency: 'EUR' } };
  return serviceError(404, 'NOT_FOUND', 'Not found');
}

describe('Infobip adapter against a fake Infobip SMS API', () => {
  let server: FakeProviderServer;
  const credentials = { apiKey: API_KEY };

  beforeAll(async () => {
    server = await startFakeProviderServer(infobip);
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
    handedOut = new Set();
  });

  const provider = () => infobipProvider({ baseUrl: server.baseUrl });
  const send = (to: string, senderName: string | null = 'Salon', creds = credentials) =>
    provider().send(creds, { idempotencyKey: 'outbox:42:sms', to, text: 'hi', senderName });

  it('POSTs /sms/2/text/advanced as JSON with App auth, the sender and the key as messageId', async () => {
    const result = await provider().send(credentials, {
      idempotencyKey: 'outbox:42:sms',
      to: '79161234567',
      text: TEXT,
      senderName: 'Salon',
    });
    expect(result).toEqual({ ok: true, providerMessageId: 'outbox:42:sms' });

    expect(server.requests).toHaveLength(1);
    const req = server.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/sms/2/text/advanced');
    expect(req.headers.authorization).toBe(`App ${API_KEY}`);
    expect(req.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(req.json).toEqual({
      messages: [{ from: 'Salon', destinations: [{ to: '79161234567', messageId: 'outbox:42:sms' }], text: TEXT }],
    });
    expect(req.rawBody).toContain(TEXT);
  });

  it('leaves from out when there is no sender name, so the account default is used', async () => {
    await send('79161234567', null);
    expect((server.requests[0]!.json as { messages: Record<string, unknown>[] }).messages[0]).not.toHaveProperty(
      'from',
    );
  });

  it('reads REJECTED_DUPLICATE_MESSAGE_ID as the earlier send of the same key', async () => {
    const result = await provider().send(credentials, {
      idempotencyKey: 'outbox:7:sms',
      to: '79161234567',
      text: 'hi',
      senderName: 'Salon',
    });
    expect(result).toEqual({ ok: true, providerMessageId: 'outbox:7:sms' });
  });

  it.each([
    ['79990000012', 'Salon', 'provider_error', /^no_money \(Infobip REJECTED_NOT_ENOUGH_CREDITS/],
    ['79990000014', 'Salon', 'invalid_recipient', /^Infobip REJECTED_DESTINATION/],
    ['79990000008', 'Salon', 'invalid_recipient', /^Infobip REJECTED_PREFIX_MISSING/],
    ['79990000021', 'Salon', 'provider_error', /^Infobip REJECTED_SYSTEM_ERROR/],
    ['79161234567', 'Unknown', 'provider_error', /^sender_not_approved \(Infobip REJECTED_SOURCE/],
    ['7999', 'Salon', 'invalid_recipient', /invalid destination address/],
  ])('maps the rejection for %s (sender %s) to %s', async (to, senderName, failure, detail) => {
    const result = await send(to, senderName);
    expect(result).toMatchObject({ ok: false, failure });
    expect(!result.ok && result.detail).toMatch(detail);
  });

  it('maps 401 UNAUTHORIZED to bad_credentials', async () => {
    const result = await send('79161234567', 'Salon', { apiKey: 'wrong' });
    expect(result).toMatchObject({ ok: false, failure: 'provider_error' });
    expect(!result.ok && result.detail).toMatch(
      /^bad_credentials \(Infobip \(http 401\): UNAUTHORIZED – Invalid login details\)$/,
    );
  });

  it('maps HTTP 429 with Retry-After and a 5xx page', async () => {
    expect(await send('79990000429')).toEqual({
      ok: false,
      failure: 'rate_limited',
      detail: 'http 429',
      retryAfterMs: 4000,
    });
    expect(await send('79990000503')).toMatchObject({ ok: false, failure: 'provider_error', detail: 'http 503' });
  });

  it('refuses to send without an API key, without calling Infobip', async () => {
    const result = await send('79161234567', 'Salon', { apiKey: ' ' });
    expect(result).toMatchObject({ ok: false, failure: 'provider_error' });
    expect(server.requests).toHaveLength(0);
  });

  it('reports an unreachable API as provider_error, without throwing', async () => {
    const result = await sendThroughUnreachableGateway(infobipProvider, credentials, '79161234567', 'Salon');
    expect(result).toMatchObject({ ok: false, failure: 'provider_error' });
    expect(!result.ok && result.detail).toMatch(/^network/);
  });

  it.each([
    ['m-delivered', 'delivered'],
    ['m-undeliverable', 'failed'],
    ['m-expired', 'failed'],
    ['m-rejected', 'failed'],
    ['m-unknown', 'pending'],
  ])('reads the report of %s as %s via GET /sms/1/reports', async (id, ack) => {
    expect(await provider().status(credentials, id)).toBe(ack);
    const req = server.requests[0]!;
    expect(req.method).toBe('GET');
    expect(req.path).toBe('/sms/1/reports');
    expect(Object.fromEntries(req.query)).toEqual({ messageId: id });
    expect(req.headers.authorization).toBe(`App ${API_KEY}`);
  });

  it('answers pending once the report was handed out', async () => {
    expect(await provider().status(credentials, 'm-delivered')).toBe('delivered');
    expect(await provider().status(credentials, 'm-delivered')).toBe('pending');
  });

  it('throws on a refused reports call, so the poll asks again later', async () => {
    await expect(provider().status({ apiKey: 'wrong' }, 'm-delivered')).rejects.toBeInstanceOf(SmsProviderError);
    await expect(provider().status({ apiKey: 'wrong' }, 'm-delivered')).rejects.toMatchObject({
      code: 'bad_credentials',
    });
  });

  it('reads the balance from GET /account/1/balance', async () => {
    expect(await provider().balance!(credentials)).toBe(47.79134);
    expect(server.requests[0]!.path).toBe('/account/1/balance');
    await expect(provider().balance!({ apiKey: 'wrong' })).rejects.toThrow(/Invalid login details/);
  });
});
