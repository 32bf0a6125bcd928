import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import {
  INVOICE_SENT_STATUS,
  OPS_STATUS,
  PAY_EXTRA_STATUS,
  PAY_STATUS,
  type Invoice,
  type PayData,
  type PaymentHistoryRow,
  type PriceCalculation,
} from '@salon/contract/payments';
import { DEFAULT_GENERAL_SETTINGS } from '@salon/contract/settings';
import { queryRows } from '../../../platform/db/client.js';
import { createLogger } from '../../../platform/logger.js';
import { YookassaProvider } from '../../../payments/drivers/yookassa/driver.js';
import { DEMO_BRANCHES, DEMO_USERS } from '../../../seed/demo.js';
import { DB_KINDS } from '../../../test-support/databases.js';
import { startFakeYookassaServer, type FakeYookassaServer } from '../../../test-support/fake-yookassa-server.js';
import { startTestApp, type TestApp } from '../../../test-support/harness.js';
import { until } from '../../../test-support/until.js';
import { ReceiptsRepository } from '../receipts/repository.js';
import { ReceiptsService } from '../receipts/service.js';

const { moscow, vladivostok, sendOut } = DEMO_BRANCHES;
const PHONE = '79161234567';
const OPS_TOKEN = 'ops-token-for-tests-0123456789';
const BUYER = { inn: '5001007329', kpp: '500101001', name: 'ООО «Ромашка»' };

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

