import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProviderServer, type FakeProviderServer } from '../../../../test-support/fake-provider-server.js';
import { vonageProvider } from './vonage.js';

// Delivery receipts as https://developer.vonage.com/en/messaging/sms/guides/delivery-receipts shows
// them ("a typical DLR"); Vonage sends them as JSON, a form or a GET query, as the Dashboard says.
const DLR = {
  'err-code': '0',
  'message-timestamp': '2018-10-25 12:10:29',
  messageId: '0B00000127FDBC63',
  msisdn: '447700900000',
  'network-code': '23410',
  price: '0.03330000',
  scts: '1810251310',
  status: 'delivered',
  to: 'Vonage',
};

describe('Vonage delivery receipts', () => {
  const provider = vonageProvider();
  const parse = (body: unknown, query: Record<string, string> = {}) =>
    provider.parseReport!({ query, body, contentType: 'application/json' });

  it('reads a receipt posted as JSON, as a form, or sent as a GET query', () => {
    expect(parse(DLR)).toEqual([{ providerMessageId: '0B00000127FDBC63', status: 'delivered' }]);
    expect(parse(undefined, { ...DLR, status: 'rejected' })).toEqual([
      { providerMessageId: '0B00000127FDBC63', status: 'failed' },
    ]);
  });

  it('maps the intermediate and final statuses, leaving unknown pending', () => {
    const status = (s: string) => parse({ ...DLR, status: s })[0]?.status;
    expect(['accepted', 'buffered'].map(status)).toEqual(['server', 'server']);
    expect(['expired', 'failed', 'rejected'].map(status)).toEqual(['failed', 'failed', 'failed']);
    expect(status('unknown')).toBe('pending');
  });

  it('finds no report in a body without a message id or status', () => {
    expect(parse({ status: 'delivered' })).toEqual([]);
    expect(parse({ messageId: 'x' })).toEqual([]);
    expect(parse('delivered')).toEqual([]);
  });
});

describe('Vonage send with a report URL', () => {
  let server: FakeProviderServer;
  beforeAll(async () => {
    server = await startFakeProviderServer(() => ({
      json: { 'message-count': '1', messages: [{ status: '0', 'message-id': '0C000000217B7F02' }] },
    }));
  });
  afterAll(() => server.close());

  it('asks for this message’s receipt at the URL (callback), and asks for none without one', async () => {
    const provider = vonageProvider({ baseUrl: server.baseUrl });
    const credentials = { apiKey: 'k', password: 's' };
    const input = { idempotencyKey: 'row-1', to: '447700900000', text: 'hi', senderName: 'Salon' };
    await provider.send(credentials, { ...input, reportUrl: 'https://salon.example/api/channels/sms_report/c/s' });
    await provider.send(credentials, { ...input, reportUrl: null });
    expect(server.requests.map((r) => r.form.get('callback'))).toEqual([
      'https://salon.example/api/channels/sms_report/c/s',
      null,
    ]);
  });
});
