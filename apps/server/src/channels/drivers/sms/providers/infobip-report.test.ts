import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProviderServer, type FakeProviderServer } from '../../../../test-support/fake-provider-server.js';
import { infobipProvider } from './infobip.js';

// The report Infobip posts to notifyUrl, as its "Receive outbound SMS message report" webhook documents it
// (https://www.infobip.com/docs/api/channels/sms/sms-messaging/logs-and-status-reports/receive-outbound-sms-message-report).
const REPORT = {
  results: [
    {
      bulkId: 'BULK-ID-123-xyz',
      messageId: 'MESSAGE-ID-123-xyz',
      to: '41793026727',
      sentAt: '2019-11-09T16:00:00.000+0000',
      doneAt: '2019-11-09T16:00:00.000+0000',
      smsCount: 1,
      price: { pricePerMessage: 0.01, currency: 'EUR' },
      status: { groupId: 3, groupName: 'DELIVERED', id: 5, name: 'DELIVERED_TO_HANDSET', description: 'Delivered' },
      error: { groupId: 0, groupName: 'OK', id: 0, name: 'NO_ERROR', description: 'No Error', permanent: false },
    },
    {
      messageId: 'MESSAGE-ID-124-xyz',
      to: '41793026728',
      status: { groupId: 2, groupName: 'UNDELIVERABLE', id: 9, name: 'UNDELIVERABLE_NOT_DELIVERED' },
    },
  ],
};

describe('Infobip delivery reports', () => {
  const provider = infobipProvider();
  const parse = (body: unknown) => provider.parseReport!({ query: {}, body, contentType: 'application/json' });

  it('reads every report of the batch by status group', () => {
    expect(parse(REPORT)).toEqual([
      { providerMessageId: 'MESSAGE-ID-123-xyz', status: 'delivered' },
      { providerMessageId: 'MESSAGE-ID-124-xyz', status: 'failed' },
    ]);
  });

  it('finds no report in another body', () => {
    expect(parse({ results: 'none' })).toEqual([]);
    expect(parse({ messageId: 'x' })).toEqual([]);
    expect(parse(undefined)).toEqual([]);
  });
});

describe('Infobip send with a report URL', () => {
  let server: FakeProviderServer;
  beforeAll(async () => {
    server = await startFakeProviderServer(() => ({
      json: {
        messages: [{ messageId: 'row-1', status: { groupId: 1, groupName: 'PENDING', name: 'PENDING_ENROUTE' } }],
      },
    }));
  });
  afterAll(() => server.close());

  it('asks for JSON reports at notifyUrl, and for none without a URL', async () => {
    const provider = infobipProvider({ baseUrl: server.baseUrl });
    const input = { idempotencyKey: 'row-1', to: '41793026727', text: 'hi', senderName: null };
    const url = 'https://salon.example/api/channels/sms_report/c/s';
    await provider.send({ apiKey: 'key' }, { ...input, reportUrl: url });
    await provider.send({ apiKey: 'key' }, { ...input, reportUrl: null });
    const message = (i: number) => (server.requests[i]!.json as { messages: Record<string, unknown>[] }).messages[0];
    expect(message(0)).toMatchObject({ notifyUrl: url, notifyContentType: 'application/json' });
    expect(message(1)).not.toHaveProperty('notifyUrl');
  });
});