// Invoices, receipts and the operator's calls through the real server on YooKassa's protocol (the
// only fake is the provider's HTTP API; the admin bot is the local driver writing DATA_DIR/bot-outbox).
describe.each(DB_KINDS)('invoices, refunds and receipts (%s)', (kind) => {
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
      OPS_TOKEN,
      SELLER_VAT: '20',
    });
    owner = (await app.login(DEMO_USERS.owner)).token;
    stranger = (await app.login(DEMO_USERS.sendOutOwner)).token;
    for (const accId of [vladivostok, moscow]) {
      const saved = await call('POST', `/api/settings/general?acc_id=${accId}`, {
        ...DEFAULT_GENERAL_SETTINGS,
        phone: PHONE,
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
  });
  afterAll(async () => {
    await app?.close();
    await yookassa?.close();
  });

  const db = () => app.runtime.database.db;
  function call(method: 'GET' | 'POST', url: string, body?: unknown, token = owner) {
    return app.request({ method, url, token, body });
  }
  // null: no Authorization header at all.
  const ops = (url: string, body: unknown, token: string | null = OPS_TOKEN) =>
    app.runtime.http!.inject({
      method: 'POST',
      url,
      payload: body as object,
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
    });
  const invoiceCount = async () =>
    (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from payment_invoices`))[0]!.n;
  const saveBill = (accId: number, bill: { inn: string; kpp: string; name: string }) =>
    db().execute(
      sql`update branch_settings set bill_inn = ${bill.inn}, bill_kpp = ${bill.kpp}, bill_name = ${bill.name}
          where acc_id = ${accId}`,
    );
  const create = (accId: number, months: number | string, modules: unknown, token = owner) =>
    call('POST', `/api/create_invoice?acc_id=${accId}&months=${months}`, { modules }, token);
  const payData = async (accId: number) => (await call('GET', `/api/pay?acc_id=${accId}`)).json<PayData>();
  const history = async (accId: number) =>
    (await call('GET', `/api/payment_history?acc_id=${accId}`)).json<{ data: PaymentHistoryRow[] }>().data;

  it('refuses an invoice without billing data, with a bad INN or KPP, for a bad plan or a USD branch, storing nothing', async () => {
    const before = await invoiceCount();
    const expectRefused = async (res: Awaited<ReturnType<typeof create>>, status: string) =>
      expect([res.statusCode, res.json()]).toEqual([400, { ok: false, status }]);

    // Set through the settings page: the branch has none yet.
    await expectRefused(await create(vladivostok, 3, ['TG']), PAY_EXTRA_STATUS.noBillData);
    const saved = await call('POST', `/api/settings/bill_data?acc_id=${vladivostok}`, { ...BUYER, name: '  ' });
    expect(saved.statusCode, saved.body).toBe(200);
    await expectRefused(await create(vladivostok, 3, ['TG']), PAY_EXTRA_STATUS.noBillData);
    // Written before the settings checked them (or by hand): refused here all the same.
    await saveBill(vladivostok, { ...BUYER, inn: '5001007328' });
    await expectRefused(await create(vladivostok, 3, ['TG']), PAY_EXTRA_STATUS.innInvalid);
    await saveBill(vladivostok, { ...BUYER, kpp: '50010100' });
    await expectRefused(await create(vladivostok, 3, ['TG']), PAY_EXTRA_STATUS.kppInvalid);
    await saveBill(vladivostok, BUYER);

    await expectRefused(await create(vladivostok, 2, ['TG']), PAY_STATUS.unknownPeriod);
    await expectRefused(await create(vladivostok, 3, []), PAY_STATUS.noModules);
    await expectRefused(await create(vladivostok, 3, ['TG', 'SMS']), PAY_STATUS.unknownModule);
    expect((await create(vladivostok, 'x', ['TG'])).statusCode).toBe(400);
    await db().execute(sql`update branches set currency = 'USD' where acc_id = ${vladivostok}`);
    try {
      await expectRefused(await create(vladivostok, 3, ['TG']), PAY_EXTRA_STATUS.invoiceRubOnly);
    } finally {
      await db().execute(sql`update branches set currency = 'RUB' where acc_id = ${vladivostok}`);
    }
    // Another network's member is refused before anything is priced.
    expect((await create(vladivostok, 3, ['TG'], stranger)).statusCode).toBe(403);
    expect(await invoiceCount()).toBe(before);
  });

  let first: Invoice;
  let second: Invoice;

  it('issues an invoice priced as /calculate_price prices it, with a sequential number, listed newest first', async () => {
    const price = await call('POST', `/api/calculate_price?acc_id=${vladivostok}&months=3`, { modules: ['TG', 'WA'] });
    const expected = price.json<PriceCalculation>();
    const res = await create(vladivostok, 3, ['TG', 'WA']);
    expect(res.statusCode, res.body).toBe(200);
    first = res.json<Invoice>();
    const [branch] = await queryRows<{ name: string }>(
      db(),
      sql`select name from branches where acc_id = ${vladivostok}`,
    );
    expect(first).toEqual({
      invoice_id: expect.any(Number),
      number: String(first.invoice_id),
      inn: BUYER.inn,
      cost: expected.full_cost,
      currency: 'RUB',
      length: 3,
      modules: ['WA', 'TG'],
      pdf_url: `/api/invoice_pdf?acc_id=${vladivostok}&invoice_id=${first.invoice_id}`,
      branches: [{ branch_id: vladivostok, amount: expected.full_cost, name: branch!.name }],
      status: 'issued',
      created_at: '2026-03-10T09:00:00.000Z',
      paid_at: null,
    });
    expect(first.cost).toBe(8940);

    app.clock.advance(60_000);
    second = (await create(vladivostok, 1, ['loyalty'])).json<Invoice>();
    expect(Number(second.number)).toBeGreaterThan(Number(first.number));
    const list = await call('GET', `/api/invoices?acc_id=${vladivostok}`);
    expect(list.statusCode).toBe(200);
    expect(list.json<{ data: Invoice[] }>().data.map((i) => i.number)).toEqual([second.number, first.number]);
    // Another branch lists its own only.
    expect((await call('GET', `/api/invoices?acc_id=${moscow}`)).json<{ data: Invoice[] }>().data).toEqual([]);
  });

  it('downloads the PDF as an attachment with the requisites, the same file every time', async () => {
    const res = await call('GET', first.pdf_url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${first.number}.pdf"`);
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain(`Счёт на оплату № ${first.number} от 10 марта 2026 г.`);
    expect(text).toContain('ООО «Ромашка», ИНН 5001007329, КПП 500101001');
    expect(text).toContain('ИНН 7701234560, КПП 770101001');
    expect(text).toContain('В том числе НДС 20%: 1 490,00');
    expect(text).toContain('Восемь тысяч девятьсот сорок рублей 00 копеек');
    // The billing data changed since: the invoice keeps the buyer it was issued to.
    await saveBill(vladivostok, { inn: '7701234560', kpp: '', name: 'Другое ООО' });
    const again = await call('GET', first.pdf_url);
    expect(again.rawPayload.equals(bytes)).toBe(true);
    await saveBill(vladivostok, BUYER);
  });

  it("answers 404 for another branch's invoice, whoever asks", async () => {
    const other = `/api/invoice_pdf?acc_id=${moscow}&invoice_id=${first.invoice_id}`;
    expect([(await call('GET', other)).statusCode, (await call('GET', other)).json()]).toEqual([
      404,
      { ok: false, status: PAY_EXTRA_STATUS.invoiceNotFound },
    ]);
    const send = await call('POST', `/api/send_invoice_to_tg?acc_id=${moscow}&invoice_id=${first.invoice_id}`);
    expect(send.statusCode).toBe(404);
    expect((await call('GET', `/api/invoice_pdf?acc_id=${vladivostok}&invoice_id=999999`)).statusCode).toBe(404);
    expect((await call('GET', first.pdf_url, undefined, stranger)).statusCode).toBe(403);
  });

  it('sends the PDF to the caller through the admin bot, and says so when the bot cannot reach them', async () => {
    const outbox = path.join(app.runtime.config.dataDir, 'bot-outbox');
    // The local bot cannot write (as Telegram refuses a user who never pressed Start).
    writeFileSync(outbox, 'not a folder');
    try {
      const refused = await call(
        'POST',
        `/api/send_invoice_to_tg?acc_id=${vladivostok}&invoice_id=${first.invoice_id}`,
      );
      expect([refused.statusCode, refused.json()]).toEqual([
        409,
        { ok: false, status: PAY_EXTRA_STATUS.adminBotMissing },
      ]);
    } finally {
      rmSync(outbox);
    }
    const sent = await call('POST', `/api/send_invoice_to_tg?acc_id=${vladivostok}&invoice_id=${first.invoice_id}`);
    expect([sent.statusCode, sent.json()]).toEqual([200, { ok: true, status: INVOICE_SENT_STATUS }]);
    const files = readdirSync(outbox);
    const pdf = files.find((f) => f.endsWith(`-${DEMO_USERS.owner}-invoice-${first.number}.pdf`));
    expect(pdf, files.join(', ')).toBeDefined();
    expect(readFileSync(path.join(outbox, pdf!)).equals((await call('GET', first.pdf_url)).rawPayload)).toBe(true);
    expect(readFileSync(path.join(outbox, `${pdf!}.caption.txt`), 'utf8')).toBe(
      `Счёт на оплату № ${first.number} от 10 марта 2026 г., 8 940,00 руб.`,
    );
  });

  it('refuses the operator calls without the token or with a wrong one, changing nothing', async () => {
    for (const token of [null, 'wrong', `${OPS_TOKEN}x`]) {
      const res = await ops('/api/ops/invoice_paid', { number: first.number }, token);
      expect(res.statusCode).toBe(401);
      expect((await ops('/api/ops/refund', { payment_id: '1' }, token)).statusCode).toBe(401);
    }
    // A cabinet session is not the operator's token.
    expect((await ops('/api/ops/invoice_paid', { number: first.number }, owner)).statusCode).toBe(401);
    expect((await payData(vladivostok)).pay_date).toBeNull();
    expect((await ops('/api/ops/invoice_paid', { number: '99999' })).statusCode).toBe(404);
    expect((await ops('/api/ops/invoice_paid', { number: 'x' })).statusCode).toBe(400);
  });

  it('records an invoice paid once: the modules extended in the same step, a replay changes nothing', async () => {
    const res = await ops('/api/ops/invoice_paid', { number: first.number });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ applied: boolean; invoice: Invoice; modules_paid_till: Record<string, string | null> }>();
    expect(body).toMatchObject({
      ok: true,
      applied: true,
      invoice: { number: first.number, status: 'paid', paid_at: '2026-03-10T09:01:00.000Z' },
      modules_paid_till: { WA: '2026-07-10', TG: '2026-07-10', loyalty: null },
    });
    const after = await payData(vladivostok);
    expect(after).toMatchObject({ pay_status: true, pay_date: '2026-07-10', active_modules: ['WA', 'TG'] });

    app.clock.advance(60_000);
    const replay = await ops('/api/ops/invoice_paid', { number: first.number });
    expect(replay.json()).toMatchObject({
      applied: false,
      invoice: { status: 'paid', paid_at: '2026-03-10T09:01:00.000Z' },
    });
    expect(await payData(vladivostok)).toEqual(after);
    const rows = (await history(vladivostok)).filter((r) => r.type === 'invoice');
    expect(rows).toEqual([
      {
        date: '2026-03-10T09:01:00.000Z',
        modules: ['WA', 'TG'],
        type: 'invoice',
        amount: 8940,
        currency: 'RUB',
        period: 3,
        receipt: null,
      },
    ]);
    expect((await call('GET', `/api/invoices?acc_id=${vladivostok}`)).json<{ data: Invoice[] }>().data[1]?.status).toBe(
      'paid',
    );
    // An invoice was paid by bank transfer: not refunded through the provider.
    const [invoicePayment] = await queryRows<{ id: number }>(
      db(),
      sql`select id from payments where acc_id = ${vladivostok} and type = 'invoice'`,
    );
    const refused = await ops('/api/ops/refund', { payment_id: String(invoicePayment!.id) });
    expect([refused.statusCode, refused.json()]).toEqual([409, { ok: false, status: OPS_STATUS.notRefundable }]);
  });

  // A card payment of Moscow: 1 month of TG on top of its paid-till 2027-01-31.
  let paid: { id: number; provider_payment_id: string };

  it('refunds a card payment once: the provider refunds with one key, the paid-till goes back, history shows it', async () => {
    const link = await call('POST', `/api/get_link?acc_id=${moscow}&months=1`, { modules: ['TG'] });
    expect(link.statusCode, link.body).toBe(200);
    const [stored] = await queryRows<{ id: number; provider_payment_id: string }>(
      db(),
      sql`select id, provider_payment_id from payments where acc_id = ${moscow} order by id desc limit 1`,
    );
    assert.exists(stored, 'the card payment is stored');
    paid = stored;
    yookassa.succeed(paid.provider_payment_id);
    expect(await app.runtime.payments.confirm(paid.provider_payment_id)).toBe('applied');
    expect((await payData(moscow)).modules_paid_till).toMatchObject({ WA: '2027-01-31', TG: '2027-02-28' });

    const before = (await payData(moscow)).modules_paid_till;
    // By the provider's id, as the history shows it.
    const res = await ops('/api/ops/refund', { payment_id: paid.provider_payment_id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      refunded: true,
      payment_id: paid.id,
      amount: 1490,
      refunded_at: '2026-03-10T09:02:00.000Z',
      modules_paid_till: { ...before, TG: '2027-01-31' },
    });
    expect(yookassa.refunds).toEqual([expect.objectContaining({ payment_id: paid.provider_payment_id })]);
    const keys = yookassa.requests.filter((r) => r.path === '/v3/refunds').map((r) => r.headers['idempotence-key']);
    expect(keys).toEqual([`refund-${paid.id}`]);

    // By our number, again: nothing more.
    const replay = await ops('/api/ops/refund', { payment_id: String(paid.id) });
    expect(replay.json()).toMatchObject({ refunded: false, amount: 1490, refunded_at: '2026-03-10T09:02:00.000Z' });
    expect(yookassa.refunds).toHaveLength(1);
    expect((await payData(moscow)).modules_paid_till.TG).toBe('2027-01-31');
    const row = (await history(moscow)).find((r) => r.receipt?.payment_id === paid.provider_payment_id);
    expect(row?.refunded_at).toBe('2026-03-10T09:02:00.000Z');
    expect((await ops('/api/ops/refund', { payment_id: '99999' })).statusCode).toBe(404);
  });

  it('fetches a receipt from YooKassa: not yet, then its check link, kept on the payment for the history', async () => {
    const ask = (accId: number, paymentId: string, token = owner) =>
      call(
        'POST',
        `/api/get_missing_receipt?acc_id=${accId}&date=2026-03-10&amount=1490`,
        { fiscal_number: null, payment_id: paymentId },
        token,
      );
    const pending = await ask(moscow, paid.provider_payment_id);
    expect([pending.statusCode, pending.json()]).toEqual([200, { url: null }]);
    const receipt = yookassa.registerReceipt(paid.provider_payment_id);
    const url = `https://check.ofd.ru/rec/${receipt.fiscal_storage_number}/${receipt.fiscal_document_number}/${receipt.fiscal_attribute}`;
    const got = await ask(moscow, paid.provider_payment_id);
    expect([got.statusCode, got.json()]).toEqual([200, { url }]);
    const asked = yookassa.requests.filter((r) => r.path === '/v3/receipts').length;
    // Kept: the next ask does not reach the provider.
    expect((await ask(moscow, paid.provider_payment_id)).json()).toEqual({ url });
    expect(yookassa.requests.filter((r) => r.path === '/v3/receipts')).toHaveLength(asked);
    const row = (await history(moscow)).find((r) => r.receipt?.payment_id === paid.provider_payment_id);
    expect(row?.receipt).toEqual({
      receipt_link: url,
      payment_id: paid.provider_payment_id,
      fiscal_number: receipt.fiscal_document_number,
      upd_url: null,
    });

    // Another branch's payment is as unknown as a missing one.
    const notOurs = await ask(vladivostok, paid.provider_payment_id);
    expect([notOurs.statusCode, notOurs.json()]).toEqual([
      404,
      { ok: false, status: PAY_EXTRA_STATUS.receiptNotFound },
    ]);
    expect((await ask(moscow, '2f0b4c1e-000f-5000-8000-1a2b3c4d5e6f')).statusCode).toBe(404);
    expect((await ask(moscow, 'a\u0000b')).statusCode).toBe(400);
    expect((await ask(sendOut, paid.provider_payment_id)).statusCode).toBe(403);
  });

  it('answers 502 when YooKassa does not answer in time, and keeps nothing', async () => {
    const link = await call('POST', `/api/get_link?acc_id=${vladivostok}&months=1`, { modules: ['WA'] });
    expect(link.statusCode, link.body).toBe(200);
    const [row] = await queryRows<{ id: number; provider_payment_id: string }>(
      db(),
      sql`select id, provider_payment_id from payments where acc_id = ${vladivostok} order by id desc limit 1`,
    );
    yookassa.succeed(row!.provider_payment_id);
    expect(await app.runtime.payments.confirm(row!.provider_payment_id)).toBe('applied');
    yookassa.registerReceipt(row!.provider_payment_id);
    // The same service as the route's, with the provider's client and a short deadline.
    const receipts = new ReceiptsService({
      repo: new ReceiptsRepository(db()),
      provider: new YookassaProvider({
        shopId: yookassa.shopId,
        secretKey: yookassa.secretKey,
        baseUrl: yookassa.baseUrl,
        timeoutMs: 5000,
      }),
      logger: createLogger('silent'),
      urlTemplate: 'https://check.ofd.ru/rec/{fn}/{fd}/{fp}',
      timeoutMs: 300,
    });
    yookassa.fail({ kind: 'stall' }, { method: 'GET', path: '/v3/receipts' });
    const started = Date.now();
    await expect(receipts.missing(vladivostok, row!.provider_payment_id)).rejects.toMatchObject({
      status: PAY_STATUS.providerFailed,
      httpStatus: 502,
    });
    expect(Date.now() - started).toBeLessThan(3000);
    const [kept] = await queryRows<{ receipt: unknown }>(db(), sql`select receipt from payments where id = ${row!.id}`);
    expect(kept!.receipt).toBeNull();
    expect((await receipts.missing(vladivostok, row!.provider_payment_id)).url).toMatch(
      /^https:\/\/check\.ofd\.ru\/rec\//,
    );
  });
});

