import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONBOARDING_STATUS as S } from '@salon/contract/onboarding';
import { queryRows } from '../../platform/db/client.js';
import { DB_KINDS } from '../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../test-support/harness.js';

// SPEC 7 /save_sendout_bot_form: the public send-out form of a new salon (issue 17: a partner's
// promo link brings it).
describe.each(DB_KINDS)('send-out form (%s)', (kind) => {
  let app: TestApp;
  let ipNo = 0;

  beforeAll(async () => {
    app = await startTestApp(kind, { PUBLIC_URL: 'https://cabinet.example' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const form = (change: Record<string, unknown> = {}) => ({
    owner_phone: '79991112233',
    salon_phone: '79994445566',
    telegram_id: '700000001',
    wa_life_time: 'over_year',
    time_to_msk: 2,
    acc_id: null,
    form_url: 'https://cabinet.example/auto_connect_send_out',
    agreements: { mandatory_agreement: true, optional_agreement: false },
    ...change,
  });
  // Each test writes from its own address: the form is limited per address.
  const send = (body: unknown, ip = `10.77.0.${++ipNo}`) =>
    app.request({ method: 'POST', url: '/api/save_sendout_bot_form', body, ip });
  const count = async (table: 'users' | 'branches' | 'branch_members') =>
    Number(
      (
        await queryRows<{ n: number | string }>(
          app.runtime.database.db,
          sql`select count(*) as n from ${sql.identifier(table)}`,
        )
      )[0]!.n,
    );
  const counts = async () => ({
    users: await count('users'),
    branches: await count('branches'),
    members: await count('branch_members'),
  });

  it('refuses each broken rule in the order of SPEC 5 with its own status, and saves nothing', async () => {
    const before = await counts();
    const cases: [Record<string, unknown>, string][] = [
      [{ owner_phone: '', salon_phone: '', telegram_id: '' }, S.ownerPhoneEmpty],
      [{ owner_phone: '7999', salon_phone: '' }, S.ownerPhoneInvalid],
      [{ salon_phone: '', wa_life_time: null }, S.salonPhoneEmpty],
      [{ salon_phone: '12', wa_life_time: null }, S.salonPhoneInvalid],
      [{ wa_life_time: '', time_to_msk: null }, S.waAgeEmpty],
      [{ wa_life_time: 'forever' }, S.waAgeInvalid],
      [{ time_to_msk: null, telegram_id: '' }, S.timeZoneEmpty],
      [{ time_to_msk: 12 }, S.timeZoneInvalid],
      [{ time_to_msk: '1.5' }, S.timeZoneInvalid],
      [{ telegram_id: '', agreements: null }, S.telegramIdEmpty],
      [{ telegram_id: '0123456' }, S.telegramIdInvalid],
      [{ agreements: { mandatory_agreement: false, optional_agreement: true } }, S.agreementRequired],
      [{ promo_code: 'NO_SUCH_CODE' }, S.promoUnknown],
      [{ promo_code: 'bad code!' }, S.promoUnknown],
    ];
    const answers = [];
    for (const [change] of cases) {
      const res = await send(form(change));
      answers.push([res.statusCode, res.json<{ status: string }>().status]);
    }
    expect(answers).toEqual(cases.map(([, status]) => [400, status]));
    expect(await counts()).toEqual(before);
  });

  it('creates a send-out branch the owner can sign in to, once per Telegram id and salon phone', async () => {
    const before = await counts();
    const res = await send(form({ telegram_id: 700000002, owner_phone: '+7 (999) 111-22-33' }));
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<{ deeplink: string; acc_id: number; created: boolean }>();
    expect(saved).toMatchObject({ ok: true, deeplink: 'https://cabinet.example/', created: true });
    expect(await counts()).toEqual({
      users: before.users + 1,
      branches: before.branches + 1,
      members: before.members + 1,
    });

    const { token } = await app.login(700000002);
    const accounts = await app.request({ method: 'GET', url: '/api/accounts', token });
    expect(accounts.statusCode).toBe(200);
    const body = accounts.json<{
      accounts: { acc_id: number; send_out_account: boolean; rights: string[]; time_zone: string; name: string }[];
      agreements: { mandatory_agreement: boolean; optional_agreement: boolean };
    }>();
    // time_to_msk 2 is UTC+5: the branch's zone.
    expect(body.accounts).toEqual([
      expect.objectContaining({
        acc_id: saved.acc_id,
        send_out_account: true,
        rights: ['owner'],
        time_zone: 'Asia/Yekaterinburg',
        name: 'Рассылка +79994445566',
      }),
    ]);
    expect(body.agreements).toEqual({ mandatory_agreement: true, optional_agreement: false });
    // The salon phone is the branch's contact (a rouble payment's receipt needs one).
    const general = await app.request({ method: 'GET', url: `/api/settings/general?acc_id=${saved.acc_id}`, token });
    expect(general.json<{ data: { phone: string } }>().data.phone).toBe('79994445566');

    // The same person sends the same form again (a double click, a second tab): the same branch.
    const again = await send(form({ telegram_id: '700000002', salon_phone: '8 999 444-55-66' }));
    expect(again.json()).toMatchObject({ acc_id: saved.acc_id, created: false });
    expect(await count('branches')).toBe(before.branches + 1);

    // Another salon phone is another send-out account of the same owner.
    const other = await send(form({ telegram_id: '700000002', salon_phone: '79994440000' }));
    expect(other.json()).toMatchObject({ created: true });
    expect(other.json<{ acc_id: number }>().acc_id).not.toBe(saved.acc_id);
  });

  it('makes one branch of two identical forms sent at once', async () => {
    const before = await count('branches');
    const body = form({ telegram_id: '700000004', salon_phone: '79994447788' });
    const answers = await Promise.all([send(body), send(body)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const saved = answers.map((a) => a.json<{ acc_id: number; created: boolean }>());
    expect(saved[0]!.acc_id).toBe(saved[1]!.acc_id);
    expect(saved.map((s) => s.created).sort()).toEqual([false, true]);
    expect(await count('branches')).toBe(before + 1);
  });

  it('with a partner promo code attributes the branch and starts its test period', async () => {
    const res = await send(form({ telegram_id: '700000003', promo_code: ' volkov ' }));
    expect(res.statusCode, res.body).toBe(200);
    const { acc_id: accId } = res.json<{ acc_id: number }>();
    const [attribution] = await queryRows<{ promo_code: string }>(
      app.runtime.database.db,
      sql`select promo_code from partner_attributions where acc_id = ${accId}`,
    );
    expect(attribution?.promo_code).toBe('VOLKOV');

    const { token } = await app.login(700000003);
    const pay = await app.request({ method: 'GET', url: `/api/pay?acc_id=${accId}`, token });
    expect(pay.statusCode, pay.body).toBe(200);
    // The harness clock: 2026-03-10 09:00 UTC; VOLKOV gives 14 days.
    expect(pay.json()).toMatchObject({ is_test_period: true, pay_date: '2026-03-24' });
  });

  it('limits the form per address', async () => {
    const ip = '10.77.200.1';
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await send(form({ owner_phone: '' }), ip)).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
