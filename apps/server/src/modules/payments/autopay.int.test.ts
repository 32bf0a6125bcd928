import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAY_STATUS, isPayLink, type PayData, type PaymentHistoryRow } from '@salon/contract/payments';
import { DEFAULT_GENERAL_SETTINGS } from '@salon/contract/settings';
import type { LoyaltyCardsResponse } from '@salon/contract/loyalty';
import { queryRows } from '../../platform/db/client.js';
import { DEMO_BRANCHES, DEMO_USERS } from '../../seed/demo.js';
import { DB_KINDS } from '../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../test-support/harness.js';
import { until } from '../../test-support/until.js';

const { moscow, vladivostok } = DEMO_BRANCHES;
// A branch with no payment data at all: never gated.
const UNPAID = 1090;
const PHONE = '79161234567';
const GOOD_CARD = '4242 4242 4242 4242';
// The sandbox saves a card ending 0002 and declines every later charge of it.
const DECLINING_CARD = '4000 0000 0000 0002';

interface PaymentDbRow {
  id: number;
  type: string;
  status: string;
  amount: string | number;
  due_day: string | null;
  failure_reason: string | null;
  provider_payment_id: string | null;
  applied_at: Date | null;
  refunded_at: Date | null;
  refund_amount: string | number | null;
}