// The embedded provider (the default): no operator token, the dev tools' transfer, the sandbox's
// own receipt page.
describe.each(DB_KINDS)('invoices and receipts on the sandbox provider (%s)', (kind) => {
  let app: TestApp;
  let owner: string;

  beforeAll(async () => {
    app = await startTestApp(kind, { PUBLIC_URL: 'http://cabinet.test' });
    owner = (await app.login(DEMO_USERS.owner)).token;
    await app.request({
      method: 'POST',
      url: `/api/settings/general?acc_id=${vladivostok}`,
      token: owner,
      body: { ...DEFAULT_GENERAL_SETTINGS, phone: PHONE },
    });
    const bill = await app.request({
      method: 'POST',
      url: `/api/settings/bill_data?acc_id=${vladivostok}`,
      token: owner,
      body: { inn: '770123456703', kpp: '', name: 'ИП Петров П. П.' },
    });
    expect(bill.statusCode, bill.body).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
  });

  const call = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    app.request({ method, url, token: owner, body });

  it('has no operator calls without OPS_TOKEN', async () => {
    for (const url of ['/api/ops/invoice_paid', '/api/ops/refund']) {
      const res = await app.runtime.http!.inject({
        method: 'POST',
        url,
        payload: {},
        headers: { authorization: 'Bearer anything-at-all-long-enough-0000' },
      });
      expect(res.statusCode).toBe(404);
    }
  });

  it("plays the bank transfer of the branch's own invoice from the dev tools, once", async () => {
    const invoice = (
      await call('POST', `/api/create_invoice?acc_id=${vladivostok}&months=1`, { modules: ['TG'] })
    ).json<Invoice>();
    expect(invoice).toMatchObject({ inn: '770123456703', cost: 1490, status: 'issued' });
    // Another branch's invoice is not found from this branch.
    const foreign = await call(
      'POST',
      `/api/dev/payments/invoice_paid?acc_id=${moscow}&invoice_id=${invoice.invoice_id}`,
    );
    expect(foreign.statusCode).toBe(404);
    const paid = await call(
      'POST',
      `/api/dev/payments/invoice_paid?acc_id=${vladivostok}&invoice_id=${invoice.invoice_id}`,
    );
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ applied: true, modules_paid_till: { TG: '2026-04-10' } });
    const again = await call(
      'POST',
      `/api/dev/payments/invoice_paid?acc_id=${vladivostok}&invoice_id=${invoice.invoice_id}`,
    );
    expect(again.json()).toMatchObject({ applied: false, modules_paid_till: { TG: '2026-04-10' } });
    const text = await pdfText((await call('GET', invoice.pdf_url)).rawPayload);
    expect(text).toContain('ИП Петров П. П., ИНН 770123456703');
    expect(text).toContain('Без налога (НДС)');
  });

  it('answers the sandbox receipt page for a paid payment, and nothing for an unpaid one', async () => {
    const link = await call('POST', `/api/get_link?acc_id=${vladivostok}&months=3`, { modules: ['WA'] });
    expect(link.statusCode, link.body).toBe(200);
    const checkout = new URL(link.json<string>());
    const paymentId = checkout.pathname.split('/').at(-1)!;
    const ask = () =>
      call('POST', `/api/get_missing_receipt?acc_id=${vladivostok}&date=2026-03-10&amount=4470`, {
        fiscal_number: null,
        payment_id: paymentId,
      });
    // Not paid yet: no such payment of ours to have a receipt.
    expect((await ask()).statusCode).toBe(404);
    const payForm = await app.runtime.http!.inject({
      method: 'POST',
      url: checkout.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=pay&card=4242424242424242',
    });
    expect(payForm.statusCode).toBe(303);
    await until(async () => (await ask()).statusCode === 200);
    const { url } = (await ask()).json<{ url: string }>();
    expect(url).toBe(`http://cabinet.test/api/payments/sandbox/receipt/${paymentId}`);
    const page = await app.runtime.http!.inject({ method: 'GET', url: new URL(url).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('4 470,00');
    expect(page.body).toContain(PHONE);
    const missing = await app.runtime.http!.inject({
      method: 'GET',
      url: `/api/payments/sandbox/receipt/sbx_${'0'.repeat(32)}`,
    });
    expect(missing.statusCode).toBe(404);
    expect(existsSync(path.join(app.runtime.config.dataDir, 'sandbox-payments'))).toBe(true);
  });
});
