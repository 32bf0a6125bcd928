import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsBalanceResponse } from '@salon/contract/settings';
import { DEMO_BRANCHES, DEMO_USERS } from '../../seed/demo.js';
import { DB_KINDS } from '../../test-support/databases.js';
import {
  startFakeProviderServer,
  type FakeProviderServer,
  type FakeReply,
} from '../../test-support/fake-provider-server.js';
import { startTestApp, type TestApp } from '../../test-support/harness.js';

const ENCRYPTION_KEY = 'c4'.repeat(32);
const SMS_RU_KEY = 'A3CA597E-3ACF-4E7D-82EE-CF82B52B1A8B';
const CHECKED_AT = '2026-03-10T09:00:00.000Z';

function helpers(app: () => TestApp, token: () => string, accId: number) {
  return {
    save: async (body: unknown) => {
      const res = await app().request({
        method: 'POST',
        url: `/api/settings/sms?acc_id=${accId}`,
        token: token(),
        body,
      });
      expect(res.statusCode, res.body).toBe(200);
    },
    balance: async () => {
      const res = await app().request({
        method: 'GET',
        url: `/api/settings/sms_balance?acc_id=${accId}`,
        token: token(),
      });
      expect(res.statusCode, res.body).toBe(200);
      return smsBalanceResponse.parse(res.json()).data;
    },
  };
}

// Issue 19: the /sms page tells the balance when the saved provider reports it (gateways mode).
describe.each(DB_KINDS)('GET /settings/sms_balance through the gateways (%s)', (kind) => {
  let app: TestApp;
  let fake: FakeProviderServer;
  let owner: string;
  // Plays sms.ru's /my/balance (json=1); each test sets the answer.
  let balanceReply: FakeReply = { status: 500, text: 'not set' };
  const branch = DEMO_BRANCHES.yekaterinburg;
  const h = helpers(
    () => app,
    () => owner,
    branch,
  );

  beforeAll(async () => {
    fake = await startFakeProviderServer((req) =>
      req.path === '/my/balance' ? balanceReply : { json: { status: 'ERROR', status_code: 211 } },
    );
    app = await startTestApp(kind, {
      ENCRYPTION_KEY,
      CHANNEL_SMS_DRIVER: 'gateways',
      SMS_GATEWAY_URLS: `smsru=${fake.baseUrl}`,
    });
    owner = (await app.login(DEMO_USERS.owner, '10.50.2.1')).token;
  });
  afterAll(async () => {
    await fake?.close();
    await app?.close();
  });

  it('answers off while no provider is saved, without asking anyone', async () => {
    expect(await h.balance()).toEqual({
      provider: null,
      balance: null,
      currency: null,
      status: 'off',
      checked_at: CHECKED_AT,
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('asks sms.ru with the saved key and answers its balance in roubles', async () => {
    await h.save({ sms_provider: 2, sms_apikey: SMS_RU_KEY, sms_sendername: '', sms_confirm: false });
    balanceReply = { json: { status: 'OK', status_code: 100, balance: 1234.5 } };
    expect(await h.balance()).toEqual({
      provider: 'smsru',
      balance: 1234.5,
      currency: 'RUB',
      status: 'ok',
      checked_at: CHECKED_AT,
    });
    const asked = fake.requests.filter((r) => r.path === '/my/balance');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.query.get('api_id')).toBe(SMS_RU_KEY);
  });

  it('asks again on every request: nothing is cached', async () => {
    balanceReply = { json: { status: 'OK', status_code: 100, balance: 0 } };
    expect(await h.balance()).toMatchObject({ status: 'ok', balance: 0 });
    expect(fake.requests.filter((r) => r.path === '/my/balance')).toHaveLength(2);
  });

  it('answers unavailable when the provider fails (http 500)', async () => {
    balanceReply = { status: 500, text: 'Internal Server Error' };
    expect(await h.balance()).toEqual({
      provider: 'smsru',
      balance: null,
      currency: null,
      status: 'unavailable',
      checked_at: CHECKED_AT,
    });
  });

  it('answers unavailable when the provider refuses the key', async () => {
    balanceReply = { json: { status: 'ERROR', status_code: 200, status_text: 'Неправильный api_id' } };
    expect(await h.balance()).toMatchObject({ provider: 'smsru', status: 'unavailable', balance: null });
  });

  it('answers not_supported for a saved gateway without an adapter', async () => {
    // RuMessage: no public API to build an adapter from (SPEC 5: the password as its MD5 digest).
    await h.save({
      sms_provider: 6,
      sms_login: 'barhat',
      sms_pass: '5ebe2294ecd0e0f08eab7690d2a6ee69',
      sms_confirm: false,
    });
    expect(await h.balance()).toEqual({
      provider: 'rumessage',
      balance: null,
      currency: null,
      status: 'not_supported',
      checked_at: CHECKED_AT,
    });
  });

  it('answers off again once /sms is turned off', async () => {
    await h.save({ sms_provider: null, sms_confirm: false });
    expect(await h.balance()).toMatchObject({ provider: null, status: 'off' });
  });
});

describe.each(DB_KINDS)('GET /settings/sms_balance on the sandbox SMS network (%s)', (kind) => {
  let app: TestApp;
  let owner: string;
  const branch = DEMO_BRANCHES.yekaterinburg;
  const h = helpers(
    () => app,
    () => owner,
    branch,
  );

  beforeAll(async () => {
    app = await startTestApp(kind, { ENCRYPTION_KEY });
    owner = (await app.login(DEMO_USERS.owner, '10.50.2.2')).token;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers sandbox for a saved provider: the sandbox network has no account', async () => {
    await h.save({ sms_provider: 2, sms_apikey: SMS_RU_KEY, sms_sendername: '', sms_confirm: false });
    expect(await h.balance()).toEqual({
      provider: 'smsru',
      balance: null,
      currency: null,
      status: 'sandbox',
      checked_at: CHECKED_AT,
    });
  });

  it('answers off with no provider saved', async () => {
    await h.save({ sms_provider: null, sms_confirm: false });
    expect(await h.balance()).toMatchObject({ provider: null, status: 'off' });
  });
});
