import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Bonuses,
  Consultant,
  ConsultantHistory,
  OperationList,
  PartnerBadgesWire,
  PromoCodeData,
  PromoGroup,
  SalonHistory,
  SalonPartner,
} from '@salon/contract/partners';
import type { PayData, PaymentHistoryRow } from '@salon/contract/payments';
import { addDaysToDay } from '@salon/contract/payments';
import { DEFAULT_GENERAL_SETTINGS } from '@salon/contract/settings';
import { queryRows } from '../../platform/db/client.js';
import { DEMO_BRANCHES, DEMO_USERS } from '../../seed/demo.js';
import { DB_KINDS } from '../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../test-support/harness.js';
import { until } from '../../test-support/until.js';

const OPS_TOKEN = 'ops-token-for-partner-tests-0001';
const GOOD_CARD = '4242 4242 4242 4242';
// Salons brought by the consultant's new code (A, B) and by the salon partner's (C).
const A = 2001;
const B = 2002;
const C = 2003;
const { owner: OWNER, partnerConsultant: VOLKOV, salonConsultant: BARHAT, sendOutOwner: STRANGER } = DEMO_USERS;

interface OpRow {
  id: number;
  kind: string;
  payment_id: number;
  first_payment: boolean;
  accrued_amount: string | number;
  period: string;
  payable_from: string;
  payout_id: number | null;
}

