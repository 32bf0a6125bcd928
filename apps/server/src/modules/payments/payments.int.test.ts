import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_MODULE_PRICES,
  PAY_STATUS,
  isPayLink,
  type PayData,
  type PaymentHistoryRow,
  type PriceCalculation,
} from '@salon/contract/payments';
import { DEFAULT_GENERAL_SETTINGS } from '@salon/contract/settings';
import { queryRows } from '../../platform/db/client.js';
import { DEMO_BRANCHES, DEMO_USERS } from '../../seed/demo.js';
import { DB_KINDS } from '../../test-support/databases.js';
import { startFakeYookassaServer, type FakeYookassaServer } from '../../test-support/fake-yookassa-server.js';
import { startTestApp, type TestApp } from '../../test-support/harness.js';
import { until } from '../../test-support/until.js';

const { moscow, yekaterinburg, vladivostok, sendOut } = DEMO_BRANCHES;
const PHONE = '79161234567';

interface PaymentDbRow {
  id: number;
  status: string;
  amount: string | number;
  months: number;
  modules: string[];
  provider_payment_id: string | null;
  applied_at: Date | null;
}

// The payments module over YooKassa's protocol: the only fake is the provider's HTTP API.
describe.each(DB_KINDS)('payments (%s)', (kind) => {
  let app: TestApp;
  let yookassa: FakeYookassaServer;
  let owner: string;
  let stranger: string;

  beforeAll(async () => {
    yookassa = await startFakeYookassaServer({ requireReceipt: true });
    app = await startTestApp(kind, {
      PAYMENT_PROVIDER: 'yookassa',
      YOOKASSA_SHOP_ID: yookassa.shopId,
      YOOKASSA_SECRET_KEY: yookassa.secretKey,
      YOOKASSA_API_URL: yookassa.baseUrl,
      PUBLIC_URL: 'http://cabinet.test',
    });
    owner = (await app.login(DEMO_USERS.owner)).token;
    stranger = (await app.login(DEMO_USERS.sendOutOwner)).token;
    for (const accId of [vladivostok, moscow]) {
      const saved = await app.request({
        method: 'POST',
        url: `/api/settings/general?acc_id=${accId}`,
        token: owner,
        body: { ...DEFAULT_GENERAL_SETTINGS, phone: PHONE },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
  });
  afterAll(async () => {
    await app?.close();
    await yookassa?.close();
  });

  const db = () => app.runtime.database.db;
  const call = (method: 'GET' | 'POST', url: string, body?: unknown, token = owner) =>
    app.request({ method, url, token, body });
  const payData = async (accId: number) => {
    const res = await call('GET', `/api/pay?acc_id=${accId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PayData>();
  };
  const payments = (accId: number) =>
    queryRows<PaymentDbRow>(
      db(),
      sql`select id, status, amount, months, modules, provider_payment_id, applied_at
          from payments where acc_id = ${accId} order by id`,
    );
  const branchRow = async (accId: number) =>
    (
      await queryRows<{ pay_period: string | null; pay_status: boolean; active_modules: string[] }>(
        db(),
        sql`select pay_period::text, pay_status, active_modules from branches where acc_id = ${accId}`,
      )
    )[0]!;
  const link = async (accId: number, months: number, modules: string[]) => {
    const res = await call('POST', `/api/get_link?acc_id=${accId}&months=${months}`, { modules });
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json<string>();
    expect(isPayLink(url)).toBe(true);
    const row = (await payments(accId)).at(-1)!;
    expect(url).toBe(`${yookassa.baseUrl.replace(/\/v3$/, '')}/checkout/${row.provider_payment_id}`);
    return row;
  };
  const confirm = (id: string) => app.runtime.payments.confirm(id);

  it('answers the pay data of a branch that never paid', async () => {
    const data = await payData(vladivostok);
    expect(data).toMatchObject({
      pay_status: false,
      pay_date: null,
      active_modules: [],
      currency: 'RUB',
      discount: 0,
      autopay: false,
      last_pay_length: null,
      last_4: null,
      is_test_period: false,
      tg_pay_date: null,
      modules_paid_till: { WA: null, TG: null, loyalty: null },
      bonus_week: { 1: 0, 3: 0, 6: 0, 12: 0 },
    });
    expect(data.modules_price).toEqual({ ...DEFAULT_MODULE_PRICES.RUB, WA: DEFAULT_MODULE_PRICES.RUB.TG });
    // One channel module per month, spread over the bonus months too.
    expect(data.month_cost[1]).toBe(1490);
    expect(data.month_cost[3]).toBe(Math.round((3 * 1490) / 4));
    expect(data.branch_employees).toBe(1);
  });

  it('reads a branch paid before per-module periods from its branch row', async () => {
    const data = await payData(moscow);
    expect(data.pay_status).toBe(true);
    expect(data.pay_date).toBe('2027-01-31');
    expect(data.active_modules).toEqual(['WA', 'TG', 'loyalty']);
    expect(data.modules_paid_till).toEqual({ WA: '2027-01-31', TG: '2027-01-31', loyalty: '2027-01-31' });
    expect(data.amount).toBe(1490 + 1490 + 990);
  });

  it('prices 3 months of WA and TG; loyalty joining a paid branch buys its days to the common start', async () => {
    const res = await call('POST', `/api/calculate_price?acc_id=${vladivostok}&months=3`, { modules: ['WA', 'TG'] });
    expect(res.statusCode, res.body).toBe(200);
    // 2026-03-10 09:00 UTC is the 10th in Vladivostok: 3 months + 1 bonus month.
    expect(res.json<PriceCalculation>()).toEqual({
      full_cost: 8940,
      modules_cost: [
        { module: 'WA', months: 3, days: 0, cost: 4470 },
        { module: 'TG', months: 3, days: 0, cost: 4470 },
      ],
      new_data_if_pay_days: '2026-07-10',
    });
    // Yekaterinburg has only TG, paid till 2027-01-31.
    const joined = await call('POST', `/api/calculate_price?acc_id=${yekaterinburg}&months=1`, {
      modules: ['TG', 'loyalty'],
    });
    expect(joined.statusCode, joined.body).toBe(200);
    const days = Math.round((Date.UTC(2027, 0, 31) - Date.UTC(2026, 2, 10)) / 86_400_000);
    expect(joined.json<PriceCalculation>()).toEqual({
      full_cost: 1490 + Math.round(990 + (days * 990) / 30),
      modules_cost: [
        { module: 'TG', months: 1, days: 0, cost: 1490 },
        { module: 'loyalty', months: 1, days, cost: Math.round(990 + (days * 990) / 30) },
      ],
      new_data_if_pay_days: '2027-02-28',
    });
  });

  it('refuses bad input with its status text and leaves no payment behind', async () => {
    const before = (await payments(vladivostok)).length;
    const cases: [string, unknown, string][] = [
      ['months=2', { modules: ['TG'] }, PAY_STATUS.unknownPeriod],
      ['months=3', { modules: [] }, PAY_STATUS.noModules],
      ['months=3', { modules: ['TG', 'SMS'] }, PAY_STATUS.unknownModule],
    ];
    for (const path of ['calculate_price', 'get_link']) {
      for (const [query, body, status] of cases) {
        const res = await call('POST', `/api/${path}?acc_id=${vladivostok}&${query}`, body);
        expect([res.statusCode, res.json()], `${path} ${query} ${JSON.stringify(body)}`).toEqual([
          400,
          { ok: false, status },
        ]);
      }
      const noMonths = await call('POST', `/api/${path}?acc_id=${vladivostok}`, { modules: ['TG'] });
      expect(noMonths.statusCode).toBe(400);
    }
    expect(await payments(vladivostok)).toHaveLength(before);
  });

  it('refuses 1 month to a USD branch', async () => {
    await db().execute(sql`update branches set currency = 'USD' where acc_id = ${vladivostok}`);
    try {
      const res = await call('POST', `/api/calculate_price?acc_id=${vladivostok}&months=1`, { modules: ['TG'] });
      expect([res.statusCode, res.json()]).toEqual([400, { ok: false, status: PAY_STATUS.unknownPeriod }]);
      const three = await call('POST', `/api/calculate_price?acc_id=${vladivostok}&months=3`, { modules: ['TG'] });
      expect(three.json<PriceCalculation>().full_cost).toBe(3 * DEFAULT_MODULE_PRICES.USD.TG);
      expect((await payData(vladivostok)).currency).toBe('USD');
    } finally {
      await db().execute(sql`update branches set currency = 'RUB' where acc_id = ${vladivostok}`);
    }
  });

  it('refuses a rouble payment without a receipt contact', async () => {
    const res = await call('POST', `/api/get_link?acc_id=${yekaterinburg}&months=3`, {
      modules: ['TG'],
    });
    expect([res.statusCode, res.json()]).toEqual([400, { ok: false, status: PAY_STATUS.noReceiptContact }]);
  });

  it('creates a pending payment with a 54-FZ receipt and extends the periods once the provider confirms', async () => {
    const row = await link(vladivostok, 3, ['TG', 'WA']);
    expect(row).toMatchObject({ status: 'pending', months: 3, modules: ['WA', 'TG'], applied_at: null });
    expect(Number(row.amount)).toBe(8940);
    const asked = yookassa.payments.get(row.provider_payment_id!)!;
    expect(asked.amount).toEqual({ value: '8940.00', currency: 'RUB' });
    expect(asked.metadata).toMatchObject({ acc_id: String(vladivostok), payment_id: String(row.id) });
    const receipt = asked._request.receipt as { customer: unknown; items: { amount: { value: string } }[] };
    expect(receipt.customer).toEqual({ phone: PHONE });
    expect(receipt.items.map((i) => i.amount.value)).toEqual(['4470.00', '4470.00']);
    const idempotence = yookassa.requests.find((r) => r.method === 'POST' && r.path.endsWith('/payments'));
    expect(idempotence?.headers['idempotence-key']).toBeTruthy();

    // Not paid yet: a notification changes nothing.
    expect(await confirm(row.provider_payment_id!)).toBe('pending');
    expect((await payData(vladivostok)).pay_status).toBe(false);

    yookassa.succeed(row.provider_payment_id!);
    expect(await confirm(row.provider_payment_id!)).toBe('applied');
    const data = await payData(vladivostok);
    expect(data).toMatchObject({
      pay_status: true,
      pay_date: '2026-07-10',
      active_modules: ['WA', 'TG'],
      modules_paid_till: { WA: '2026-07-10', TG: '2026-07-10', loyalty: null },
      tg_pay_date: '2026-07-10',
      last_pay_length: 3,
    });
    expect(await branchRow(vladivostok)).toEqual({
      pay_period: '2026-07-10',
      pay_status: true,
      active_modules: ['WA', 'TG'],
    });

    // A replayed notification (or the sweep) finds it applied.
    expect(await confirm(row.provider_payment_id!)).toBe('already');
    await app.runtime.runSweeps();
    expect((await payData(vladivostok)).pay_date).toBe('2026-07-10');
    expect((await payments(vladivostok)).at(-1)!.status).toBe('succeeded');

    const history = await call('GET', `/api/payment_history?acc_id=${vladivostok}`);
    expect(history.statusCode).toBe(200);
    expect(history.json<{ data: PaymentHistoryRow[] }>().data).toEqual([
      {
        date: expect.any(String),
        modules: ['WA', 'TG'],
        type: 'card',
        amount: 8940,
        currency: 'RUB',
        period: 3,
        receipt: { receipt_link: null, payment_id: row.provider_payment_id, fiscal_number: null, upd_url: null },
      },
    ]);
  });

  it('extends from the current paid-till date: a second payment continues the first', async () => {
    const row = await link(vladivostok, 1, ['TG']);
    yookassa.succeed(row.provider_payment_id!);
    expect(await confirm(row.provider_payment_id!)).toBe('applied');
    const data = await payData(vladivostok);
    expect(data.modules_paid_till).toEqual({ WA: '2026-07-10', TG: '2026-08-10', loyalty: null });
    expect(data.pay_date).toBe('2026-08-10');
  });

  it('keeps the other modules of a branch known by its branch row on its first payment', async () => {
    const saved = await call('POST', `/api/settings/general?acc_id=${yekaterinburg}`, {
      ...DEFAULT_GENERAL_SETTINGS,
      phone: PHONE,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const row = await link(yekaterinburg, 1, ['loyalty']);
    yookassa.succeed(row.provider_payment_id!);
    expect(await confirm(row.provider_payment_id!)).toBe('applied');
    expect((await payData(yekaterinburg)).modules_paid_till).toEqual({
      WA: null,
      TG: '2027-01-31',
      loyalty: '2026-04-10',
    });
    expect(await branchRow(yekaterinburg)).toEqual({
      pay_period: '2027-01-31',
      pay_status: true,
      active_modules: ['TG', 'loyalty'],
    });
  });

  it('applies nothing when the confirmed amount is not ours', async () => {
    const before = await payData(vladivostok);
    const row = await link(vladivostok, 3, ['loyalty']);
    // Our row says more than the provider took (a forged or altered payment).
    await db().execute(sql`update payments set amount = amount + 1 where id = ${row.id}`);
    yookassa.succeed(row.provider_payment_id!);
    expect(await confirm(row.provider_payment_id!)).toBe('ignored');
    expect(await confirm(row.provider_payment_id!)).toBe('ignored');
    expect(await payData(vladivostok)).toEqual(before);
    expect((await payments(vladivostok)).find((p) => p.id === row.id)).toMatchObject({
      status: 'mismatch',
      applied_at: null,
    });
  });

  it('marks a canceled payment canceled and applies nothing', async () => {
    const before = await payData(vladivostok);
    const row = await link(vladivostok, 6, ['TG']);
    yookassa.cancel(row.provider_payment_id!);
    expect(await confirm(row.provider_payment_id!)).toBe('canceled');
    expect(await confirm(row.provider_payment_id!)).toBe('canceled');
    expect(await payData(vladivostok)).toEqual(before);
    expect((await payments(vladivostok)).find((p) => p.id === row.id)?.status).toBe('canceled');
  });

  it('ignores a notification for a payment it never made', async () => {
    const before = await payData(vladivostok);
    expect(await confirm('2f0b4c1e-000f-5000-8000-1a2b3c4d5e6f')).toBe('ignored');
    expect(await payData(vladivostok)).toEqual(before);
  });

  it('finds a payment whose notification was lost on the next sweep', async () => {
    const row = await link(vladivostok, 1, ['WA']);
    yookassa.succeed(row.provider_payment_id!);
    // Younger than the sweep's few minutes: left for the notification.
    await app.runtime.runSweeps();
    expect((await payData(vladivostok)).modules_paid_till.WA).toBe('2026-07-10');
    app.clock.advance(5 * 60_000);
    await app.runtime.runSweeps();
    expect((await payData(vladivostok)).modules_paid_till.WA).toBe('2026-08-10');
    expect((await payments(vladivostok)).find((p) => p.id === row.id)?.status).toBe('succeeded');
  });

  it('answers 502 when the provider fails, and cancels the payment it had begun', async () => {
    yookassa.fail({ kind: 'error', status: 400, body: { type: 'error', code: 'invalid_request' } });
    const res = await call('POST', `/api/get_link?acc_id=${vladivostok}&months=3`, { modules: ['TG'] });
    expect([res.statusCode, res.json()]).toEqual([502, { ok: false, status: PAY_STATUS.providerFailed }]);
    expect((await payments(vladivostok)).at(-1)).toMatchObject({ status: 'canceled', provider_payment_id: null });
  });

  it('applies payments confirmed at once one after the other, and a doubled notification once', async () => {
    const before = (await payData(vladivostok)).modules_paid_till.TG ?? '2026-03-10';
    const first = await link(vladivostok, 1, ['TG']);
    const second = await link(vladivostok, 1, ['TG']);
    yookassa.succeed(first.provider_payment_id!);
    yookassa.succeed(second.provider_payment_id!);
    const outcomes = await Promise.all([
      confirm(first.provider_payment_id!),
      confirm(second.provider_payment_id!),
      confirm(first.provider_payment_id!),
    ]);
    expect(outcomes.sort()).toEqual(['already', 'applied', 'applied']);
    const [y, m, d] = before.split('-').map(Number) as [number, number, number];
    const twoMonthsLater = new Date(Date.UTC(y, m - 1 + 2, d)).toISOString().slice(0, 10);
    expect((await payData(vladivostok)).modules_paid_till.TG).toBe(twoMonthsLater);
  });

  it("refuses another network's branch", async () => {
    for (const [method, path] of [
      ['GET', 'pay'],
      ['POST', 'calculate_price'],
      ['POST', 'get_link'],
      ['GET', 'payment_history'],
    ] as const) {
      const res = await call(method, `/api/${path}?acc_id=${sendOut}&months=3`, { modules: ['TG'] });
      expect([res.statusCode, res.json()], path).toEqual([403, { ok: false, status: 'Access denied' }]);
    }
    const mine = await call('GET', `/api/pay?acc_id=${sendOut}`, undefined, stranger);
    expect(mine.statusCode).toBe(200);
  });
});

// The embedded default: the payer pays on our own checkout page, the sandbox notifies our webhook as
// YooKassa would, and the paid-till date moves once.
describe.each(DB_KINDS)('payments through the sandbox checkout (%s)', (kind) => {
  let app: TestApp;
  let owner: string;

  beforeAll(async () => {
    app = await startTestApp(kind, { PUBLIC_URL: 'http://cabinet.test' });
    owner = (await app.login(DEMO_USERS.owner)).token;
    const saved = await app.request({
      method: 'POST',
      url: `/api/settings/general?acc_id=${vladivostok}`,
      token: owner,
      body: { ...DEFAULT_GENERAL_SETTINGS, phone: PHONE },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
  });

  const statusOf = async (id: number) =>
    (await queryRows<{ status: string }>(app.runtime.database.db, sql`select status from payments where id = ${id}`))[0]
      ?.status;
  const lastPayment = async () =>
    (
      await queryRows<{ id: number; provider_payment_id: string }>(
        app.runtime.database.db,
        sql`select id, provider_payment_id from payments where acc_id = ${vladivostok} order by id desc limit 1`,
      )
    )[0]!;
  const open = async (months: number, modules: string[]) => {
    const res = await app.request({
      method: 'POST',
      url: `/api/get_link?acc_id=${vladivostok}&months=${months}`,
      token: owner,
      body: { modules },
    });
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(res.json<string>());
    const row = await lastPayment();
    expect(url.href).toBe(`http://cabinet.test/api/payments/sandbox/checkout/${row.provider_payment_id}`);
    return { path: url.pathname, row };
  };
  const decide = (path: string, decision: string) => app.request({ method: 'POST', url: path, body: { decision } });
  const payDate = async () =>
    (await app.request({ method: 'GET', url: `/api/pay?acc_id=${vladivostok}`, token: owner })).json<PayData>()
      .pay_date;

  it('pays 3 months in the checkout and the notification extends the period once', async () => {
    const { path, row } = await open(3, ['WA', 'TG']);
    const page = await app.request({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    const paid = await decide(path, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`http://cabinet.test/pay?accId=${vladivostok}`);
    await until(async () => (await statusOf(row.id)) === 'succeeded');
    expect(await payDate()).toBe('2026-07-10');
    // The payer presses again: the same outcome, nothing applied twice.
    await decide(path, 'pay');
    expect(await app.runtime.payments.confirm(row.provider_payment_id)).toBe('already');
    expect(await payDate()).toBe('2026-07-10');
  });

  it('a declined checkout cancels the payment and leaves the period', async () => {
    const { path, row } = await open(1, ['TG']);
    expect((await decide(path, 'decline')).statusCode).toBe(303);
    await until(async () => (await statusOf(row.id)) === 'canceled');
    expect(await payDate()).toBe('2026-07-10');
  });
});
