import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTO_CONNECT_STATUS as A, type AutoConnectForm } from '@salon/contract/auto-connect';
import { ONBOARDING_STATUS as S } from '@salon/contract/onboarding';
import { queryRows } from '../../platform/db/client.js';
import { DB_KINDS } from '../../test-support/databases.js';
import { startFakeYclients, type FakeYclients } from '../../test-support/fake-yclients-server.js';
import { startTestApp, type TestApp } from '../../test-support/harness.js';

// SPEC 2 /auto_connect_form and /auto_connect, SPEC 4 and 7: the auto-connection wizard of a salon
// of a booking system, step by step, until the last step creates its branch.
describe.each(DB_KINDS)('auto-connection wizard (%s)', (kind) => {
  let app: TestApp;
  let ipNo = 0;
  let companyNo = 0;

  beforeAll(async () => {
    app = await startTestApp(kind, { PUBLIC_URL: 'https://cabinet.example' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const ip = () => `10.78.${Math.floor(++ipNo / 200)}.${ipNo % 200}`;
  const post = (url: string, body: unknown) => app.request({ method: 'POST', url, body, ip: ip() });
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

  // Opens a wizard for a new local-CRM company; answers its link's query.
  const open = async (promoCode?: string) => {
    const companyId = 880000 + ++companyNo;
    const res = await post('/api/autoconnect_request', {
      crm_name: 'local',
      company_id: String(companyId),
      ...(promoCode ? { promo_code: promoCode } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json<{ url: string }>();
    expect(url).toMatch(/^https:\/\/cabinet\.example\/auto_connect\?acc_id=\d+&form_hash=[\w-]{20,}&crm_name=local/);
    return { companyId, query: new URL(url).search.slice(1).replace(/&promo_code=.*$/, '') };
  };
  const accept = (query: string, step: number, fields: Record<string, unknown> = {}) =>
    post(`/api/accept_step?${query}`, { crm_name: 'local', form_step: step, ...fields });
  const getForm = (query: string) => app.request({ method: 'GET', url: `/api/get_form?${query}` });

  const STEPS: Record<number, Record<string, unknown>> = {
    1: {},
    2: { from_ref: '' },
    3: { branch_name: 'Салон «Лилия»', emoji: '🌸', emoji_list: ['🌸'] },
    4: { address: 'Москва, Тверская 1', salon_phone: '+7 999 555-11-22', owner_phone: '79995552233' },
    5: { wa_life_time: 'over_year', main_channel: 'wa' },
    6: { main_url: 'https://lilia.example', other_urls: ['https://vk.com/lilia', ''] },
    7: { telegram_id: '' },
    8: { agreements: { mandatory_agreement: true, optional_agreement: true } },
  };
  const walk = async (query: string, telegramId: string, until: number, skipPromo = false) => {
    for (let step = 1; step <= until; step++) {
      if (step === 2 && skipPromo) continue;
      const fields = step === 7 ? { telegram_id: telegramId } : STEPS[step];
      const res = await accept(query, step, fields);
      expect(res.statusCode, `step ${step}: ${res.body}`).toBe(200);
    }
  };

  it('makes a branch whose owner signs in with the Telegram id of step 7', async () => {
    const before = await counts();
    const { companyId, query } = await open();
    const first = await getForm(query);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      stepId: 1,
      crmName: 'local',
      accId: companyId,
      completed: false,
      botLink: null,
    });

    await walk(query, '700000101', 7);
    const beforeLast = (await getForm(query)).json<AutoConnectForm>();
    expect(beforeLast).toMatchObject({
      stepId: 8,
      salonName: 'Салон «Лилия»',
      emoji: '🌸',
      salonPhoneNumber: '79995551122',
      ownerPhoneNumber: '79995552233',
      ageOfWhatsappAccount: 'over_year',
      mainChannel: 'wa',
      linksOnSalon: ['https://lilia.example', 'https://vk.com/lilia'],
      telegramId: '700000101',
    });
    // Nothing exists before the last step.
    expect(await counts()).toEqual(before);

    const last = await accept(query, 8, STEPS[8]);
    expect(last.statusCode, last.body).toBe(200);
    const done = last.json<AutoConnectForm>();
    expect(done).toMatchObject({
      completed: true,
      agreements: { mandatory_agreement: true, optional_agreement: true },
    });
    expect(done.branchAccId).toEqual(expect.any(Number));
    expect(await counts()).toEqual({
      users: before.users + 1,
      branches: before.branches + 1,
      members: before.members + 1,
    });
    const [branch] = await queryRows<{ branch_id: number; crm_name: string; time_zone: string; address: string }>(
      app.runtime.database.db,
      sql`select branch_id, crm_name, time_zone, address from branches where acc_id = ${done.branchAccId}`,
    );
    expect(branch).toEqual({
      branch_id: companyId,
      crm_name: 'local',
      time_zone: 'Europe/Moscow',
      address: 'Москва, Тверская 1',
    });

    const [connection] = await queryRows<{ kind: string; company_id: number; active: boolean }>(
      app.runtime.database.db,
      sql`select kind, company_id, active from crm_connections where acc_id = ${done.branchAccId}`,
    );
    expect(connection).toEqual({ kind: 'local', company_id: companyId, active: true });

    const { token } = await app.login(700000101);
    const accounts = await app.request({ method: 'GET', url: '/api/accounts', token });
    expect(accounts.statusCode).toBe(200);
    expect(accounts.json<{ accounts: unknown[] }>().accounts).toEqual([
      expect.objectContaining({ acc_id: done.branchAccId, rights: ['owner'], name: 'Салон «Лилия»' }),
    ]);
    const general = await app.request({
      method: 'GET',
      url: `/api/settings/general?acc_id=${done.branchAccId}`,
      token,
    });
    expect(general.json<{ data: { phone: string } }>().data.phone).toBe('79995551122');

    // A replay of the last step (a double click, a second tab) answers the same branch.
    const again = await accept(query, 8, STEPS[8]);
    expect(again.json<AutoConnectForm>().branchAccId).toBe(done.branchAccId);
    expect(await count('branches')).toBe(before.branches + 1);

    // The company is connected now: a new wizard for it is refused.
    const reopen = await post('/api/autoconnect_request', { crm_name: 'local', company_id: companyId });
    expect([reopen.statusCode, reopen.json<{ status: string }>().status]).toEqual([409, A.alreadyConnected]);
  });

  it('skips the promo step when the link has a code, and attributes the branch with its free days', async () => {
    const { query } = await open(' volkov ');
    const form = (await getForm(query)).json<AutoConnectForm>();
    expect(form).toMatchObject({ promoCode: 'VOLKOV', promoCodeData: { bonusDays: 14 } });
    const one = await accept(query, 1);
    // Step 1 leads to 3: the code is there already.
    expect(one.json<AutoConnectForm>().stepId).toBe(3);
    await walk(query, '700000102', 8, true);
    const done = (await getForm(query)).json<AutoConnectForm>();
    expect(done.completed).toBe(true);

    const [attribution] = await queryRows<{ promo_code: string }>(
      app.runtime.database.db,
      sql`select promo_code from partner_attributions where acc_id = ${done.branchAccId}`,
    );
    expect(attribution?.promo_code).toBe('VOLKOV');
    const { token } = await app.login(700000102);
    const pay = await app.request({ method: 'GET', url: `/api/pay?acc_id=${done.branchAccId}`, token });
    expect(pay.statusCode, pay.body).toBe(200);
    // The harness clock: 2026-03-10 09:00 UTC; VOLKOV gives 14 days.
    expect(pay.json()).toMatchObject({ is_test_period: true, pay_date: '2026-03-24' });
  });

  it('takes a promo code at step 2 and refuses an unknown one', async () => {
    const { query } = await open();
    await accept(query, 1);
    const unknown = await accept(query, 2, { from_ref: 'NO_SUCH_CODE' });
    expect([unknown.statusCode, unknown.json<{ status: string }>().status]).toEqual([400, S.promoUnknown]);
    const known = await accept(query, 2, { from_ref: 'volkov' });
    expect(known.json<AutoConnectForm>()).toMatchObject({ stepId: 3, promoCode: 'VOLKOV' });
  });

  it('refuses each step’s broken rules, agreements before step 8 and steps not reached', async () => {
    const { query } = await open();
    const cases: [number, Record<string, unknown>, string][] = [
      [3, STEPS[3]!, A.stepInvalid],
      [9, {}, A.stepInvalid],
      [1, { agreements: { mandatory_agreement: true } }, A.agreementsEarly],
    ];
    for (const [step, fields, status] of cases) {
      const res = await accept(query, step, fields);
      expect([step, res.statusCode, res.json<{ status: string }>().status]).toEqual([step, 400, status]);
    }
    await walk(query, '700000103', 2);
    const stepCases: [number, Record<string, unknown>, string][] = [
      [3, { branch_name: ' ', emoji: '🌸' }, A.branchNameEmpty],
      [3, { branch_name: 'x'.repeat(101), emoji: '🌸' }, A.branchNameTooLong],
      [3, { branch_name: 'Лилия', emoji: '🐍' }, A.emojiInvalid],
      [3, { ...STEPS[3], agreements: { mandatory_agreement: true } }, A.agreementsEarly],
    ];
    for (const [step, fields, status] of stepCases) {
      const res = await accept(query, step, fields);
      expect([res.statusCode, res.json<{ status: string }>().status]).toEqual([400, status]);
    }
    await walk(query, '700000103', 3);
    const more: [number, Record<string, unknown>, string][] = [
      [4, { ...STEPS[4], address: '' }, A.addressEmpty],
      [4, { ...STEPS[4], salon_phone: '12' }, S.salonPhoneInvalid],
      [4, { ...STEPS[4], owner_phone: '' }, S.ownerPhoneEmpty],
    ];
    for (const [step, fields, status] of more) {
      const res = await accept(query, step, fields);
      expect([res.statusCode, res.json<{ status: string }>().status]).toEqual([400, status]);
    }
    await walk(query, '700000103', 4);
    const five = await accept(query, 5, { wa_life_time: 'forever', main_channel: 'wa' });
    expect(five.json<{ status: string }>().status).toBe(S.waAgeInvalid);
    await walk(query, '700000103', 5);
    const links: [Record<string, unknown>, string][] = [
      [
        { main_url: 'https://a.example', other_urls: ['https://b.example', 'https://c.example', 'https://d.example'] },
        A.linksTooMany,
      ],
      [{ main_url: 'ftp://a.example' }, A.linkInvalid],
      [{ main_url: 'javascript:alert(1)' }, A.linkInvalid],
    ];
    for (const [fields, status] of links) {
      const res = await accept(query, 6, fields);
      expect([res.statusCode, res.json<{ status: string }>().status]).toEqual([400, status]);
    }
    await walk(query, '700000103', 6);
    const seven = await accept(query, 7, { telegram_id: '0123456' });
    expect(seven.json<{ status: string }>().status).toBe(S.telegramIdInvalid);
  });

  it('creates nothing when the last step fails, and takes it once corrected', async () => {
    const { query } = await open();
    await walk(query, '700000104', 7);
    const before = await counts();
    const refused = await accept(query, 8, { agreements: { mandatory_agreement: false, optional_agreement: true } });
    expect([refused.statusCode, refused.json<{ status: string }>().status]).toEqual([400, S.agreementRequired]);
    const none = await accept(query, 8, {});
    expect(none.json<{ status: string }>().status).toBe(S.agreementRequired);
    expect(await counts()).toEqual(before);
    expect((await getForm(query)).json<AutoConnectForm>().completed).toBe(false);
    const ok = await accept(query, 8, STEPS[8]);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('makes one branch of two last steps sent at once', async () => {
    const { query } = await open();
    await walk(query, '700000105', 7);
    const before = await count('branches');
    const answers = await Promise.all([accept(query, 8, STEPS[8]), accept(query, 8, STEPS[8])]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const ids = answers.map((a) => a.json<AutoConnectForm>().branchAccId);
    expect(ids[0]).toEqual(expect.any(Number));
    expect(ids[1]).toBe(ids[0]);
    expect(await count('branches')).toBe(before + 1);
  });

  it('answers 404 for a link that names no form', async () => {
    const { companyId, query } = await open();
    const hash = new URLSearchParams(query).get('form_hash')!;
    const wrong = [
      `acc_id=${companyId}&form_hash=nope&crm_name=local`,
      `acc_id=${companyId + 1}&form_hash=${hash}&crm_name=local`,
      `acc_id=${companyId}&form_hash=${hash}&crm_name=yclients`,
      `acc_id=abc&form_hash=${hash}&crm_name=local`,
      `form_hash=${hash}`,
    ];
    for (const q of wrong) {
      const res = await getForm(q);
      expect([q, res.statusCode, res.json<{ status: string }>().status]).toEqual([q, 404, A.formNotFound]);
    }
    const step = await accept(`acc_id=${companyId}&form_hash=nope&crm_name=local`, 1);
    expect(step.statusCode).toBe(404);
  });

  it('limits the public calls per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++) {
      const res = await app.request({
        method: 'POST',
        url: '/api/autoconnect_request',
        body: { crm_name: 'altegio', company_id: 1 },
        ip: '10.78.250.1',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 120).every((s) => s === 400)).toBe(true);
    expect(statuses[120]).toBe(429);
  });

  it('refuses a request without a known CRM, a company id, or for a connected company', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ crm_name: 'altegio', company_id: 5 }, 400, A.crmUnknown],
      [{ crm_name: 'local', company_id: '0' }, 400, A.companyInvalid],
      [{ crm_name: 'local', company_id: 'abc' }, 400, A.companyInvalid],
      [{ crm_name: 'local', company_id: 880999, promo_code: 'NO_SUCH' }, 400, S.promoUnknown],
      // A demo branch's company.
      [{ crm_name: 'local', company_id: 501001 }, 409, A.alreadyConnected],
    ];
    for (const [body, code, status] of cases) {
      const res = await post('/api/autoconnect_request', body);
      expect([res.statusCode, res.json<{ status: string }>().status]).toEqual([code, status]);
    }
  });
});

// A YCLIENTS salon (the marketplace's registration page gives its salon_id): the company is checked
// and its name and zone prefill the form.
describe.each(DB_KINDS)('auto-connection wizard of a YCLIENTS company (%s)', (kind) => {
  let app: TestApp;
  let fake: FakeYclients;
  let ipNo = 0;

  beforeAll(async () => {
    fake = await startFakeYclients({ now: () => new Date('2026-03-10T09:00:00Z') });
    fake.addCompany({
      id: 770001,
      userToken: 'user-token-770001',
      timezone: 'Asia/Vladivostok',
      offset: '+10:00',
      title: 'Салон на Светланской',
    });
    app = await startTestApp(kind, {
      PUBLIC_URL: 'https://cabinet.example',
      YCLIENTS_PARTNER_TOKEN: fake.partnerToken,
      YCLIENTS_API_URL: fake.baseUrl,
    });
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  const post = (url: string, body: unknown) => app.request({ method: 'POST', url, body, ip: `10.79.0.${++ipNo}` });

  it('refuses a company YCLIENTS does not know and prefills a known one, whose zone the branch takes', async () => {
    const unknown = await post('/api/autoconnect_request', { crm_name: 'yclients', company_id: 770002 });
    expect([unknown.statusCode, unknown.json<{ status: string }>().status]).toEqual([400, A.companyUnknown]);

    const res = await post('/api/autoconnect_request', { crm_name: 'YCLIENTS', company_id: '770001' });
    expect(res.statusCode, res.body).toBe(200);
    const query = new URL(res.json<{ url: string }>().url).search.slice(1);
    expect(query).toContain('crm_name=yclients');
    const form = await app.request({ method: 'GET', url: `/api/get_form?${query}` });
    expect(form.json()).toMatchObject({ crmName: 'yclients', accId: 770001, salonName: 'Салон на Светланской' });

    const steps: Record<string, unknown>[] = [
      {},
      {},
      { branch_name: 'Салон на Светланской', emoji: '💅' },
      { address: 'Владивосток, Светланская 5', salon_phone: '79995553311', owner_phone: '79995553322' },
      { wa_life_time: 'under_month', main_channel: 'tg' },
      {},
      { telegram_id: '700000201' },
      { agreements: { mandatory_agreement: true } },
    ];
    let last: AutoConnectForm | null = null;
    for (const [i, fields] of steps.entries()) {
      const step = await post(`/api/accept_step?${query}`, { form_step: i + 1, ...fields });
      expect(step.statusCode, `step ${i + 1}: ${step.body}`).toBe(200);
      last = step.json<AutoConnectForm>();
    }
    expect(last).toMatchObject({ completed: true, linksOnSalon: [] });
    const [branch] = await queryRows<{ branch_id: number; crm_name: string; time_zone: string }>(
      app.runtime.database.db,
      sql`select branch_id, crm_name, time_zone from branches where acc_id = ${last!.branchAccId}`,
    );
    expect(branch).toEqual({ branch_id: 770001, crm_name: 'yclients', time_zone: 'Asia/Vladivostok' });
    // The CRM waits for the company's user token (the marketplace's callback, or the connection page).
    const [connection] = await queryRows<{ kind: string; company_id: number; active: boolean }>(
      app.runtime.database.db,
      sql`select kind, company_id, active from crm_connections where acc_id = ${last!.branchAccId}`,
    );
    expect(connection).toEqual({ kind: 'yclients', company_id: 770001, active: false });
  });
});