// The partner programme's money over real payments in the embedded sandbox checkout: accruals once
// per payment whatever is replayed, the hold, payouts, refunds before and after a payout, a salon
// partner's bonus days, and the promo-code rights of every partner call. Moscow is UTC+3.
describe.each(DB_KINDS)('partner money (%s)', (kind) => {
  let app: TestApp;
  const tokens = new Map<number, string>();

  const db = () => app.runtime.database.db;
  const login = async () => {
    for (const id of [OWNER, VOLKOV, BARHAT, STRANGER]) tokens.set(id, (await app.login(id)).token);
  };
  const at = async (iso: string) => {
    app.clock.set(iso);
    await login();
  };
  const call = (method: 'GET' | 'POST', url: string, as: number, body?: unknown) =>
    app.request({ method, url, token: tokens.get(as), body });
  const ok = async <T>(method: 'GET' | 'POST', url: string, as: number, body?: unknown): Promise<T> => {
    const res = await call(method, url, as, body);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json<T>();
  };
  const ops = (code: string) =>
    queryRows<OpRow>(
      db(),
      sql`select id, kind, payment_id, first_payment, accrued_amount, period, payable_from::text, payout_id
          from partner_operations where promo_code = ${code} order by id`,
    );
  const count = async (table: string) =>
    Number((await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n);
  // The demo seed has payouts of its own partners' codes.
  const payoutCount = async () =>
    Number(
      (
        await queryRows<{ n: number }>(
          db(),
          sql`select count(*)::int as n from partner_payouts where promo_code in ('VTEST', 'BTEST')`,
        )
      )[0]!.n,
    );
  const opsCall = (path: string, body: unknown, token: string | null = OPS_TOKEN) =>
    app.runtime.http!.inject({
      method: 'POST',
      url: `/api/ops/${path}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: body as object,
    });
  const paymentRow = async (id: number) =>
    (
      await queryRows<{ id: number; amount: string | number; provider_payment_id: string; applied_at: Date | null }>(
        db(),
        sql`select id, amount, provider_payment_id, applied_at from payments where id = ${id}`,
      )
    )[0]!;
  // Pays in the sandbox checkout, as the owner would, and waits for the notification to apply it.
  async function pay(accId: number, months: number, modules: string[]) {
    const res = await call('POST', `/api/get_link?acc_id=${accId}&months=${months}`, OWNER, { modules });
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(res.json<string>());
    const [row] = await queryRows<{ id: number }>(
      db(),
      sql`select id from payments where acc_id = ${accId} order by id desc limit 1`,
    );
    const paid = await app.request({ method: 'POST', url: url.pathname, body: { decision: 'pay', card: GOOD_CARD } });
    expect(paid.statusCode).toBe(303);
    await until(async () => (await paymentRow(row!.id)).applied_at !== null);
    const applied = await paymentRow(row!.id);
    return { id: applied.id, amount: Number(applied.amount), providerId: applied.provider_payment_id };
  }
  const q = (code: string) => `promo_code=${code}`;

  beforeAll(async () => {
    app = await startTestApp(kind, {
      PUBLIC_URL: 'http://cabinet.test',
      OPS_TOKEN,
      PARTNER_HOLD_DAYS: '14',
      AUTH_PIN_REQUESTS_PER_ID_HOUR: '1000',
      AUTH_PIN_COOLDOWN_SECONDS: '0',
    });
    for (const [accId, name] of [
      [A, 'Салон А'],
      [B, 'Салон Б'],
      [C, 'Салон В'],
    ] as const) {
      await db().execute(
        sql`insert into branches (acc_id, branch_id, name, time_zone) values (${accId}, ${accId + 600000}, ${name}, 'Europe/Moscow')`,
      );
      await db().execute(
        sql`insert into branch_members (acc_id, user_id, name, rights) values (${accId}, ${OWNER}, 'Анна', array['owner'])`,
      );
    }
    await login();
    for (const accId of [A, B, C]) {
      await ok('POST', `/api/settings/general?acc_id=${accId}`, OWNER, {
        ...DEFAULT_GENERAL_SETTINGS,
        phone: '79161234567',
      });
    }
  });
  afterAll(async () => {
    await app?.close();
  });

  it('adds promo codes for an owner partner only, refusing duplicates and bad input with nothing saved', async () => {
    const before = await count('partner_promo_codes');
    for (const [url, status] of [
      [`/api/reff_consultant/add_promo?promo_code=VOLKOV30&promo_name=x&days=7`, 409],
      [`/api/reff_consultant/add_promo?promo_code=BARHAT&promo_name=x&days=7`, 409],
      [`/api/reff_consultant/add_promo?promo_code=a!&promo_name=x&days=7`, 400],
      [`/api/reff_consultant/add_promo?promo_code=VNEW&promo_name=x&days=366`, 400],
      [`/api/reff_consultant/add_promo?promo_code=VNEW&promo_name=x&days=-1`, 400],
      [`/api/reff_consultant/add_promo?promo_code=VNEW&promo_name=&days=7`, 400],
    ] as const) {
      const res = await call('POST', url, VOLKOV);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
    }
    expect(
      (await call('POST', '/api/reff_consultant/add_promo?promo_code=VOLKOV30&promo_name=x&days=7', VOLKOV)).json(),
    ).toEqual({ ok: false, status: 'promo_code_taken' });
    // Not a partner at all.
    expect(
      (await call('POST', `/api/reff_consultant/add_promo?promo_code=VNEW&promo_name=x&days=7`, STRANGER)).statusCode,
    ).toBe(403);
    expect(await count('partner_promo_codes')).toBe(before);

    const added = await ok<Consultant>(
      'POST',
      '/api/reff_consultant/add_promo?promo_code=vtest&promo_name=Тест&days=7',
      VOLKOV,
    );
    expect(added.promo_code).toBe('VOLKOV');
    expect(added.extra_promo_codes).toContainEqual({ promo: 'VTEST', bonus_days: 7, name: 'Тест' });
    await ok('POST', '/api/reff_consultant/add_promo?promo_code=BTEST&promo_name=Салон&days=10', BARHAT);
    expect(await count('partner_promo_codes')).toBe(before + 2);

    // The codes' salons (the onboarding module attributes them in production).
    for (const [accId, code] of [
      [A, 'VTEST'],
      [B, 'VTEST'],
      [C, 'BTEST'],
    ] as const) {
      await db().execute(sql`insert into partner_attributions (acc_id, promo_code) values (${accId}, ${code})`);
    }
    const card = await app.request({ method: 'GET', url: '/api/promo_code_data?promo_code=vtest' });
    expect(card.json<PromoCodeData>()).toEqual({
      promo_code: 'VTEST',
      bonus_days: 7,
      discount: 0.1,
      partner_name: 'Игорь Волков',
    });
    const unknown = await app.request({ method: 'GET', url: '/api/promo_code_data?promo_code=NOPE123' });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { ok: false, status: 'promo_code_unknown' }]);
  });

  it('answers every partner call only for a code the caller holds', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/reff_consultant?${q('VTEST')}`],
      ['GET', `/api/reff_consultant/operations?${q('VTEST')}`],
      ['GET', `/api/reff_consultant/history?${q('VTEST')}`],
      ['GET', `/api/partner_badges?${q('VTEST')}&partner_type=consultant`],
      ['GET', `/api/reff_consultant/order_payment?${q('VTEST')}`],
      ['POST', `/api/reff_consultant/order_payment?${q('VTEST')}`, { months: ['2026-03'] }],
    ];
    for (const as of [STRANGER, BARHAT]) {
      for (const [method, url, body] of calls) {
        const res = await call(method as 'GET' | 'POST', url, as, body);
        expect([res.statusCode, res.json()], `${as} ${method} ${url}`).toEqual([
          403,
          { ok: false, status: 'Fail rights' },
        ]);
      }
    }
    expect((await call('GET', '/api/reff_consultant/partners', STRANGER)).statusCode).toBe(403);
    expect((await call('GET', '/api/reff_salon', VOLKOV)).statusCode).toBe(403);
    expect((await call('GET', '/api/reff_salon/payments_history', STRANGER)).statusCode).toBe(403);
    expect((await call('GET', '/api/reff_consultant', VOLKOV)).statusCode).toBe(400);

    // A partner admin with access reads the code (not the owner's other codes); denied, nothing.
    await db().execute(
      sql`insert into partner_admins (promo_code, telegram_id, name, access) values ('VTEST', ${STRANGER}, 'Ольга', true)`,
    );
    const seen = await ok<Consultant>('GET', `/api/reff_consultant?${q('VTEST')}`, STRANGER);
    expect(seen).toMatchObject({ promo_code: 'VTEST', telegram_id: VOLKOV, rights: [] });
    expect(seen.extra_promo_codes.map((c) => c.promo)).toEqual(['VTEST']);
    expect((await ok<PromoGroup[]>('GET', '/api/reff_consultant/partners', STRANGER)).map((g) => g.promo_code)).toEqual(
      ['VTEST'],
    );
    expect((await call('GET', `/api/reff_consultant?${q('VOLKOV')}`, STRANGER)).statusCode).toBe(403);
    await db().execute(sql`update partner_admins set access = false where telegram_id = ${STRANGER}`);
    for (const [method, url, body] of calls) {
      expect((await call(method as 'GET' | 'POST', url, STRANGER, body)).statusCode, url).toBe(403);
    }
    expect(await payoutCount()).toBe(0);
  });

  it('accrues a first payment once at the one-time rate, whatever is replayed; later ones at the regular rate', async () => {
    // The money tests price every payment in full; the partners' first-payment discount has its own
    // test below.
    await db().execute(sql`update consultants set one_time_discount = 0`);
    const first = await pay(A, 1, ['WA', 'TG']);
    expect(first.amount).toBe(2980);
    // The provider's notification again, and the sweep's confirm: both find it applied.
    const replay = await app.runtime.http!.inject({
      method: 'POST',
      url: '/api/payments/webhook/sandbox',
      remoteAddress: '127.0.0.1',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        type: 'notification',
        event: 'payment.succeeded',
        object: { id: first.providerId, status: 'succeeded' },
      }),
    });
    expect(replay.statusCode).toBe(200);
    expect(await app.runtime.payments.confirm(first.providerId)).toBe('already');
    const second = await pay(A, 1, ['TG']);
    expect(second.amount).toBe(1490);

    expect((await ops('VTEST')).map((o) => [o.payment_id, o.kind, o.first_payment, Number(o.accrued_amount)])).toEqual([
      [first.id, 'accrual', true, 1490],
      [second.id, 'accrual', false, 298],
    ]);
    const list = await ok<OperationList>('GET', `/api/reff_consultant/operations?${q('VTEST')}`, VOLKOV);
    expect(list.operations.map((o) => [o.income_amount, o.accrued_amount, o.status, o.payable_from])).toEqual([
      [1490, 298, 'Начисление', '2026-03-24'],
      [2980, 1490, 'Начисление', '2026-03-24'],
    ]);
    expect(list).toMatchObject({ total_paid: 4470, total_accrued: 1788, current_accrued: 0, currency: 'RUB' });
    expect(list.branches).toEqual([{ branch: A, branch_name: 'Салон А' }]);
    // Filters: sums open-ended, statuses, branches; the year's start by default.
    const big = await ok<OperationList>('GET', `/api/reff_consultant/operations?${q('VTEST')}&sum_from=2000`, VOLKOV);
    expect(big.operations.map((o) => o.income_amount)).toEqual([2980]);
    const none = await ok<OperationList>(
      'GET',
      `/api/reff_consultant/operations?${q('VTEST')}&statuses=Начислено&branches=${A}`,
      VOLKOV,
    );
    expect(none.operations).toEqual([]);
    const lastYear = await ok<OperationList>(
      'GET',
      `/api/reff_consultant/operations?${q('VTEST')}&date_to=2025-12-31`,
      VOLKOV,
    );
    expect(lastYear.operations).toEqual([]);

    const [group] = (await ok<PromoGroup[]>('GET', '/api/reff_consultant/partners', VOLKOV)).filter(
      (g) => g.promo_code === 'VTEST',
    );
    expect(group).toMatchObject({
      promo_url: 'http://cabinet.test/auto_connect_send_out?promo_code=VTEST',
      total_clients: 2,
      paid_clients: 1,
      percent_paid: 50,
      consultant_type: { partner_type: 'consultant', regular_pay: 0.2 },
    });
    expect(group!.qr_code).toMatch(/^data:image\/png;base64,/);
    expect(group!.rows.map((r) => [r.acc_id, r.filial_status, r.first_pay_date])).toEqual([
      [A, 'active', '2026-03-10'],
      [B, 'not_paid', null],
    ]);
    const badges = await ok<PartnerBadgesWire>(
      'GET',
      `/api/partner_badges?${q('VTEST')}&partner_type=consultant`,
      VOLKOV,
    );
    expect(badges).toMatchObject({ partner_status: 'firstPay', paid_clients: 1, leads: 0 });
  });

  it('withdraws nothing inside the hold; after it, only payable months, then an operator pays it out', async () => {
    const empty = await ok<Bonuses>('GET', `/api/reff_consultant/order_payment?${q('VTEST')}`, VOLKOV);
    expect(empty).toEqual({ total_earnings: 0, monthly_earnings: [], currency: 'RUB', day_price: null });
    const early = await call('POST', `/api/reff_consultant/order_payment?${q('VTEST')}`, VOLKOV, {
      months: ['2026-03'],
    });
    expect([early.statusCode, early.json()]).toEqual([400, { ok: false, status: 'nothing_payable' }]);

    await at('2026-03-24T06:00:00Z');
    const bonuses = await ok<Bonuses>('GET', `/api/reff_consultant/order_payment?${q('VTEST')}`, VOLKOV);
    expect(bonuses).toMatchObject({
      total_earnings: 1788,
      monthly_earnings: [{ period: '2026-03', amount: 1788, days: null }],
    });
    const list = await ok<OperationList>('GET', `/api/reff_consultant/operations?${q('VTEST')}`, VOLKOV);
    expect(list.operations.map((o) => o.status)).toEqual(['Начислено', 'Начислено']);
    expect(list.current_accrued).toBe(1788);

    const wrong = await call('POST', `/api/reff_consultant/order_payment?${q('VTEST')}`, VOLKOV, {
      months: ['2026-03', '2026-02'],
    });
    expect([wrong.statusCode, wrong.json()]).toEqual([400, { ok: false, status: 'month_not_payable' }]);
    expect(await payoutCount()).toBe(0);
    expect((await ops('VTEST')).every((o) => o.payout_id === null)).toBe(true);

    const done = await call('POST', `/api/reff_consultant/order_payment?${q('VTEST')}`, VOLKOV, {
      months: ['2026-03'],
      msg: 'На карту',
    });
    expect(done.statusCode, done.body).toBe(200);
    const payout = done.json<{ payout_id: number; amount: number; days: number | null; bonuses: Bonuses }>();
    expect(payout).toMatchObject({ amount: 1788, days: null, bonuses: { total_earnings: 0, monthly_earnings: [] } });
    // A second request finds nothing left.
    const again = await call('POST', `/api/reff_consultant/order_payment?${q('VTEST')}`, VOLKOV, {
      months: ['2026-03'],
    });
    expect(again.statusCode).toBe(400);
    expect(await payoutCount()).toBe(1);
    let history = await ok<ConsultantHistory>('GET', `/api/reff_consultant/history?${q('VTEST')}`, VOLKOV);
    expect(history).toMatchObject([
      { period: '2026-03', amount: 1788, payed: false, payout_id: payout.payout_id, paid_at: null },
    ]);
    expect(
      (await ok<OperationList>('GET', `/api/reff_consultant/operations?${q('VTEST')}`, VOLKOV)).operations.map(
        (o) => o.status,
      ),
    ).toEqual(['Начислено', 'Начислено']);

    expect((await opsCall('partner_payout_paid', { payout_id: payout.payout_id }, null)).statusCode).toBe(401);
    expect((await opsCall('partner_payout_paid', { payout_id: 999999 })).json()).toEqual({
      ok: false,
      status: 'payout_not_found',
    });
    for (let i = 0; i < 2; i++) {
      const paid = await opsCall('partner_payout_paid', { payout_id: payout.payout_id });
      expect([paid.statusCode, paid.json()]).toEqual([200, { ok: true, payout_id: payout.payout_id }]);
    }
    history = await ok<ConsultantHistory>('GET', `/api/reff_consultant/history?${q('VTEST')}`, VOLKOV);
    expect(history[0]).toMatchObject({ payed: true, paid_at: '2026-03-24T06:00:00.000Z' });
    expect(
      (await ok<OperationList>('GET', `/api/reff_consultant/operations?${q('VTEST')}`, VOLKOV)).operations.map(
        (o) => o.status,
      ),
    ).toEqual(['Выплачено', 'Выплачено']);
  });

  it('reverses a refund before the payout under the same month: it nets to nothing', async () => {
    const paid = await pay(B, 1, ['WA', 'TG']);
    const refund = async () => {
      const res = await opsCall('refund', { payment_id: String(paid.id) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ refunded: boolean }>().refunded;
    };
    expect(await refund()).toBe(true);
    expect(await refund()).toBe(false);
    const mine = (await ops('VTEST')).filter((o) => o.payment_id === paid.id);
    expect(mine.map((o) => [o.kind, Number(o.accrued_amount), o.period, o.payable_from])).toEqual([
      ['accrual', 1490, '2026-03', '2026-04-07'],
      ['reversal', -1490, '2026-03', '2026-03-24'],
    ]);
    const list = await ok<OperationList>('GET', `/api/reff_consultant/operations?${q('VTEST')}`, VOLKOV);
    expect(list.operations[0]).toMatchObject({
      income_amount: -2980,
      accrued_amount: -1490,
      status: 'Возврат',
      payable_from: null,
    });

    await at('2026-04-08T06:00:00Z');
    expect(await ok<Bonuses>('GET', `/api/reff_consultant/order_payment?${q('VTEST')}`, VOLKOV)).toMatchObject({
      total_earnings: 0,
      monthly_earnings: [],
    });
    const res = await call('POST', `/api/reff_consultant/order_payment?${q('VTEST')}`, VOLKOV, { months: ['2026-03'] });
    expect(res.statusCode).toBe(400);
  });

  it('reverses a refund after the payout as a negative operation that comes off the next payout', async () => {
    const [firstAccrual] = await ops('VTEST');
    expect(firstAccrual!.payout_id).not.toBeNull();
    const res = await opsCall('refund', { payment_id: String(firstAccrual!.payment_id) });
    expect(res.statusCode, res.body).toBe(200);
    const reversal = (await ops('VTEST')).at(-1)!;
    expect([reversal.kind, Number(reversal.accrued_amount), reversal.period]).toEqual(['reversal', -1490, '2026-04']);
    expect(await ok<Bonuses>('GET', `/api/reff_consultant/order_payment?${q('VTEST')}`, VOLKOV)).toMatchObject({
      total_earnings: 0,
      monthly_earnings: [],
    });

    await at('2026-05-01T06:00:00Z');
    const next = await pay(A, 3, ['WA', 'TG']);
    const share = Math.round(next.amount * 0.2 * 100) / 100;
    expect(share).toBeGreaterThan(1490);
    await at('2026-05-15T06:00:00Z');
    const bonuses = await ok<Bonuses>('GET', `/api/reff_consultant/order_payment?${q('VTEST')}`, VOLKOV);
    expect(bonuses.monthly_earnings).toEqual([{ period: '2026-05', amount: share, days: null }]);
    expect(bonuses.total_earnings).toBe(Math.round((share - 1490) * 100) / 100);
    const done = await ok<{ amount: number }>('POST', `/api/reff_consultant/order_payment?${q('VTEST')}`, VOLKOV, {
      months: ['2026-05'],
    });
    expect(done.amount).toBe(Math.round((share - 1490) * 100) / 100);
    // The refunded March payment of B netted to nothing: settled with it.
    expect((await ops('VTEST')).filter((o) => o.payout_id === null)).toEqual([]);
  });

  it('takes the partner’s one-time discount off a brought salon’s first payment only', async () => {
    const D = 2004;
    await db().execute(
      sql`insert into branches (acc_id, branch_id, name, time_zone) values (${D}, ${D + 600000}, 'Салон Г', 'Europe/Moscow')`,
    );
    await db().execute(
      sql`insert into branch_members (acc_id, user_id, name, rights) values (${D}, ${OWNER}, 'Анна', array['owner'])`,
    );
    await ok('POST', `/api/settings/general?acc_id=${D}`, OWNER, { ...DEFAULT_GENERAL_SETTINGS, phone: '79161234567' });
    await db().execute(sql`update consultants set one_time_discount = 0.1 where user_id = ${VOLKOV}`);
    const discount = async () => (await ok<PayData>('GET', `/api/pay?acc_id=${D}`, OWNER)).discount;
    // Not brought by a code: no discount.
    expect(await discount()).toBe(0);
    await db().execute(sql`insert into partner_attributions (acc_id, promo_code) values (${D}, 'VTEST')`);
    expect(await discount()).toBe(0.1);
    const first = await pay(D, 1, ['WA', 'TG']);
    expect(first.amount).toBe(2682);
    expect(await discount()).toBe(0);
    expect((await pay(D, 1, ['WA', 'TG'])).amount).toBe(2980);
    await db().execute(sql`update consultants set one_time_discount = 0`);
  });

  it('pays a salon partner in bonus days of its own branch at once', async () => {
    const moscowBefore = await ok<PayData>('GET', `/api/pay?acc_id=${DEMO_BRANCHES.moscow}`, OWNER);
    const historyBefore = await ok<SalonHistory>('GET', '/api/reff_salon/payments_history', BARHAT);
    const paid = await pay(C, 1, ['WA', 'TG']);
    expect(paid.amount).toBe(2980);
    await at('2026-05-29T06:00:00Z');
    const bonuses = await ok<Bonuses>('GET', `/api/reff_consultant/order_payment?${q('BTEST')}`, BARHAT);
    const dayPrice = (1490 + 1490 + 990) / 30;
    expect(bonuses).toMatchObject({
      total_earnings: 894,
      day_price: Math.round(dayPrice * 100) / 100,
      monthly_earnings: [{ period: '2026-05', amount: 894, days: 6 }],
    });
    const done = await ok<{ amount: number; days: number }>(
      'POST',
      `/api/reff_consultant/order_payment?${q('BTEST')}`,
      BARHAT,
      { months: ['2026-05'] },
    );
    expect(done).toMatchObject({ amount: 894, days: 6 });
    const moscow = await ok<PayData>('GET', `/api/pay?acc_id=${DEMO_BRANCHES.moscow}`, OWNER);
    for (const m of ['WA', 'TG', 'loyalty'] as const) {
      expect(moscow.modules_paid_till[m]).toBe(addDaysToDay(moscowBefore.modules_paid_till[m]!, 6));
    }
    const history = await ok<{ data: PaymentHistoryRow[] }>(
      'GET',
      `/api/payment_history?acc_id=${DEMO_BRANCHES.moscow}`,
      OWNER,
    );
    expect(history.data[0]).toMatchObject({ type: 'bonus', amount: 0 });
    const payouts = await ok<ConsultantHistory>('GET', `/api/reff_consultant/history?${q('BTEST')}`, BARHAT);
    expect(payouts[0]).toMatchObject({ amount: 894, payed: true });

    const salon = await ok<SalonHistory>('GET', '/api/reff_salon/payments_history', BARHAT);
    expect(salon.total_bonuses).toBe(historyBefore.total_bonuses + 6);
    const daysTill = (Date.parse(moscow.pay_date!) - Date.parse('2026-05-29')) / 86_400_000;
    expect(salon.days_left).toBe(daysTill);
    expect(salon.months.find((m) => m.period === '2026-05')).toMatchObject({ count: 1, sum: 894 });
    const page = await ok<SalonPartner>('GET', '/api/reff_salon', BARHAT);
    expect(page).toMatchObject({ promo_code: 'BARHAT', acc_id: DEMO_BRANCHES.moscow, one_time_pay_rate: 0.3 });
  });
});
