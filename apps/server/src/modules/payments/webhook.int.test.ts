import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GENERAL_SETTINGS } from '@salon/contract/settings';
import { queryRows } from '../../platform/db/client.js';
import { DEMO_BRANCHES, DEMO_USERS } from '../../seed/demo.js';
import { DB_KINDS } from '../../test-support/databases.js';
import { startFakeYookassaServer, type FakeYookassaServer } from '../../test-support/fake-yookassa-server.js';
import { startTestApp, type TestApp } from '../../test-support/harness.js';
import { until } from '../../test-support/until.js';

const { vladivostok, moscow } = DEMO_BRANCHES;
const PROXY = '10.9.0.1';

interface PaymentDbRow {
  id: number;
  status: string;
  provider_payment_id: string | null;
  applied_at: Date | null;
}

async function prepare(app: TestApp) {
  const owner = (await app.login(DEMO_USERS.owner)).token;
  for (const accId of [vladivostok, moscow]) {
    const saved = await app.request({
      method: 'POST',
      url: `/api/settings/general?acc_id=${accId}`,
      token: owner,
      body: { ...DEFAULT_GENERAL_SETTINGS, phone: '79161234567' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  const payments = (accId: number) =>
    queryRows<PaymentDbRow>(
      app.runtime.database.db,
      sql`select id, status, provider_payment_id, applied_at from payments where acc_id = ${accId} order by id`,
    );
  const link = async (accId: number, months = 3, modules = ['TG']) => {
    const res = await app.request({
      method: 'POST',
      url: `/api/get_link?acc_id=${accId}&months=${months}`,
      token: owner,
      body: { modules },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { url: res.json<string>(), row: (await payments(accId)).at(-1)! };
  };
  const notify = (provider: string, body: unknown, remoteAddress: string, forwardedFor?: string) =>
    app.runtime.http!.inject({
      method: 'POST',
      url: `/api/payments/webhook/${provider}`,
      remoteAddress,
      headers: { 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
      payload: JSON.stringify(body),
    });
  return { owner, payments, link, notify };
}

// YooKassa's notifications reach the payments module only from YooKassa's addresses (through the
// trusted proxy only), and then only what the API says about the payment counts.
describe.each(DB_KINDS)('YooKassa webhook (%s)', (kind) => {
  let app: TestApp;
  let yookassa: FakeYookassaServer;
  let h: Awaited<ReturnType<typeof prepare>>;

  beforeAll(async () => {
    yookassa = await startFakeYookassaServer({ requireReceipt: true });
    app = await startTestApp(kind, {
      PAYMENT_PROVIDER: 'yookassa',
      YOOKASSA_SHOP_ID: yookassa.shopId,
      YOOKASSA_SECRET_KEY: yookassa.secretKey,
      YOOKASSA_API_URL: yookassa.baseUrl,
      PUBLIC_URL: 'http://cabinet.test',
      TRUST_PROXY: PROXY,
    });
    h = await prepare(app);
  });
  afterAll(async () => {
    await app?.close();
    await yookassa?.close();
  });

  it('refuses senders outside the ranges, and a forwarded address not from the trusted proxy', async () => {
    const { row } = await h.link(vladivostok);
    yookassa.succeed(row.provider_payment_id!);
    const body = yookassa.notificationFor(row.provider_payment_id!);

    for (const [address, forwarded] of [
      ['10.0.0.7', undefined],
      ['185.71.76.32', undefined],
      ['77.75.154.127', undefined],
      ['2a02:5181::1', undefined],
      // A client's own X-Forwarded-For counts for nothing.
      ['10.0.0.7', '185.71.76.5'],
      // The trusted proxy forwarding a stranger.
      [PROXY, '203.0.113.9'],
    ] as const) {
      const res = await h.notify('yookassa', body, address, forwarded);
      expect(res.statusCode, `${address} ${forwarded ?? ''}`).toBe(403);
    }
    expect((await h.payments(vladivostok)).at(-1)).toMatchObject({ status: 'pending', applied_at: null });
  });

  it('applies a payment the API confirms, once, whatever the replays', async () => {
    const { row } = await h.link(moscow);
    // Forged: says succeeded while YooKassa has it pending.
    const forged = {
      type: 'notification',
      event: 'payment.succeeded',
      object: { id: row.provider_payment_id, status: 'succeeded', paid: true },
    };
    expect((await h.notify('yookassa', forged, '185.71.76.5')).statusCode).toBe(200);
    expect((await h.payments(moscow)).at(-1)).toMatchObject({ status: 'pending', applied_at: null });

    yookassa.succeed(row.provider_payment_id!);
    const body = yookassa.notificationFor(row.provider_payment_id!);
    const res = await h.notify('yookassa', body, PROXY, '77.75.154.200');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    const applied = (await h.payments(moscow)).at(-1)!;
    expect(applied.status).toBe('succeeded');
    expect(applied.applied_at).not.toBeNull();
    const paidTill = (await app.request({ method: 'GET', url: `/api/pay?acc_id=${moscow}`, token: h.owner })).json<{
      pay_date: string;
    }>().pay_date;

    // Replays from YooKassa's IPv6 range and its mapped IPv4 form change nothing.
    expect((await h.notify('yookassa', body, '2a02:5180::15')).statusCode).toBe(200);
    expect((await h.notify('yookassa', body, '::ffff:185.71.77.3')).statusCode).toBe(200);
    const after = (await app.request({ method: 'GET', url: `/api/pay?acc_id=${moscow}`, token: h.owner })).json<{
      pay_date: string;
    }>().pay_date;
    expect(after).toBe(paidTill);
    expect((await h.payments(moscow)).at(-1)!.applied_at).toEqual(applied.applied_at);
  });

  it('answers 200 while the API cannot be read, and applies the payment on the next notification', async () => {
    const { row } = await h.link(vladivostok, 1, ['WA']);
    yookassa.succeed(row.provider_payment_id!);
    const body = yookassa.notificationFor(row.provider_payment_id!);
    // Every attempt of the re-read fails: nothing is applied, and YooKassa is not kept waiting on us.
    for (let i = 0; i < 4; i++) yookassa.fail({ kind: 'error', status: 500 }, { method: 'GET' });
    expect((await h.notify('yookassa', body, '185.71.77.20')).statusCode).toBe(200);
    expect((await h.payments(vladivostok)).at(-1)).toMatchObject({ id: row.id, applied_at: null });

    expect((await h.notify('yookassa', body, '185.71.77.20')).statusCode).toBe(200);
    expect((await h.payments(vladivostok)).at(-1)!.applied_at).not.toBeNull();
  });

  it('answers 200 to YooKassa for a payment it never made or a body that is not a notification', async () => {
    const unknown = {
      type: 'notification',
      event: 'payment.succeeded',
      object: { id: '2f1c0b7e-000f-5000-8000-000000000000' },
    };
    expect((await h.notify('yookassa', unknown, '77.75.156.11')).statusCode).toBe(200);
    expect((await h.notify('yookassa', { hello: 'world' }, '77.75.156.35')).statusCode).toBe(200);
  });

  it('has no sandbox webhook and no sandbox checkout on a YooKassa install', async () => {
    expect((await h.notify('sandbox', {}, '127.0.0.1')).statusCode).toBe(404);
    expect((await h.notify('paypal', {}, '185.71.76.5')).statusCode).toBe(404);
    const page = await app.request({ method: 'GET', url: `/api/payments/sandbox/checkout/sbx_${'0'.repeat(32)}` });
    expect(page.statusCode).toBe(404);
  });
});

// The embedded provider: its checkout page pays or refuses, and its notification comes to our
// webhook from this server itself, as YooKassa's would.
describe.each(DB_KINDS)('sandbox checkout (%s)', (kind) => {
  let app: TestApp;
  let h: Awaited<ReturnType<typeof prepare>>;

  beforeAll(async () => {
    app = await startTestApp(kind, { PUBLIC_URL: 'http://cabinet.test' });
    h = await prepare(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  const path = (url: string) => new URL(url).pathname;
  const form = (url: string, fields: Record<string, string>, lang = 'ru') =>
    app.runtime.http!.inject({
      method: 'POST',
      url: path(url),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': lang },
      payload: new URLSearchParams(fields).toString(),
    });

  it('shows the amount and the two answers, in Russian or English', async () => {
    const { url, row } = await h.link(vladivostok, 3, ['TG', 'WA']);
    expect(url).toBe(`http://cabinet.test/api/payments/sandbox/checkout/${row.provider_payment_id}`);
    const ru = await app.runtime.http!.inject({ method: 'GET', url: path(url), headers: { 'accept-language': 'ru' } });
    expect(ru.statusCode).toBe(200);
    expect(ru.headers['content-type']).toMatch(/text\/html/);
    expect(ru.body).toContain('Оплатить');
    expect(ru.body).toContain('Отказ');
    expect(ru.body).toMatch(/8\s940,00\s₽/);
    // The form may post here and send the payer back to the cabinet, nowhere else.
    expect(ru.headers['content-security-policy']).toContain("form-action 'self' http://cabinet.test;");
    const en = await app.runtime.http!.inject({
      method: 'GET',
      url: path(url),
      headers: { 'accept-language': 'en-US' },
    });
    expect(en.body).toContain('Decline');
    expect(en.body).toMatch(/RUB\s8,940\.00/);
  });

  it('pays: back to the cabinet at once, and the notification applies the payment', async () => {
    const { url, row } = await h.link(moscow);
    const res = await form(url, { decision: 'pay', card: '4242 4242 4242 4242' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/^http:\/\/cabinet\.test\//);
    await until(async () => (await h.payments(moscow)).at(-1)!.applied_at !== null);
    expect((await h.payments(moscow)).at(-1)).toMatchObject({ id: row.id, status: 'succeeded' });

    const again = await app.runtime.http!.inject({ method: 'GET', url: path(url) });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('Оплачено');
  });

  it('refuses: the payment ends canceled and nothing is applied', async () => {
    const { url } = await h.link(vladivostok, 1, ['TG']);
    const res = await form(url, { decision: 'decline' }, 'en');
    expect(res.statusCode).toBe(303);
    await until(async () => (await h.payments(vladivostok)).at(-1)!.status === 'canceled');
    expect((await h.payments(vladivostok)).at(-1)!.applied_at).toBeNull();
  });

  it('takes sandbox notifications only from this server, and then only what the sandbox says', async () => {
    const { url, row } = await h.link(vladivostok, 6, ['TG']);
    const forged = {
      type: 'notification',
      event: 'payment.succeeded',
      object: { id: row.provider_payment_id, status: 'succeeded' },
    };
    expect((await h.notify('sandbox', forged, '10.0.0.7')).statusCode).toBe(403);
    expect((await h.notify('sandbox', forged, '185.71.76.5')).statusCode).toBe(403);
    expect((await h.notify('sandbox', forged, '127.0.0.1')).statusCode).toBe(200);
    expect((await h.payments(vladivostok)).at(-1)).toMatchObject({ status: 'pending', applied_at: null });
    // Still payable.
    const page = await app.runtime.http!.inject({ method: 'GET', url: path(url) });
    expect(page.body).toContain('Оплатить');
  });

  it('answers 404 for a checkout that does not exist, and 400 for a form without an answer', async () => {
    const missing = await app.runtime.http!.inject({
      method: 'GET',
      url: `/api/payments/sandbox/checkout/sbx_${'0'.repeat(32)}`,
    });
    expect(missing.statusCode).toBe(404);
    const traversal = await app.runtime.http!.inject({
      method: 'GET',
      url: '/api/payments/sandbox/checkout/..%2F..%2Fetc',
    });
    expect(traversal.statusCode).toBe(404);
    const { url, row } = await h.link(moscow, 1, ['TG']);
    expect((await form(url, { decision: 'maybe' })).statusCode).toBe(400);
    expect((await h.payments(moscow)).at(-1)).toMatchObject({ id: row.id, status: 'pending' });
  });
});
