import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lead } from '@salon/contract/partners';
import { queryRows } from '../../../platform/db/client.js';
import { DEMO_USERS } from '../../../seed/demo.js';
import { DEMO_PARTNER_ADMIN } from '../../../seed/demo-partners.js';
import { DB_KINDS } from '../../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../../test-support/harness.js';
import { LeadsRepository } from './repository.js';

const DAY = 86_400_000;
const VOLKOV = DEMO_USERS.partnerConsultant;
const BARHAT = DEMO_USERS.salonConsultant;

// Issue 17 item 3: leads registered by phone, protected from other partners for the window
// (PARTNER_LEAD_PROTECTION_DAYS, 90 by default), through the real server on a real database.
describe.each(DB_KINDS)('partner leads (%s)', (kind) => {
  let app: TestApp;
  const tokens: Record<number, string> = {};
  let n = 0;
  // Sessions expire when the clock moves on: everyone signs in again.
  const signIn = async () => {
    for (const id of [VOLKOV, BARHAT, DEMO_USERS.owner, DEMO_PARTNER_ADMIN]) {
      tokens[id] = (await app.login(id, `10.7.0.${++n}`)).token;
    }
  };

  beforeAll(async () => {
    app = await startTestApp(kind);
    await signIn();
  });
  afterAll(async () => {
    await app.close();
  });

  const add = (as: number, body: Record<string, unknown>) =>
    app.request({ method: 'POST', url: '/api/add_promo_leads', token: tokens[as], body });
  const list = (as: number, code: string) =>
    app.request({ method: 'GET', url: `/api/get_promo_leads?promo_code=${code}`, token: tokens[as] });
  const stored = async (phone: string) =>
    queryRows<{ promo_code: string; user_id: string; status: number }>(
      app.runtime.database.db,
      sql`select promo_code, user_id::text, status from partner_leads where phone = ${phone} order by id`,
    );
  const total = async () =>
    Number(
      (await queryRows<{ n: number }>(app.runtime.database.db, sql`select count(*)::int as n from partner_leads`))[0]!
        .n,
    );
  const day = (offsetDays = 0) => new Date(app.clock.now().getTime() + offsetDays * DAY).toISOString().slice(0, 10);

  it('adds a lead as a new request and answers the code’s list, newest first', async () => {
    const res = await add(VOLKOV, {
      promo_code: ' volkov30 ',
      phone: '+7 (912) 345-67-89',
      branch_id: 77001,
      branch_name: 'Салон «Тест»',
      comment: 'Позвонить в среду',
    });
    expect(res.statusCode).toBe(200);
    const leads = res.json<Lead[]>();
    expect(leads[0]).toMatchObject({
      phone: '79123456789',
      branch: 77001,
      branch_name: 'Салон «Тест»',
      status: 4,
      comment: 'Позвонить в среду',
      promo_code: 'VOLKOV30',
      amo_contact_id: null,
      created_at: app.clock.now().toISOString(),
      protected_till: day(90),
    });
    // The demo's leads of the code come after it; other codes' leads are not in the list.
    expect(leads.length).toBeGreaterThan(1);
    expect(leads.every((l) => l.promo_code === 'VOLKOV30')).toBe(true);
    const times = leads.map((l) => l.created_at);
    expect([...times].sort().reverse()).toEqual(times);

    const again = await list(VOLKOV, 'VOLKOV30');
    expect(again.statusCode).toBe(200);
    expect(again.json<Lead[]>()).toEqual(leads);
    expect(await stored('79123456789')).toEqual([{ promo_code: 'VOLKOV30', user_id: String(VOLKOV), status: 4 }]);
  });

  it('keeps the demo’s recent leads protected and lets the expired ones go', async () => {
    // VOLKOV's new request of yesterday; VOLKOV30's lead of 120 days ago.
    const recent = await add(BARHAT, { promo_code: 'BARHAT', phone: '79261110005' });
    expect(recent.statusCode).toBe(409);
    expect(recent.json()).toEqual({ ok: false, status: 'lead_protected', detail: day(89) });
    const expired = await add(BARHAT, { promo_code: 'BARHAT', phone: '79261110008' });
    expect(expired.statusCode).toBe(200);
    expect((await stored('79261110008')).map((l) => l.promo_code)).toEqual(['VOLKOV30', 'BARHAT']);
  });

  it('refuses a phone that is no phone, saving nothing', async () => {
    const before = await total();
    for (const phone of ['12345', 'тел. 8 912 345 67 80', '8 999 123 45 6']) {
      const res = await add(VOLKOV, { promo_code: 'VOLKOV', phone });
      expect(res.statusCode, phone).toBe(400);
      expect(res.json(), phone).toMatchObject({ ok: false, status: 'lead_phone_invalid' });
    }
    expect(await total()).toBe(before);
  });

  it('refuses the same partner registering the phone again, under any of its codes', async () => {
    const before = await total();
    const res = await add(VOLKOV, { promo_code: 'VOLKOV', phone: '89123456789' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ ok: false, status: 'lead_protected', detail: day(90) });
    expect(await total()).toBe(before);
  });

  it('protects the phone from another partner for the window, then lets it go', async () => {
    const before = await total();
    const refused = await add(BARHAT, { promo_code: 'BARHAT', phone: '9123456789', branch_name: 'Салон «Тест»' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ ok: false, status: 'lead_protected', detail: day(90) });
    expect(await total()).toBe(before);

    app.clock.advance(89 * DAY);
    await signIn();
    expect((await add(BARHAT, { promo_code: 'BARHAT', phone: '79123456789' })).statusCode).toBe(409);
    app.clock.advance(DAY);
    await signIn();
    const freed = await add(BARHAT, { promo_code: 'BARHAT', phone: '79123456789' });
    expect(freed.statusCode).toBe(200);
    expect(freed.json<Lead[]>()[0]).toMatchObject({ phone: '79123456789', promo_code: 'BARHAT', status: 4 });
    expect((await stored('79123456789')).map((l) => [l.promo_code, l.user_id])).toEqual([
      ['VOLKOV30', String(VOLKOV)],
      ['BARHAT', String(BARHAT)],
    ]);
    // Now it is BARHAT's: VOLKOV is the other partner.
    expect((await add(VOLKOV, { promo_code: 'VOLKOV', phone: '79123456789' })).statusCode).toBe(409);
  });

  it('registers a partner admin’s lead for the code’s partner', async () => {
    const res = await add(DEMO_PARTNER_ADMIN, { promo_code: 'VOLKOV', phone: '79035550101' });
    expect(res.statusCode).toBe(200);
    expect(await stored('79035550101')).toEqual([{ promo_code: 'VOLKOV', user_id: String(VOLKOV), status: 4 }]);
    // The partner itself registering it is a duplicate, not another partner's lead.
    const twice = await add(VOLKOV, { promo_code: 'VOLKOV30', phone: '79035550101' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ status: 'lead_protected' });
  });

  it('answers 403 for a promo code the caller does not hold, saving nothing', async () => {
    const before = await total();
    for (const [as, code] of [
      [BARHAT, 'VOLKOV'],
      [DEMO_USERS.owner, 'BARHAT'],
      [DEMO_PARTNER_ADMIN, 'VOLKOV30'],
      [VOLKOV, 'NOSUCHCODE'],
    ] as const) {
      const posted = await add(as, { promo_code: code, phone: '79035550202' });
      expect(posted.statusCode, `${as} ${code}`).toBe(403);
      expect(posted.json()).toEqual({ ok: false, status: 'Fail rights' });
      expect((await list(as, code)).statusCode, `${as} ${code}`).toBe(403);
    }
    expect(await total()).toBe(before);
    expect((await app.request({ method: 'GET', url: '/api/get_promo_leads?promo_code=VOLKOV' })).statusCode).toBe(401);
    expect((await list(VOLKOV, 'no code!')).statusCode).toBe(400);
  });

  it('links a connected salon’s leads of the code’s partner and marks them paid', async () => {
    const db = app.runtime.database.db;
    const repo = new LeadsRepository(db);
    await add(VOLKOV, { promo_code: 'VOLKOV', phone: '79035550303' });
    await add(BARHAT, { promo_code: 'BARHAT', phone: '79035550404' });
    const [branch] = await queryRows<{ acc_id: number }>(
      db,
      sql`insert into branches (branch_id, name) values (990001, 'Новый салон') returning acc_id`,
    );
    const accId = branch!.acc_id;
    const count = await repo.countOf('VOLKOV');

    await db.transaction((tx) =>
      repo.linkBranch(tx, { accId, code: 'VOLKOV30', phones: ['79035550303', '79035550404'] }),
    );
    const linked = async () =>
      queryRows<{ phone: string; acc_id: number | null; status: number }>(
        db,
        sql`select phone, acc_id, status from partner_leads where phone in ('79035550303', '79035550404') order by phone`,
      );
    // The partner's lead under another of its codes is linked; another partner's is not.
    expect(await linked()).toEqual([
      { phone: '79035550303', acc_id: accId, status: 5 },
      { phone: '79035550404', acc_id: null, status: 4 },
    ]);

    await db.transaction((tx) => repo.markPaid(tx, accId));
    expect((await linked()).map((l) => l.status)).toEqual([1, 4]);
    expect(await repo.countOf('VOLKOV')).toBe(count);
    expect(await repo.countOf('NOSUCHCODE')).toBe(0);
  });
});
