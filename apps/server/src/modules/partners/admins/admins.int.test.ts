import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountsResponse } from '@salon/contract/accounts';
import type { PartnerAdmin } from '@salon/contract/partners';
import { queryRows } from '../../../platform/db/client.js';
import { DEMO_USERS } from '../../../seed/demo.js';
import { DEMO_PARTNER_ADMIN } from '../../../seed/demo-partners.js';
import { DB_KINDS } from '../../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../../test-support/harness.js';

const VOLKOV = DEMO_USERS.partnerConsultant;
const BARHAT = DEMO_USERS.salonConsultant;
const GRANTED = 123456789;
const DENIED = 987654321;
const URL_OF = (code: string) => `/api/reff_consultant/admins?promo_code=${code}`;

// Issue 17 Access page (SPEC 6): the partner with rights exactly owner grants or denies Telegram ids
// one of its promo codes; a granted admin then holds the code, a denied one does not.
describe.each(DB_KINDS)('partner admins (%s)', (kind) => {
  let app: TestApp;
  const tokens: Record<number, string> = {};
  let ip = 0;
  const login = async (id: number) => {
    tokens[id] = (await app.login(id, `10.8.0.${++ip}`)).token;
  };

  beforeAll(async () => {
    app = await startTestApp(kind);
    for (const id of [VOLKOV, BARHAT, DEMO_USERS.owner, DEMO_PARTNER_ADMIN]) await login(id);
  });
  afterAll(async () => {
    await app.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', as: number, code: string, body?: unknown) =>
    app.request({ method, url: URL_OF(code), token: tokens[as], body });
  const admins = async () => (await call('GET', VOLKOV, 'VOLKOV')).json<PartnerAdmin[]>();
  const heldCodes = async (id: number) =>
    (await app.request({ method: 'GET', url: '/api/accounts', token: tokens[id] })).json<AccountsResponse>()
      .consultant_data?.promo_codes ?? [];

  it('lists the code’s admins, granted and denied', async () => {
    const res = await call('GET', VOLKOV, 'VOLKOV');
    expect(res.statusCode).toBe(200);
    expect(res.json<PartnerAdmin[]>()).toEqual([
      { name: 'Партнёр-админ', telegram_id: DEMO_PARTNER_ADMIN, access: true },
      { name: 'Стажёр Волкова', telegram_id: 666667, access: false },
    ]);
    expect((await call('GET', VOLKOV, 'VOLKOV30')).json()).toEqual([]);
  });

  it('adds admins who become users and hold the code only when granted', async () => {
    const added = await call('POST', VOLKOV, 'VOLKOV', { name: 'Мария', telegram_id: String(GRANTED), access: true });
    expect(added.statusCode).toBe(200);
    expect(added.json<PartnerAdmin[]>().at(-1)).toEqual({ name: 'Мария', telegram_id: GRANTED, access: true });
    const denied = await call('POST', VOLKOV, 'VOLKOV', { name: 'Пётр', telegram_id: DENIED, access: false });
    expect(denied.json<PartnerAdmin[]>().at(-1)).toEqual({ name: 'Пётр', telegram_id: DENIED, access: false });
    expect(
      await queryRows(
        app.runtime.database.db,
        sql`select telegram_id::text, name, lang from users where telegram_id in (${GRANTED}, ${DENIED}) order by telegram_id`,
      ),
    ).toEqual([
      { telegram_id: String(GRANTED), name: 'Мария', lang: 'ru' },
      { telegram_id: String(DENIED), name: 'Пётр', lang: 'ru' },
    ]);

    // Both sign in with a PIN; only the granted one sees the code.
    await login(GRANTED);
    await login(DENIED);
    expect(await heldCodes(GRANTED)).toEqual(['VOLKOV']);
    expect(await heldCodes(DENIED)).toEqual([]);
    expect(
      (await app.request({ method: 'GET', url: '/api/get_promo_leads?promo_code=VOLKOV', token: tokens[DENIED] }))
        .statusCode,
    ).toBe(403);
  });

  it('changes a name and the access, and deletes', async () => {
    const changed = await call('PUT', VOLKOV, 'VOLKOV', { name: 'Пётр Иванов', telegram_id: DENIED, access: true });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<PartnerAdmin[]>().find((a) => a.telegram_id === DENIED)).toEqual({
      name: 'Пётр Иванов',
      telegram_id: DENIED,
      access: true,
    });
    expect(await heldCodes(DENIED)).toEqual(['VOLKOV']);

    await call('PUT', VOLKOV, 'VOLKOV', { name: 'Пётр Иванов', telegram_id: DENIED, access: false });
    expect(await heldCodes(DENIED)).toEqual([]);

    const deleted = await call('DELETE', VOLKOV, 'VOLKOV', { telegram_id: GRANTED });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json<PartnerAdmin[]>().map((a) => a.telegram_id)).toEqual([DEMO_PARTNER_ADMIN, 666667, DENIED]);
    expect(await heldCodes(GRANTED)).toEqual([]);
  });

  it('refuses the partner itself, a duplicate, an unknown admin and a bad Telegram id, changing nothing', async () => {
    const before = await admins();
    const refusals: [string, 'POST' | 'PUT' | 'DELETE', unknown, number, string][] = [
      ['own id', 'POST', { name: 'Я', telegram_id: VOLKOV, access: true }, 409, 'admin_is_owner'],
      ['duplicate', 'POST', { name: 'Снова', telegram_id: DEMO_PARTNER_ADMIN, access: false }, 409, 'admin_exists'],
      ['unknown PUT', 'PUT', { name: 'Нет', telegram_id: 55555, access: true }, 404, 'admin_not_found'],
      ['unknown DELETE', 'DELETE', { telegram_id: 55555 }, 404, 'admin_not_found'],
      ['letters', 'POST', { name: 'Х', telegram_id: 'abc123', access: true }, 400, 'Bad request'],
      ['too short', 'POST', { name: 'Х', telegram_id: 1234, access: true }, 400, 'Bad request'],
      ['leading zero', 'PUT', { name: 'Х', telegram_id: '0123456', access: true }, 400, 'Bad request'],
      ['empty name', 'POST', { name: ' ', telegram_id: 55555, access: true }, 400, 'Bad request'],
    ];
    for (const [why, method, body, code, status] of refusals) {
      const res = await call(method, VOLKOV, 'VOLKOV', body);
      expect(res.statusCode, why).toBe(code);
      expect(res.json(), why).toMatchObject({ ok: false, status });
    }
    expect(await admins()).toEqual(before);
    expect(
      await queryRows(app.runtime.database.db, sql`select 1 from users where telegram_id in (55555, 1234)`),
    ).toEqual([]);
  });

  it('answers only the code’s own partner with rights exactly owner', async () => {
    const before = await admins();
    const body = { name: 'Чужой', telegram_id: 44444, access: true };
    // A partner admin holds VOLKOV but is not its partner; another partner; a salon owner.
    for (const as of [DEMO_PARTNER_ADMIN, BARHAT, DEMO_USERS.owner]) {
      for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
        const res = await call(method, as, 'VOLKOV', method === 'GET' ? undefined : body);
        expect(res.statusCode, `${as} ${method}`).toBe(403);
        expect(res.json()).toEqual({ ok: false, status: 'Fail rights' });
      }
    }
    expect((await call('GET', BARHAT, 'BARHAT')).statusCode).toBe(200);

    // A salon partner whose partner rights are not exactly owner has no Access page.
    await app.runtime.database.db.execute(
      sql`update consultants set rights = array['owner', 'sendouts'] where user_id = ${BARHAT}`,
    );
    const notOwner = await call('POST', BARHAT, 'BARHAT', body);
    expect(notOwner.statusCode).toBe(403);
    expect((await call('GET', BARHAT, 'BARHAT')).statusCode).toBe(403);
    await app.runtime.database.db.execute(
      sql`update consultants set rights = array['owner'] where user_id = ${BARHAT}`,
    );

    expect(await admins()).toEqual(before);
    expect((await call('GET', BARHAT, 'BARHAT')).json()).toEqual([]);
    expect((await app.request({ method: 'GET', url: URL_OF('VOLKOV') })).statusCode).toBe(401);
  });
});
