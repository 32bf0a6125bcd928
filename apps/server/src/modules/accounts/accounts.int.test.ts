import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountsResponse } from '@salon/contract/accounts';
import { queryRows } from '../../platform/db/client.js';
import { DEMO_BRANCHES, DEMO_USERS } from '../../seed/demo.js';
import { DB_KINDS } from '../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../test-support/harness.js';

describe.each(DB_KINDS)('accounts and branch authorization (%s)', (kind) => {
  let app: TestApp;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    app = await startTestApp(kind);
    let n = 0;
    for (const [role, id] of Object.entries(DEMO_USERS)) tokens[role] = (await app.login(id, `10.1.0.${++n}`)).token;
  });
  afterAll(async () => {
    await app.close();
  });

  const get = (url: string, role: keyof typeof DEMO_USERS) => app.request({ method: 'GET', url, token: tokens[role] });

  it('lists the owner’s three branches in three time zones with owner rights', async () => {
    const res = await get('/api/accounts?check_status=1&check_info_block=1&block_name=wa_blocked', 'owner');
    expect(res.statusCode).toBe(200);
    const body = res.json<AccountsResponse>();
    expect(body.accounts.map((a) => a.acc_id)).toEqual([
      DEMO_BRANCHES.moscow,
      DEMO_BRANCHES.yekaterinburg,
      DEMO_BRANCHES.vladivostok,
    ]);
    expect(body.accounts.map((a) => a.time_zone)).toEqual(['Europe/Moscow', 'Asia/Yekaterinburg', 'Asia/Vladivostok']);
    expect(body.accounts.every((a) => a.rights.includes('owner'))).toBe(true);
    expect(body.accounts_data).toMatchObject({ user_id: String(DEMO_USERS.owner), info_block_count: 0 });
    expect(body.consultant).toBe(false);
    expect(body.agreements).toEqual({ mandatory_agreement: true, optional_agreement: true });
  });

  it('shows the limited admin only their branches and rights', async () => {
    const body = (await get('/api/accounts', 'templatesAdmin')).json<AccountsResponse>();
    expect(body.accounts.map((a) => [a.acc_id, a.rights])).toEqual([
      [DEMO_BRANCHES.moscow, ['edit_templates']],
      [DEMO_BRANCHES.yekaterinburg, ['edit_templates']],
    ]);
    expect(body.agreements.mandatory_agreement).toBe(false);
  });

  it('describes consultants: a salon consultant with a branch, a partner with none', async () => {
    const salon = (await get('/api/accounts', 'salonConsultant')).json<AccountsResponse>();
    expect(salon.accounts).toHaveLength(1);
    expect(salon.consultant_data).toMatchObject({ partner_type: 'salon', promo_code: 'BARHAT' });
    const partner = (await get('/api/accounts', 'partnerConsultant')).json<AccountsResponse>();
    expect(partner.accounts).toEqual([]);
    expect(partner.consultant).toBe(true);
    expect(partner.consultant_data).toMatchObject({ partner_type: 'consultant', promo_codes: ['VOLKOV', 'VOLKOV30'] });
  });

  it('marks the send-out-only account', async () => {
    const body = (await get('/api/accounts', 'sendOutOwner')).json<AccountsResponse>();
    expect(body.accounts.map((a) => [a.acc_id, a.send_out_account])).toEqual([[DEMO_BRANCHES.sendOut, true]]);
  });

  describe.each([
    ['main', '/api/accounts'],
    ['mailing', '/api/mailing/check_payed'],
  ])('on the %s host', (_host, path) => {
    it('lets the owner act on their own branch', async () => {
      const res = await get(`${path}?acc_id=${DEMO_BRANCHES.moscow}`, 'owner');
      expect(res.statusCode).toBe(200);
    });

    it('refuses a branch of another network with the spec’s access-denied status, changing nothing', async () => {
      const res = await get(`${path}?acc_id=${DEMO_BRANCHES.sendOut}`, 'owner');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ ok: false, status: 'Access denied' });
    });

    it('refuses a branch of the same network the admin was not given', async () => {
      const res = await get(`${path}?acc_id=${DEMO_BRANCHES.vladivostok}`, 'templatesAdmin');
      expect(res.json()).toMatchObject({ status: 'Access denied' });
    });

    it('refuses a user_id that is not the bearer’s', async () => {
      const res = await get(`${path}?acc_id=${DEMO_BRANCHES.moscow}&user_id=${DEMO_USERS.templatesAdmin}`, 'owner');
      expect(res.statusCode).toBe(403);
    });

    it('refuses a malformed acc_id', async () => {
      const res = await get(`${path}?acc_id=1;drop`, 'owner');
      expect(res.statusCode).toBe(400);
    });
  });

  it('checks the route’s right on top of branch membership', async () => {
    const denied = await get(`/api/mailing/check_payed?acc_id=${DEMO_BRANCHES.moscow}`, 'templatesAdmin');
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ ok: false, status: 'Fail rights' });
    const allowed = await get(`/api/mailing/check_payed?acc_id=${DEMO_BRANCHES.moscow}`, 'salonConsultant');
    expect(allowed.json()).toEqual({ ok: true });
    const unpaid = await get(`/api/mailing/check_payed?acc_id=${DEMO_BRANCHES.vladivostok}`, 'owner');
    expect(unpaid.json()).toEqual({ ok: false });
  });

  it('requires acc_id for a branch call', async () => {
    const res = await get('/api/mailing/check_payed', 'owner');
    expect(res.statusCode).toBe(400);
  });

  it('authorizes acc_id given in the body as well', async () => {
    const res = await app.request({
      method: 'POST',
      url: '/api/accounts_upd_info_block',
      token: tokens.owner,
      body: { block_name: 'wa_blocked', acc_id: DEMO_BRANCHES.sendOut },
    });
    expect(res.statusCode).toBe(403);
  });

  it('records agreements, info-block counts and the language', async () => {
    const admin = tokens.templatesAdmin!;
    const refused = await app.request({
      method: 'POST',
      url: '/api/agreements',
      token: admin,
      body: { mandatory_agreement: false, optional_agreement: true },
    });
    expect(refused.statusCode).toBe(400);
    const accepted = await app.request({
      method: 'POST',
      url: '/api/agreements',
      token: admin,
      body: { mandatory_agreement: true, optional_agreement: false },
    });
    expect(accepted.json()).toEqual({ ok: true, agreements: { mandatory_agreement: true, optional_agreement: false } });
    expect((await get('/api/accounts', 'templatesAdmin')).json<AccountsResponse>().agreements.mandatory_agreement).toBe(
      true,
    );

    const bumped = await app.request({
      method: 'POST',
      url: '/api/accounts_upd_info_block',
      token: admin,
      body: { block_name: 'wa_blocked' },
    });
    expect(bumped.json()).toEqual({ ok: true, result: true });
    await app.request({
      method: 'POST',
      url: '/api/accounts_upd_info_block',
      token: admin,
      body: { block_name: 'wa_blocked' },
    });
    const count = await get('/api/accounts_get_info_block?block_name=wa_blocked', 'templatesAdmin');
    expect(count.json()).toEqual({ ok: true, count: 2 });
    // With a limit the count stops there: "shown at least once?" is all the cabinet asks.
    const capped = await get('/api/accounts_get_info_block?block_name=wa_blocked&limit=1', 'templatesAdmin');
    expect(capped.json()).toEqual({ ok: true, count: 1 });
    const other = await get('/api/accounts_get_info_block?block_name=tg_blocked&limit=1', 'templatesAdmin');
    expect(other.json()).toEqual({ ok: true, count: 0 });

    const lang = await app.request({ method: 'POST', url: '/api/user/lang', token: admin, body: { lang: 'en' } });
    expect(lang.statusCode).toBe(200);
    expect((await app.request({ method: 'POST', url: '/api/get_info', token: admin })).json()).toMatchObject({
      user: { lang: 'en' },
    });
    const badLang = await app.request({ method: 'POST', url: '/api/user/lang', token: admin, body: { lang: 'de' } });
    expect(badLang.statusCode).toBe(400);
  });

  it('counts each branch’s templates, leaving deleted ones out', async () => {
    const db = app.runtime.database.db;
    const counted = async () =>
      new Map(
        (await get('/api/accounts', 'owner'))
          .json<AccountsResponse>()
          .accounts.map((a) => [a.acc_id, a.quantity_of_templates]),
      );
    const stored = async (accId: number) =>
      (
        await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from templates where acc_id = ${accId} and deleted_at is null`,
        )
      )[0]!.n;
    const before = await counted();
    for (const accId of [DEMO_BRANCHES.moscow, DEMO_BRANCHES.vladivostok]) {
      expect(before.get(accId)).toBe(Number(await stored(accId)));
    }
    const now = app.clock.now();
    const insert = (title: string, deletedAt: Date | null) =>
      db.execute(
        sql`insert into templates (acc_id, kind, category, title, settings, created_at, updated_at, deleted_at)
            values (${DEMO_BRANCHES.vladivostok}, 'em', 'event', ${title}, '{}'::jsonb, ${now}, ${now}, ${deletedAt})`,
      );
    await insert('counted', null);
    await insert('deleted', now);
    const after = await counted();
    expect(after.get(DEMO_BRANCHES.vladivostok)).toBe(before.get(DEMO_BRANCHES.vladivostok)! + 1);
    expect(after.get(DEMO_BRANCHES.moscow)).toBe(before.get(DEMO_BRANCHES.moscow));
  });

  it('reads the channel states from the sessions when asked to check them', async () => {
    const channels = app.runtime.channels.repo;
    const accId = DEMO_BRANCHES.yekaterinburg;
    const instance = await channels.ensureInstance(accId, 'telegram', 'sandbox', app.clock.now());
    // The session's state, without the branch row's summary catching up (as between two writes).
    await channels.update(instance.id, { status: 'authenticated' });
    await app.runtime.database.db.execute(
      sql`update branches set status_tg = 'not_authenticated' where acc_id = ${accId}`,
    );
    const branch = async (url: string) =>
      (await get(url, 'owner')).json<AccountsResponse>().accounts.find((a) => a.acc_id === accId)!;
    expect((await branch('/api/accounts')).status_tg).toBe('not_authenticated');
    const checked = await branch('/api/accounts?check_status=1');
    expect(checked.status_tg).toBe('authenticated');
    expect(checked.show_tg_banner).toBe(false);
  });

  it('serves the header banner in both languages', async () => {
    const res = await get('/api/header_banner', 'owner');
    expect(res.json()).toMatchObject({
      ok: true,
      banner: { text: { ru: expect.any(String), en: expect.any(String) } },
    });
  });

  it('answers unknown API paths with the not-found status', async () => {
    const res = await get('/api/no_such_call', 'owner');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ ok: false, status: 'Not found' });
  });
});
