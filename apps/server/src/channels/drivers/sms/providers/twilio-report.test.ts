import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProviderServer, type FakeProviderServer } from '../../../../test-support/fake-provider-server.js';
import { twilioProvider } from './twilio.js';

// Status callbacks as https://www.twilio.com/docs/messaging/guides/outbound-message-status-in-status-callbacks
// shows them: a form POST with MessageSid and MessageStatus (and the older SmsSid, SmsStatus).
const SID = 'AC0123456789abcdef0123456789abcdef';
const CALLBACK = {
  AccountSid: SID,
  ApiVersion: '2010-04-01',
  From: '+15557122661',
  MessageSid: 'SM1f0e8ae6ade43cb3c0ce4525424e404f',
  MessageStatus: 'delivered',
  SmsSid: 'SM1f0e8ae6ade43cb3c0ce4525424e404f',
  SmsStatus: 'delivered',
  To: '+15558675310',
};

describe('Twilio status callbacks', () => {
  const provider = twilioProvider();
  const parse = (body: unknown) =>
    provider.parseReport!({ query: {}, body, contentType: 'application/x-www-form-urlencoded' });

  it('reads the message and its status, as the poll maps it', () => {
    expect(parse(CALLBACK)).toEqual([{ providerMessageId: CALLBACK.MessageSid, status: 'delivered' }]);
    const status = (s: string) => parse({ ...CALLBACK, MessageStatus: s })[0]?.status;
    expect(['sent', 'undelivered', 'failed', 'read'].map(status)).toEqual(['server', 'failed', 'failed', 'read']);
    expect(status('receiving')).toBe('pending');
  });

  it('finds no report without a sid or a status', () => {
    expect(parse({ MessageStatus: 'delivered' })).toEqual([]);
    expect(parse({ MessageSid: 'SM1' })).toEqual([]);
    expect(parse(undefined)).toEqual([]);
  });
});

describe('Twilio send with a report URL', () => {
  let server: FakeProviderServer;
  beforeAll(async () => {
    server = await startFakeProviderServer((req) => ({
      status: 201,
      json: { sid: 'SM00000000000000000000000000000001', status: 'queued', to: req.form.get('To'), account_sid: SID },
    }));
  });
  afterAll(() => server.close());

  it('creates the message with StatusCallback, and without it when there is no URL', async () => {
    const provider = twilioProvider({ baseUrl: server.baseUrl });
    const credentials = { login: SID, password: 'f0e1d2c3b4a5968778695a4b3c2d1e0f' };
    const input = { idempotencyKey: 'row-1', to: '15558675310', text: 'hi', senderName: '+15557122661' };
    const url = 'https://salon.example/api/channels/sms_report/c/s';
    expect(await provider.send(credentials, { ...input, reportUrl: url })).toMatchObject({ ok: true });
    await provider.send(credentials, { ...input, reportUrl: null });
    expect(server.requests.map((r) => r.form.get('StatusCallback'))).toEqual([url, null]);
  });
});
