import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxRepository } from '../../channels/dispatch/outbox-repository.js';
import { open } from '../../platform/crypto.js';
import { queryRows } from '../../platform/db/client.js';
import { DEMO_BRANCHES, DEMO_USERS } from '../../seed/demo.js';
import { DB_KINDS } from '../../test-support/databases.js';
import { startFakeProviderServer, type FakeProviderServer } from '../../test-support/fake-provider-server.js';
import { startTestApp, type TestApp } from '../../test-support/harness.js';
import { until } from '../../test-support/until.js';

const ENCRYPTION_KEY = 'b2'.repeat(32);
const SMS_RU_KEY = 'A3CA597E-3ACF-4E7D-82EE-CF82B52B1A8B';
const key = Buffer.from(ENCRYPTION_KEY, 'hex');

// Shared by both runtimes below: requests as the demo owner, the outbox, the SMS instance.
function helpers(app: () => TestApp, token: () => string) {
  const db = () => app().runtime.database.db;
  return {
    save: async (form: string, body: unknown, accId: number) => {
      const res = await app().request({
        method: 'POST',
        url: `/api/settings/${form}?acc_id=${accId}`,
        token: token(),
        body,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Record<string, unknown>>();
    },
    enqueue: async (accId: number, recipient: string, channels: string[] | null = null) =>
      (
        await app().runtime.channels.outbox.enqueue({
          accId,
          idempotencyKey: `settings-test:${Math.random()}`,
          source: 'template',
          sourceId: null,
          recipient,
          clientName: 'Ирина',
          body: 'Напоминаем о записи',
          media: null,
          channels,
          notBefore: app().clock.now(),
        })
      ).id,
    outbox: async (id: number) => {
      const row = (await new OutboxRepository(db()).get(id))!;
      return {
        status: row.status,
        status_reason: row.statusReason,
        channel_kind: row.channelKind,
        not_before: row.notBefore,
      };
    },
    smsInstance: async (accId: number) =>
      (
        await queryRows<{
          id: string;
          provider: string;
          status: string;
          status_reason: string | null;
          credentials: string | null;
        }>(
          db(),
          sql`select id, provider, status, status_reason, credentials from channel_instances where acc_id = ${accId} and kind = 'sms'`,
        )
      )[0],
  };
}

// SPEC 7 Settings: what the forms save is what the dispatcher obeys at the next message.
describe.each(DB_KINDS)('settings take effect in the dispatcher, sandbox SMS (%s)', (kind) => {
  let app: TestApp;
  let owner: string;
  const h = helpers(
    () => app,
    () => owner,
  );
  // Yekaterinburg, UTC+5: the harness clock's 09:00Z is 14:00 there.
  const branch = DEMO_BRANCHES.yekaterinburg;
  const client = '79005550003';
  const sandboxSms = async (phone: string) =>
    (await app.runtime.channels.sandbox.messages(100, phone)).filter((m) => m.kind === 'sms');

  beforeAll(async () => {
    app = await startTestApp(kind, { ENCRYPTION_KEY, SANDBOX_DELIVERY_MS: '0', DISPATCH_PACING: 'off' }, 'all');
    owner = (await app.login(DEMO_USERS.owner, '10.50.0.1')).token;
    // WhatsApp connected on the sandbox, as the connection page would leave it.
    const { repo, sandbox, host } = app.runtime.channels;
    const wa = await repo.ensureInstance(branch, 'whatsapp', 'sandbox', app.clock.now());
    await sandbox.link(wa.id, 'whatsapp', '79160000023');
    await host!.ensure(wa.id);
    await until(async () => (await repo.instance(wa.id))?.status === 'authenticated');
  });
  afterAll(async () => {
    await app.close();
  });

  it('has no SMS before /sms is saved: a message for SMS only fails with no_channel', async () => {
    const id = await h.enqueue(branch, client, ['sms']);
    expect(await app.runtime.channels.dispatcher.dispatch(id)).toBe('failed');
    expect(await h.outbox(id)).toMatchObject({ status: 'failed', status_reason: 'no_channel' });
  });

  it('sends by SMS first once /priority_channel puts SMS first and /sms configures it', async () => {
    const before = await h.enqueue(branch, client);
    expect(await app.runtime.channels.dispatcher.dispatch(before)).toBe('sent');
    expect((await h.outbox(before)).channel_kind).toBe('whatsapp');

    await h.save(
      'sms',
      { sms_provider: 2, sms_apikey: SMS_RU_KEY, sms_sendername: 'Barhat', sms_confirm: false },
      branch,
    );
    const priority = await h.save(
      'priority_channel',
      { '1': 'SMS', '2': 'Whatsapp', '3': 'Telegram', soft_priority: false },
      branch,
    );
    expect(priority.available).toEqual(['SMS', 'Whatsapp']);

    const after = await h.enqueue(branch, client);
    expect(await app.runtime.channels.dispatcher.dispatch(after)).toBe('sent');
    expect(await h.outbox(after)).toMatchObject({ status: 'sent', channel_kind: 'sms' });
    expect((await sandboxSms(client)).map((m) => m.body)).toEqual(['Напоминаем о записи']);
  });

  it('makes SMS unavailable when /sms is turned off', async () => {
    await h.save('sms', { sms_provider: null, sms_confirm: false }, branch);
    expect(await h.smsInstance(branch)).toMatchObject({ status: 'not_authenticated', credentials: null });

    const smsOnly = await h.enqueue(branch, client, ['sms']);
    expect(await app.runtime.channels.dispatcher.dispatch(smsOnly)).toBe('failed');
    expect(await h.outbox(smsOnly)).toMatchObject({ status: 'failed', status_reason: 'no_channel' });
    // The priority still names SMS first; the next channel takes the message.
    const any = await h.enqueue(branch, client);
    expect(await app.runtime.channels.dispatcher.dispatch(any)).toBe('sent');
    expect((await h.outbox(any)).channel_kind).toBe('whatsapp');
    expect(await sandboxSms(client)).toHaveLength(1);
  });

  it('counts the salon’s MAX bot as a channel with priority data once its token is accepted', async () => {
    const available = async () =>
      (
        await app.request({ method: 'GET', url: `/api/settings/priority_channel?acc_id=${branch}`, token: owner })
      ).json<{ available: string[] }>().available;
    expect(await available()).toEqual(['Whatsapp']);
    const refused = await app.request({
      method: 'POST',
      url: `/api/connection/max/token?acc_id=${branch}`,
      token: owner,
      body: { token: 'invalid-max-bot-token-0123456789' },
    });
    expect(refused.json()).toMatchObject({ status: 'error', error: 'invalid_token' });
    expect(await available()).toEqual(['Whatsapp']);

    const accepted = await app.request({
      method: 'POST',
      url: `/api/connection/max/token?acc_id=${branch}`,
      token: owner,
      body: { token: 'salonMaxBotToken_0123456789' },
    });
    expect(accepted.json()).toMatchObject({ status: 'auth_success' });
    // The saved order (SMS, WhatsApp, Telegram) completed with the bots after Telegram.
    expect(await available()).toEqual(['Whatsapp', 'MAX']);
  });

  it('holds a message outside the /system_messages window until it opens, in the branch’s time', async () => {
    await h.save('sms', { sms_provider: 2, sms_apikey: SMS_RU_KEY, sms_confirm: false }, branch);
    await h.save(
      'system_messages',
      { message_sending_schedule: ['18:00', '21:00'], exception_masters_names: [] },
      branch,
    );
    const id = await h.enqueue(branch, '79005550007', ['sms']);
    expect(await app.runtime.channels.dispatcher.dispatch(id)).toBe('deferred');
    // 18:00 in Yekaterinburg.
    expect(await h.outbox(id)).toMatchObject({
      status: 'pending',
      status_reason: 'quiet_hours',
      not_before: new Date('2026-03-10T13:00:00Z'),
    });
    expect(await app.runtime.channels.dispatcher.dispatch(id)).toBe('skipped');

    // A window over midnight: at 14:00 the next opening is 22:00 local.
    await h.save(
      'system_messages',
      { message_sending_schedule: ['22:00', '08:00'], exception_masters_names: [] },
      branch,
    );
    const overnight = await h.enqueue(branch, '79005550008', ['sms']);
    expect(await app.runtime.channels.dispatcher.dispatch(overnight)).toBe('deferred');
    expect((await h.outbox(overnight)).not_before).toEqual(new Date('2026-03-10T17:00:00Z'));

    // Another branch is not held by this branch's window.
    const moscow = await h.enqueue(DEMO_BRANCHES.moscow, '79005550009', ['sms']);
    expect((await app.runtime.channels.dispatcher.dispatch(moscow)) === 'deferred').toBe(false);

    app.clock.set('2026-03-10T13:00:00Z');
    expect(await app.runtime.channels.dispatcher.dispatch(id)).toBe('deferred');
    app.clock.set('2026-03-10T17:00:00Z');
    expect(await app.runtime.channels.dispatcher.dispatch(overnight)).toBe('sent');
    expect(await h.outbox(overnight)).toMatchObject({ status: 'sent', channel_kind: 'sms' });
  });
});

// CHANNEL_SMS_DRIVER=gateways: /sms names the gateway driver and hands it the credentials.
describe.each(DB_KINDS)('settings take effect in the dispatcher, SMS gateways (%s)', (kind) => {
  let app: TestApp;
  let owner: string;
  let fake: FakeProviderServer;
  const h = helpers(
    () => app,
    () => owner,
  );
  const branch = DEMO_BRANCHES.moscow;

  beforeAll(async () => {
    // Plays sms.ru's json=1 send answer; the runtime's SMS.RU driver is pointed at it.
    fake = await startFakeProviderServer((req) =>
      req.path === '/sms/send'
        ? {
            json: {
              status: 'OK',
              status_code: 100,
              sms: { [req.query.get('to') ?? '']: { status: 'OK', status_code: 100, sms_id: '000000-10000001' } },
            },
          }
        : { json: { status: 'ERROR', status_code: 211 } },
    );
    app = await startTestApp(
      kind,
      {
        ENCRYPTION_KEY,
        CHANNEL_SMS_DRIVER: 'gateways',
        DISPATCH_PACING: 'off',
        SMS_GATEWAY_URLS: `smsru=${fake.baseUrl}`,
      },
      'all',
    );
    owner = (await app.login(DEMO_USERS.owner, '10.50.1.1')).token;
  });
  afterAll(async () => {
    await fake?.close();
    await app?.close();
  });

  it('points the branch’s SMS at the SMS.RU driver with the saved key, sealed', async () => {
    await h.save('sms', { sms_provider: 2, sms_apikey: SMS_RU_KEY, sms_sendername: '', sms_confirm: true }, branch);
    const instance = (await h.smsInstance(branch))!;
    expect(instance).toMatchObject({ provider: 'sms:smsru', status: 'authenticated' });
    expect(instance.credentials).not.toContain(SMS_RU_KEY);
    expect(JSON.parse(open(key, instance.credentials!))).toEqual({
      apiKey: SMS_RU_KEY,
      login: '',
      password: '',
      senderName: '',
    });

    // The runtime's gateway driver opens a session on what was stored, without a network call.
    const { host, repo } = app.runtime.channels;
    expect(await host!.ensure(instance.id)).toBeDefined();
    await host!.settle();
    expect(await repo.instance(instance.id)).toMatchObject({ status: 'authenticated', statusReason: null });
  });

  it('sends through the SMS.RU gateway with the saved key (fake sms.ru)', async () => {
    const id = await h.enqueue(branch, '79005550003', ['sms']);
    expect(await app.runtime.channels.dispatcher.dispatch(id)).toBe('sent');
    expect(await h.outbox(id)).toMatchObject({ status: 'sent', channel_kind: 'sms' });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.path).toBe('/sms/send');
    expect(fake.requests[0]!.query.get('api_id')).toBe(SMS_RU_KEY);
    expect(fake.requests[0]!.query.get('to')).toBe('79005550003');
    // SPEC 5: without a sender name sms.ru sends under the branch's name.
    expect(fake.requests[0]!.query.get('from')).toBe('Бархат на Тверской');
  });

  it('keeps a gateway without an adapter from being chosen: the message falls to no_channel', async () => {
    const saved = await h.save(
      'sms',
      // RuMessage: no public API to build an adapter from (SPEC 5: the password as its MD5 digest).
      { sms_provider: 6, sms_login: 'barhat', sms_pass: '5ebe2294ecd0e0f08eab7690d2a6ee69', sms_confirm: false },
      branch,
    );
    expect(saved.data).toMatchObject({ sms_provider: 6, sms_login: 'barhat' });
    expect(await h.smsInstance(branch)).toMatchObject({
      provider: 'sms:rumessage',
      status: 'not_authenticated',
      status_reason: 'provider_not_supported',
    });
    const priority = await app.request({
      method: 'GET',
      url: `/api/settings/priority_channel?acc_id=${branch}`,
      token: owner,
    });
    expect(priority.json<{ available: string[] }>().available).toEqual([]);
    const id = await h.enqueue(branch, '79005550003', ['sms']);
    expect(await app.runtime.channels.dispatcher.dispatch(id)).toBe('failed');
    expect(await h.outbox(id)).toMatchObject({ status: 'failed', status_reason: 'no_channel' });
  });
});