// Autopay and dunning over a moved clock (issue 16 items 3 and 5), through the embedded sandbox
// provider: a card binding turns autopay on, the sweep charges the saved card on its try days, a
// declining card is dunned through the grace, then the channels go `no_pay` and loyalty cannot be
// switched on until a payment brings them back. Vladivostok is UTC+10: its days start at 14:00 UTC.
describe.each(DB_KINDS)('autopay and dunning (%s)', (kind) => {
  let app: TestApp;
  let owner: string;

  beforeAll(async () => {
    app = await startTestApp(kind, { PUBLIC_URL: 'http://cabinet.test' });
    owner = (await app.login(DEMO_USERS.owner)).token;
    for (const accId of [vladivostok, moscow]) {
      const saved = await call('POST', `/api/settings/general?acc_id=${accId}`, {
        ...DEFAULT_GENERAL_SETTINGS,
        phone: PHONE,
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    await db().execute(
      sql`insert into branches (acc_id, branch_id, name, time_zone) values (${UNPAID}, 509090, 'Без оплаты', 'Asia/Vladivostok')`,
    );
    // Channel instances as the connection page makes them (not connected: no worker in this app).
    for (const accId of [vladivostok, moscow, UNPAID]) {
      for (const code of ['WA', 'TG'] as const) await app.runtime.channels.connection.instance(accId, code);
    }
  });
  afterAll(async () => {
    await app?.close();
  });

  const db = () => app.runtime.database.db;
  function call(method: 'GET' | 'POST', url: string, body?: unknown) {
    return app.request({ method, url, token: owner, body });
  }
  const payments = (accId: number) =>
    queryRows<PaymentDbRow>(
      db(),
      sql`select id, type, status, amount, due_day::text, failure_reason, provider_payment_id, applied_at,
                 refunded_at, refund_amount
          from payments where acc_id = ${accId} order by id`,
    );
  const payData = async (accId: number) => {
    const res = await call('GET', `/api/pay?acc_id=${accId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PayData>();
  };
  const branchRow = async (accId: number) =>
    (
      await queryRows<{ pay_period: string | null; pay_status: boolean; active_modules: string[]; status_wa: string }>(
        db(),
        sql`select pay_period::text, pay_status, active_modules, status_wa from branches where acc_id = ${accId}`,
      )
    )[0]!;
  const channel = async (accId: number, kind: 'whatsapp' | 'telegram') =>
    (
      await queryRows<{ status: string; status_reason: string | null }>(
        db(),
        sql`select status, status_reason from channel_instances where acc_id = ${accId} and kind = ${kind}`,
      )
    )[0]!;
  const account = async (accId: number) =>
    (
      await queryRows<{
        autopay: boolean;
        payment_method_id: string | null;
        last_4: string | null;
        autopay_months: number | null;
        autopay_modules: string[] | null;
      }>(
        db(),
        sql`select autopay, payment_method_id, last_4, autopay_months, autopay_modules
            from payment_accounts where acc_id = ${accId}`,
      )
    )[0];
  // The owner's admin bot messages about a branch (no bot token: DATA_DIR/bot-outbox), oldest first.
  const messages = async (branchName: string) => {
    const dir = path.join(app.runtime.config.dataDir, 'bot-outbox');
    const files = (await readdir(dir).catch(() => [] as string[]))
      .filter((f) => f.includes(`-${DEMO_USERS.owner}-`) && f.endsWith('-alert.txt'))
      .sort();
    const texts = await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
    return texts.filter((t) => t.startsWith(`${branchName}\n`));
  };
  const VLAD = 'Бархат Владивосток';
  // Noon in Vladivostok on a local day; the session is renewed (the old token expired meanwhile).
  const setDay = async (day: string) => {
    app.clock.set(`${day}T02:00:00Z`);
    owner = (await app.login(DEMO_USERS.owner)).token;
  };
  // Pays in the sandbox checkout a link answered by our API, and waits for its notification.
  async function payThrough(url: string, card: string): Promise<PaymentDbRow> {
    expect(isPayLink(url)).toBe(true);
    const before = await payments(vladivostok);
    const row = before.at(-1)!;
    expect(url).toBe(`http://cabinet.test/api/payments/sandbox/checkout/${row.provider_payment_id}`);
    const paid = await app.request({
      method: 'POST',
      url: new URL(url).pathname,
      body: { decision: 'pay', card },
    });
    expect(paid.statusCode).toBe(303);
    await until(async () => (await payments(vladivostok)).find((p) => p.id === row.id)!.applied_at !== null);
    return (await payments(vladivostok)).find((p) => p.id === row.id)!;
  }
  const buy = async (months: number, modules: string[]) => {
    const res = await call('POST', `/api/get_link?acc_id=${vladivostok}&months=${months}`, { modules });
    expect(res.statusCode, res.body).toBe(200);
    return payThrough(res.json<string>(), GOOD_CARD);
  };
  const bind = async (route: 'autopay_link' | 'change_card', card: string) => {
    const res = await call('GET', `/api/${route}?acc_id=${vladivostok}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    return payThrough(res.json<string>(), card);
  };
  let cardType: { id: string; title: string; salon_group_id: string | null };
  const activateLoyalty = async () => {
    const res = await call('POST', `/api/loyalty/create?acc_id=${vladivostok}`, {
      title: 'Приведи подругу',
      active: true,
      bonus_type: 'first_visit',
      card_type: cardType,
      loyalty_points: 500,
      new_customer_points: 300,
      range_of_visits: [0, 1],
      interest_regular_customer: null,
      sending_bonuses: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ loyalty_permission_status: boolean; data: unknown }>();
  };

  it('leaves branches without payment data alone, and refuses autopay with nothing to renew', async () => {
    await app.runtime.runSweeps();
    expect(await branchRow(vladivostok)).toMatchObject({ pay_period: null, pay_status: false, active_modules: [] });
    const res = await call('GET', `/api/autopay_link?acc_id=${vladivostok}`);
    expect([res.statusCode, res.json()]).toEqual([400, { ok: false, status: PAY_STATUS.notPayable }]);
    expect(await payments(vladivostok)).toEqual([]);
    // Not gated: loyalty goes on without any payment.
    const cards = await call('GET', `/api/loyalty/loyalty_cards?acc_id=${vladivostok}`);
    cardType = cards.json<LoyaltyCardsResponse>().data[0]!;
    expect((await activateLoyalty()).loyalty_permission_status).toBe(true);
  });

  it('binds a card: autopay on with the last plan, the binding refunded, no period moved, not in the history', async () => {
    await buy(1, ['WA', 'TG', 'loyalty']);
    const before = await payData(vladivostok);
    expect(before).toMatchObject({ pay_date: '2026-04-10', autopay: false, last_4: null });

    const binding = await bind('autopay_link', GOOD_CARD);
    expect(binding).toMatchObject({ type: 'binding', status: 'succeeded' });
    expect(Number(binding.amount)).toBe(1);
    await until(async () => (await payments(vladivostok)).at(-1)!.refunded_at !== null);
    expect(Number((await payments(vladivostok)).at(-1)!.refund_amount)).toBe(1);
    expect(await account(vladivostok)).toMatchObject({
      autopay: true,
      last_4: '4242',
      autopay_months: 1,
      autopay_modules: ['WA', 'TG', 'loyalty'],
    });
    const after = await payData(vladivostok);
    expect(after).toEqual({ ...before, autopay: true, last_4: '4242' });
    // A replayed binding notification turns nothing on twice and moves nothing.
    expect(await app.runtime.payments.confirm(binding.provider_payment_id!)).toBe('already');
    const history = (await call('GET', `/api/payment_history?acc_id=${vladivostok}`)).json<{
      data: PaymentHistoryRow[];
    }>().data;
    expect(history.map((h) => h.type)).toEqual(['card']);
  });

  it('warns the day before the first try, then charges the saved card once and extends once', async () => {
    await setDay('2026-04-05');
    await app.runtime.runSweeps();
    expect(await messages(VLAD)).toEqual([]);

    await setDay('2026-04-06');
    await app.runtime.runSweeps();
    const warned = await messages(VLAD);
    expect(warned).toHaveLength(1);
    expect(warned[0]).toContain('Автоплатёж: 7 апреля 2026 спишем');
    expect(warned[0]).toContain('•• 4242');
    expect((await payments(vladivostok)).filter((p) => p.type === 'autopay')).toEqual([]);
    await app.runtime.runSweeps();
    expect(await messages(VLAD)).toHaveLength(1);

    await setDay('2026-04-07');
    await app.runtime.runSweeps();
    const charged = (await payments(vladivostok)).filter((p) => p.type === 'autopay');
    expect(charged).toHaveLength(1);
    expect(charged[0]).toMatchObject({ status: 'succeeded', due_day: '2026-04-10' });
    expect((await payData(vladivostok)).pay_date).toBe('2026-05-10');

    // The provider's notification, a replay and the next sweeps change nothing.
    expect(await app.runtime.payments.confirm(charged[0]!.provider_payment_id!)).toBe('already');
    await app.runtime.runSweeps();
    await setDay('2026-04-09');
    await app.runtime.runSweeps();
    expect((await payments(vladivostok)).filter((p) => p.type === 'autopay')).toHaveLength(1);
    expect((await payData(vladivostok)).pay_date).toBe('2026-05-10');
    const history = (await call('GET', `/api/payment_history?acc_id=${vladivostok}`)).json<{
      data: PaymentHistoryRow[];
    }>().data;
    expect(history.map((h) => h.type)).toEqual(['autopay', 'card']);
  });

  it('dunning: three declined tries, three messages, the grace, then the channels off and loyalty refused', async () => {
    // A new card that the bank will refuse; the plan stays.
    await bind('change_card', DECLINING_CARD);
    expect(await account(vladivostok)).toMatchObject({ autopay: true, last_4: '0002', autopay_months: 1 });
    // The owner dropped Telegram before: it stays dropped whatever happens.
    const tg = await app.runtime.channels.repo.instanceOf(vladivostok, 'telegram');
    await app.runtime.channels.repo.saveStatus(tg!.id, 'no_pay', 'dropped', null, app.clock.now());
    const seen = (await messages(VLAD)).length;

    for (const [day, next] of [
      ['2026-05-07', 'Следующая попытка — 9 мая 2026. '],
      ['2026-05-09', 'Следующая попытка — 11 мая 2026. '],
      ['2026-05-11', 'Попыток больше не будет. Оплатите в кабинете до 13 мая 2026 включительно'],
    ] as const) {
      await setDay(day);
      await app.runtime.runSweeps();
      await app.runtime.runSweeps();
      const latest = (await messages(VLAD)).slice(seen);
      expect(latest.at(-1), day).toContain('Автоплатёж не прошёл');
      expect(latest.at(-1), day).toContain(next);
    }
    const tries = (await payments(vladivostok)).filter((p) => p.type === 'autopay' && p.due_day === '2026-05-10');
    expect(tries.map((t) => [t.status, t.failure_reason])).toEqual([
      ['canceled', 'card_expired'],
      ['canceled', 'card_expired'],
      ['canceled', 'card_expired'],
    ]);
    expect((await messages(VLAD)).slice(seen).filter((m) => m.includes('Автоплатёж не прошёл'))).toHaveLength(3);
    expect((await payData(vladivostok)).pay_date).toBe('2026-05-10');

    // In the grace: not paid, but everything still works.
    expect(await branchRow(vladivostok)).toMatchObject({
      pay_status: false,
      active_modules: ['WA', 'TG', 'loyalty'],
    });
    expect(await channel(vladivostok, 'whatsapp')).toEqual({ status: 'not_authenticated', status_reason: null });
    expect((await activateLoyalty()).loyalty_permission_status).toBe(true);

    await setDay('2026-05-13');
    await app.runtime.runSweeps();
    expect((await channel(vladivostok, 'whatsapp')).status).toBe('not_authenticated');

    await setDay('2026-05-14');
    await app.runtime.runSweeps();
    expect(await channel(vladivostok, 'whatsapp')).toEqual({ status: 'no_pay', status_reason: 'not_paid' });
    expect(await channel(vladivostok, 'telegram')).toEqual({ status: 'no_pay', status_reason: 'dropped' });
    expect(await branchRow(vladivostok)).toMatchObject({
      pay_period: '2026-05-10',
      pay_status: false,
      active_modules: [],
      status_wa: 'no_pay',
    });
    const off = (await messages(VLAD)).at(-1)!;
    expect(off).toContain('Оплата не поступила: WhatsApp, Telegram, «Приведи друга» отключены');
    expect(await activateLoyalty()).toMatchObject({ loyalty_permission_status: false, data: null });
    // No charge after the grace, and no second "off".
    const count = (await payments(vladivostok)).length;
    const said = (await messages(VLAD)).length;
    await app.runtime.runSweeps();
    expect((await payments(vladivostok)).length).toBe(count);
    expect((await messages(VLAD)).length).toBe(said);
  });

  it('a card payment brings the unpaid channel back by itself; a dropped one stays dropped', async () => {
    // Later the same day (the bot-outbox files are named by the clock's time).
    app.clock.advance(60_000);
    const said = (await messages(VLAD)).length;
    await buy(1, ['WA', 'TG', 'loyalty']);
    // Right after the payment is applied (its notification's confirmation goes on to the channels).
    await until(async () => (await branchRow(vladivostok)).status_wa !== 'no_pay');
    expect(await channel(vladivostok, 'whatsapp')).toEqual({ status: 'not_authenticated', status_reason: null });
    expect(await channel(vladivostok, 'telegram')).toEqual({ status: 'no_pay', status_reason: 'dropped' });
    expect(await branchRow(vladivostok)).toMatchObject({
      pay_period: '2026-06-14',
      pay_status: true,
      active_modules: ['WA', 'TG', 'loyalty'],
      status_wa: 'not_authenticated',
    });
    expect((await activateLoyalty()).loyalty_permission_status).toBe(true);
    await app.runtime.runSweeps();
    await app.runtime.runSweeps();
    const back = (await messages(VLAD)).slice(said);
    expect(back).toHaveLength(1);
    expect(back[0]).toContain('Оплата получена: WhatsApp, Telegram, «Приведи друга» оплачены до 14 июня 2026. ');
  });

  it('turns autopay off: the card is forgotten and nothing is charged on the next try days', async () => {
    const off = await call('POST', `/api/autopay_off?acc_id=${vladivostok}`);
    expect([off.statusCode, off.json()]).toEqual([200, { ok: true, autopay: false }]);
    expect(await payData(vladivostok)).toMatchObject({ autopay: false, last_4: null });
    const count = (await payments(vladivostok)).length;
    for (const day of ['2026-06-10', '2026-06-11', '2026-06-13', '2026-06-15']) {
      await setDay(day);
      await app.runtime.runSweeps();
    }
    expect((await payments(vladivostok)).length).toBe(count);
    // Without autopay: the reminder before the paid-till day and the grace message after it.
    const said = (await messages(VLAD)).slice(-2);
    expect(said[0]).toContain('оплачено до 14 июня 2026. ');
    expect(said[1]).toContain('Оплаченный период закончился 14 июня 2026. ');
  });

  it("leaves other branches' data and a branch without payment data untouched", async () => {
    expect(await payments(moscow)).toEqual([]);
    expect(await branchRow(moscow)).toMatchObject({
      pay_period: '2027-01-31',
      pay_status: true,
      active_modules: ['WA', 'TG', 'loyalty'],
    });
    expect((await channel(moscow, 'whatsapp')).status).toBe('not_authenticated');
    expect(await messages('Бархат на Тверской')).toEqual([]);

    expect(await branchRow(UNPAID)).toMatchObject({ pay_period: null, pay_status: false, active_modules: [] });
    expect((await channel(UNPAID, 'whatsapp')).status).toBe('not_authenticated');
    const notices = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from payment_notices where acc_id in (${moscow}, ${UNPAID})`,
    );
    expect(Number(notices[0]!.n)).toBe(0);
  });
});
