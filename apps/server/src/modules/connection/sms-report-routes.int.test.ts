import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxRepository } from '../../channels/dispatch/outbox-repository.js';
import { smsReportSecret } from '../../channels/sms-reports/report-url.js';
import { queryRows } from '../../platform/db/client.js';
import { DEMO_BRANCHES, DEMO_USERS } from '../../seed/demo.js';
import { DB_KINDS } from '../../test-support/databases.js';
import { startFakeProviderServer, type FakeProviderServer } from '../../test-support/fake-provider-server.js';
import { startTestApp, type TestApp } from '../../test-support/harness.js';

const ENCRYPTION_KEY = 'c3'.repeat(32);
const key = Buffer.from(ENCRYPTION_KEY, 'hex');
const PUBLIC_URL = 'https://salon.example';

// A branch on Vonage (CHANNEL_SMS_DRIVER=gateways, a fake Vonage SMS API): the send asks Vonage for the
// receipt at this instance's report URL, and the receipt posted there raises the outbox row.
describe.each(DB_KINDS)('SMS delivery reports called back by the provider (%s)', (kind) => {
  let app: TestApp;
  let fake: FakeProviderServer;
  let instanceId: string;
  const branch = DEMO_BRANCHES.moscow;
  let sends = 0;

  beforeAll(async () => {
    // Plays the Vonage SMS API's send (POST /sms/json, https://developer.vonage.com/en/api/sms).
    fake = await startFakeProviderServer((req) =>
      req.path === '/sms/json'
        ? { json: { 'message-count': '1', messages: [{ status: '0', 'message-id': `0B0000012${(sends += 1)}` }] } }
        : { status: 404, text: 'Not Found' },
    );
    app = await startTestApp(
      kind,
      {
        ENCRYPTION_KEY,
        PUBLIC_URL,
        CHANNEL_SMS_DRIVER: 'gateways',
        DISPATCH_PACING: 'off',
        SMS_GATEWAY_URLS: `vonage=${fake.baseUrl}`,
      },
      'all',
    );
    const owner = (await app.login(DEMO_USERS.owner, '10.51.0.1')).token;
    const saved = await app.request({
      method: 'POST',
      url: `/api/settings/sms?acc_id=${branch}`,
      token: owner,
      body: {
        sms_provider: 18,
        sms_apikey: 'a1b2c3d4',
        sms_pass: 'Zx9Yw8Vu7Ts6Rq5P',
        sms_sendername: 'Salon',
        sms_confirm: false,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    instanceId = (await app.runtime.channels.repo.instanceOf(branch, 'sms'))!.id;
  });
  afterAll(async () => {
    await fake?.close();
    await app?.close();
  });

  const sendOne = async () => {
    const { id } = await app.runtime.channels.outbox.enqueue({
      accId: branch,
      idempotencyKey: `sms-report-test:${Math.random()}`,
      source: 'template',
      sourceId: null,
      recipient: '79005550003',
      clientName: 'Ирина',
      body: 'Напоминаем о записи',
      media: null,
      channels: ['sms'],
      notBefore: app.clock.now(),
    });
    expect(await app.runtime.channels.dispatcher.dispatch(id)).toBe('sent');
    const row = (await new OutboxRepository(app.runtime.database.db).get(id))!;
    return { id, providerMessageId: row.providerMessageId! };
  };
  const status = async (id: number) => (await new OutboxRepository(app.runtime.database.db).get(id))!.status;
  const report = (options: { secret?: string; instance?: string; form?: string; json?: string; query?: string }) =>
    app.runtime.http!.inject({
      method: options.query !== undefined ? 'GET' : 'POST',
      url: `/api/channels/sms_report/${options.instance ?? instanceId}/${options.secret ?? smsReportSecret(key, options.instance ?? instanceId)}${options.query !== undefined ? `?${options.query}` : ''}`,
      ...(options.form !== undefined
        ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: options.form }
        : {}),
      ...(options.json !== undefined ? { headers: { 'content-type': 'application/json' }, payload: options.json } : {}),
    });
  const storedAck = async (providerMessageId: string) =>
    (
      await queryRows<{ ack: string }>(
        app.runtime.database.db,
        sql`select ack from channel_acks where instance_id = ${instanceId} and provider_message_id = ${providerMessageId}`,
      )
    )[0]?.ack;

  it('asks the provider for the receipt at the instance’s report URL, with its secret', async () => {
    await sendOne();
    const callback = fake.requests.at(-1)!.form.get('callback');
    expect(callback).toBe(`${PUBLIC_URL}/api/channels/sms_report/${instanceId}/${smsReportSecret(key, instanceId)}`);
  });

  it('raises the row to delivered on a receipt posted as a form with the right secret', async () => {
    const { id, providerMessageId } = await sendOne();
    expect(await status(id)).toBe('sent');
    const res = await report({ form: `messageId=${providerMessageId}&status=delivered&err-code=0&msisdn=79005550003` });
    expect(res.statusCode, res.body).toBe(200);
    expect(await status(id)).toBe('delivered');
  });

  it('takes a receipt as JSON or a GET query too, and keeps one for a message not recorded yet', async () => {
    const { id, providerMessageId } = await sendOne();
    expect(
      (await report({ json: JSON.stringify({ messageId: providerMessageId, status: 'failed' }) })).statusCode,
    ).toBe(200);
    expect(await status(id)).toBe('failed');
    expect((await report({ query: 'messageId=0B00000999&status=delivered' })).statusCode).toBe(200);
    expect(await storedAck('0B00000999')).toBe('delivered');
  });

  it('refuses a wrong secret with 401 and changes nothing', async () => {
    const { id, providerMessageId } = await sendOne();
    const form = `messageId=${providerMessageId}&status=delivered`;
    expect((await report({ form, secret: smsReportSecret(key, 'another-instance') })).statusCode).toBe(401);
    expect((await report({ form, secret: 'x' })).statusCode).toBe(401);
    expect(await status(id)).toBe('sent');
    // Only the send's own record of the key (OutboxRepository.markSentParts), no report.
    expect(await storedAck(providerMessageId)).toBe('sent');
  });

  it('answers 404 for an instance that is not an SMS one, with that instance’s own secret', async () => {
    expect((await report({ instance: 'no-such-instance', form: 'messageId=1&status=delivered' })).statusCode).toBe(404);
  });

  it('refuses a malformed body or one that is not a report with 400', async () => {
    const { id } = await sendOne();
    expect((await report({ json: '{"messageId": ' })).statusCode).toBe(400);
    expect((await report({ json: JSON.stringify({ hello: 'world' }) })).statusCode).toBe(400);
    expect((await report({ form: 'status=delivered' })).statusCode).toBe(400);
    expect(await status(id)).toBe('sent');
  });
});
