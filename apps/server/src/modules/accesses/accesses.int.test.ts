import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LOG_ACTIONS, ACCESS_STATUS, type AdminWire } from '@salon/contract/accesses';
import type { AccountsResponse } from '@salon/contract/accounts';
import { GRANTABLE_RIGHTS } from '@salon/contract/rights';
import { queryRows } from '../../platform/db/client.js';
import { DEMO_BRANCHES, DEMO_USERS } from '../../seed/demo.js';
import { DB_KINDS } from '../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../test-support/harness.js';

const { moscow, yekaterinburg } = DEMO_BRANCHES;
// New Telegram ids, unknown to the demo seed.
const IRINA = 70000001;
const OLGA = 70000002;
const PAVEL = 70000003;

// SPEC 4/5/7 Admin access: the /accesses calls as the demo owner makes them, and what a change
// of access does to the admin's own requests.
describe.each(DB_KINDS)('admin accesses API (%s)', (kind) => {
  let app: TestApp;
  let owner: string;

  beforeAll(async () => {
    app = await startTestApp(kind);
    owner = (await app.login(DEMO_USERS.owner, '10.20.0.1')).token;
  });
  afterAll(async () => {
    await app.close();
  });

  type Fail = { ok: false; status: string; issues?: { path: string; code: string }[] };
  const call = async (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    token = owner,
  ): Promise<{ code: number; body: unknown }> => {
    const res = await app.request({ method, url, body, token });
    return { code: res.statusCode, body: res.json() };
  };
  const list = async (accId: number = moscow) => {
    const res = await call('GET', `/api/accesses?acc_id=${accId}`);
    expect(res.code).toBe(200);
    return res.body as AdminWire[];
  };
  const admin = async (tgId: number, accId: number = moscow) => (await list(accId)).find((a) => a.tg_id === tgId);
  const add = (body: Record<string, unknown>, accId: number = moscow, token = owner) =>
    call('POST', `/api/accesses/add_admin?acc_id=${accId}`, body, token);
  const update = (body: Record<string, unknown>, accId: number = moscow, token = owner) =>
    call('PATCH', `/api/accesses/update_admin?acc_id=${accId}`, body, token);
  // Everything /accesses writes, so a refused call can be shown to have written nothing.
  const snapshot = async () => ({
    members: await queryRows(
      app.runtime.database.db,
      sql`select acc_id, user_id::text, name, rights, active, updated_at from branch_members order by acc_id, user_id`,
    ),
    log: await queryRows(app.runtime.database.db, sql`select count(*)::int as n from access_changes`),
    users: await queryRows(app.runtime.database.db, sql`select count(*)::int as n from users`),
  });
  // As the cabinet sends a new admin (SPEC 7: the client's log and dates are ignored).
  const newAdmin = (tgId: unknown, rights: string[], name = 'Ирина Белова') => ({
    active: true,
    tg_id: tgId,
    name,
    rights,
    change_log: [],
    create_date: '2020-01-01',
    update_date: '2020-01-01',
  });

  it('lists the branch’s members with their rights', async () => {
    const admins = await list();
    expect(admins.map((a) => [a.tg_id, a.rights, a.active]).sort()).toEqual(
      [
        [DEMO_USERS.owner, ['owner'], true],
        [DEMO_USERS.templatesAdmin, ['edit_templates'], true],
        [DEMO_USERS.salonConsultant, ['manage_wapp', 'sendouts'], true],
      ].sort(),
    );
    expect(admins.every((a) => Array.isArray(a.changelog))).toBe(true);
  });

  it('adds an admin: the user is created, the server logs User Added with its own date', async () => {
    const usersBefore = await queryRows<{ n: number }>(
      app.runtime.database.db,
      sql`select count(*)::int as n from users where telegram_id = ${IRINA}`,
    );
    expect(usersBefore[0]!.n).toBe(0);

    const res = await add(newAdmin(IRINA, ['sendouts']));
    expect(res.code).toBe(200);
    const added = (res.body as AdminWire[]).find((a) => a.tg_id === IRINA);
    expect(added).toMatchObject({ name: 'Ирина Белова', rights: ['sendouts'], active: true });
    expect(added!.create_date).toBe(app.clock.now().toISOString());
    expect(added!.changelog).toEqual([
      {
        action: ACCESS_LOG_ACTIONS.added,
        date: app.clock.now().toISOString(),
        new_name: 'Ирина Белова',
        new_rights: ['sendouts'],
        new_active: true,
      },
    ]);
    const user = await queryRows<{ name: string; active: boolean }>(
      app.runtime.database.db,
      sql`select name, active from users where telegram_id = ${IRINA}`,
    );
    expect(user).toEqual([{ name: 'Ирина Белова', active: true }]);
    // Only the branch it was added to.
    expect(await admin(IRINA, yekaterinburg)).toBeUndefined();
  });

  it('refuses an empty Telegram id with EMPTY_TG_INPUT_ERROR and writes nothing', async () => {
    const before = await snapshot();
    for (const tgId of ['', '   ']) {
      const res = await add(newAdmin(tgId, ['sendouts']));
      expect(res.code).toBe(400);
      expect((res.body as Fail).status).toBe(ACCESS_STATUS.emptyTgId);
    }
    expect(await snapshot()).toEqual(before);
  });

  it.each([['0123456'], ['1234'], ['1234567890123'], ['12a456'], [-123456], [12345.5]])(
    'refuses the malformed Telegram id %j',
    async (tgId) => {
      const before = await snapshot();
      const res = await add(newAdmin(tgId, ['sendouts']));
      expect(res.code).toBe(400);
      expect((res.body as Fail).status).not.toBe(ACCESS_STATUS.emptyTgId);
      expect((res.body as Fail).issues?.map((i) => i.path)).toContain('body.tg_id');
      expect(await snapshot()).toEqual(before);
    },
  );

  it('refuses a Telegram id already on the branch with UNIQUE_TG_ID_ERROR, as a number or a string', async () => {
    const before = await snapshot();
    for (const tgId of [DEMO_USERS.templatesAdmin, String(IRINA)]) {
      const res = await add(newAdmin(tgId, ['owner'], 'Другое имя'));
      expect(res.code).toBe(400);
      expect((res.body as Fail).status).toBe(ACCESS_STATUS.uniqueTgId);
    }
    expect(await snapshot()).toEqual(before);
    expect((await admin(DEMO_USERS.templatesAdmin))?.rights).toEqual(['edit_templates']);
  });

  it('expands all into every grantable right', async () => {
    const res = await add(newAdmin(String(OLGA), ['all'], 'Ольга Котова'));
    expect(res.code).toBe(200);
    const added = (res.body as AdminWire[]).find((a) => a.tg_id === OLGA)!;
    expect([...added.rights].sort()).toEqual([...GRANTABLE_RIGHTS].sort());
    expect(added.rights).not.toContain('all');
    expect(added.changelog[0]!.new_rights?.sort()).toEqual([...GRANTABLE_RIGHTS].sort());
  });

  it.each([[['superuser']], [['sendouts', 'root']], [['consultant']], [[]]])(
    'refuses the rights %j and writes nothing',
    async (rights) => {
      const before = await snapshot();
      const res = await add(newAdmin(PAVEL, rights, 'Павел'));
      expect(res.code).toBe(400);
      expect(await snapshot()).toEqual(before);
      const changed = await update({ tg_id: IRINA, rights });
      expect(changed.code).toBe(400);
      expect(await snapshot()).toEqual(before);
    },
  );

  it('logs a rename, a rights change and an (in)activation once each, with the action text', async () => {
    const rename = await update({ tg_id: IRINA, name: 'Ирина Петровна', changed_fields: [] });
    expect(rename.code).toBe(200);
    app.clock.advance(60_000);
    await update({ tg_id: IRINA, rights: ['sendouts', 'edit_templates'], changed_fields: ['change_rights'] });
    app.clock.advance(60_000);
    await update({ tg_id: IRINA, active: false, changed_fields: ['change_active'] });
    app.clock.advance(60_000);
    await update({ tg_id: IRINA, active: true, changed_fields: ['change_active'] });

    const irina = (await admin(IRINA))!;
    expect(irina).toMatchObject({ name: 'Ирина Петровна', active: true });
    expect([...irina.rights].sort()).toEqual(['edit_templates', 'sendouts']);
    expect(irina.update_date).toBe(app.clock.now().toISOString());
    expect(irina.changelog.map((c) => [c.action, c.new_name, c.new_rights?.sort() ?? null, c.new_active])).toEqual([
      [ACCESS_LOG_ACTIONS.added, 'Ирина Белова', ['sendouts'], true],
      [ACCESS_LOG_ACTIONS.name, 'Ирина Петровна', null, null],
      [ACCESS_LOG_ACTIONS.rights, null, ['edit_templates', 'sendouts'], null],
      [ACCESS_LOG_ACTIONS.active, null, null, false],
      [ACCESS_LOG_ACTIONS.active, null, null, true],
    ]);
  });

  it('logs two entries for a call that changes two things', async () => {
    const before = (await admin(IRINA))!.changelog.length;
    await update({ tg_id: IRINA, name: 'Ирина', rights: ['sendouts'], active: true });
    const log = (await admin(IRINA))!.changelog.slice(before);
    expect(log.map((c) => c.action)).toEqual([ACCESS_LOG_ACTIONS.name, ACCESS_LOG_ACTIONS.rights]);
  });

  it('writes nothing for an update that changes nothing (same rights in another order, all the same)', async () => {
    await update({ tg_id: IRINA, rights: ['sendouts', 'edit_templates'] });
    const before = await snapshot();
    app.clock.advance(60_000);
    for (const body of [
      { tg_id: IRINA, name: 'Ирина', rights: ['sendouts', 'edit_templates'], active: true },
      { tg_id: String(IRINA), rights: ['edit_templates', 'sendouts', 'sendouts'] },
      { tg_id: IRINA, name: '  Ирина  ' },
      { tg_id: IRINA },
      { tg_id: OLGA, rights: ['all'] },
    ]) {
      const res = await update(body);
      expect(res.code).toBe(200);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses changing or removing one’s own access with SELF_CHANGE_ERROR', async () => {
    const before = await snapshot();
    const own = await update({ tg_id: DEMO_USERS.owner, rights: ['sendouts'] });
    expect(own.code).toBe(400);
    expect((own.body as Fail).status).toBe(ACCESS_STATUS.self);
    const deactivate = await update({ tg_id: String(DEMO_USERS.owner), active: false });
    expect((deactivate.body as Fail).status).toBe(ACCESS_STATUS.self);
    const removed = await call('DELETE', `/api/accesses/delete_admin?acc_id=${moscow}&tg_id=${DEMO_USERS.owner}`);
    expect(removed.code).toBe(400);
    expect((removed.body as Fail).status).toBe(ACCESS_STATUS.self);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses changing an id that is not on the branch', async () => {
    const before = await snapshot();
    // A member of another network's branch is not this branch's admin.
    const res = await update({ tg_id: DEMO_USERS.sendOutOwner, active: false });
    expect(res.code).toBe(400);
    expect((res.body as Fail).status).toBe(ACCESS_STATUS.notFound);
    expect(await snapshot()).toEqual(before);
  });

  it('lets the added admin log in and see exactly that branch with their rights', async () => {
    await add(newAdmin(PAVEL, ['translation_switch'], 'Павел Орлов'));
    const pavel = (await app.login(PAVEL, '10.20.0.2')).token;
    const accounts = (await call('GET', '/api/accounts', undefined, pavel)).body as AccountsResponse;
    expect(accounts.accounts.map((a) => [a.acc_id, a.rights])).toEqual([[moscow, ['translation_switch']]]);
    // The right works, and only on that branch.
    expect((await call('GET', `/api/settings/general?acc_id=${moscow}`, undefined, pavel)).code).toBe(200);
    expect((await call('GET', `/api/settings/general?acc_id=${yekaterinburg}`, undefined, pavel)).body).toEqual({
      ok: false,
      status: 'Access denied',
    });
  });

  it('refuses a deactivated admin’s next request for that branch; the token still works elsewhere', async () => {
    await add(newAdmin(PAVEL, ['translation_switch'], 'Павел Орлов'), yekaterinburg);
    const pavel = (await app.login(PAVEL, '10.20.0.3')).token;
    const settings = (accId: number) => call('GET', `/api/settings/general?acc_id=${accId}`, undefined, pavel);
    expect((await settings(moscow)).code).toBe(200);

    await update({ tg_id: PAVEL, active: false });
    expect(await settings(moscow)).toEqual({ code: 403, body: { ok: false, status: 'Access denied' } });
    expect((await settings(yekaterinburg)).code).toBe(200);
    const accounts = (await call('GET', '/api/accounts', undefined, pavel)) as { code: number; body: AccountsResponse };
    expect(accounts.code).toBe(200);
    expect(accounts.body.accounts.map((a) => a.acc_id)).toEqual([yekaterinburg]);

    await update({ tg_id: PAVEL, active: true });
    expect((await settings(moscow)).code).toBe(200);
  });

  it('applies a rights change at the admin’s next request', async () => {
    const pavel = (await app.login(PAVEL, '10.20.0.4')).token;
    const mailing = () => call('GET', `/api/mailing/check_payed?acc_id=${moscow}`, undefined, pavel);
    expect((await mailing()).body).toEqual({ ok: false, status: 'Fail rights' });
    await update({ tg_id: PAVEL, rights: ['translation_switch', 'sendouts'] });
    expect((await mailing()).code).toBe(200);
  });

  it('removes an admin, whose next request for the branch is refused', async () => {
    const olga = (await app.login(OLGA, '10.20.0.5')).token;
    expect((await call('GET', `/api/accesses?acc_id=${moscow}`, undefined, olga)).code).toBe(200);
    const res = await call('DELETE', `/api/accesses/delete_admin?acc_id=${moscow}&tg_id=${OLGA}`);
    expect(res.code).toBe(200);
    expect((res.body as AdminWire[]).map((a) => a.tg_id)).not.toContain(OLGA);
    expect(await admin(OLGA)).toBeUndefined();
    expect((await call('GET', `/api/accesses?acc_id=${moscow}`, undefined, olga)).code).toBe(403);
    const again = await call('DELETE', `/api/accesses/delete_admin?acc_id=${moscow}&tg_id=${OLGA}`);
    expect(again.code).toBe(400);
    expect((again.body as Fail).status).toBe(ACCESS_STATUS.notFound);
  });

  it('is for owners and support of the branch only, and acts on the branch in acc_id only', async () => {
    const templatesAdmin = (await app.login(DEMO_USERS.templatesAdmin, '10.20.0.6')).token;
    const stranger = (await app.login(DEMO_USERS.sendOutOwner, '10.20.0.7')).token;
    const before = await snapshot();
    expect((await call('GET', `/api/accesses?acc_id=${moscow}`, undefined, templatesAdmin)).body).toEqual({
      ok: false,
      status: 'Fail rights',
    });
    expect((await add(newAdmin(PAVEL + 10, ['owner']), moscow, templatesAdmin)).code).toBe(403);
    expect((await add(newAdmin(PAVEL + 10, ['owner']), moscow, stranger)).body).toEqual({
      ok: false,
      status: 'Access denied',
    });
    expect((await update({ tg_id: IRINA, active: false }, moscow, stranger)).code).toBe(403);
    const removal = await call(
      'DELETE',
      `/api/accesses/delete_admin?acc_id=${moscow}&tg_id=${IRINA}`,
      undefined,
      stranger,
    );
    expect(removal.code).toBe(403);
    // The owner of the Moscow branch cannot reach the other network's branch either.
    expect((await update({ tg_id: DEMO_USERS.sendOutOwner, active: false }, DEMO_BRANCHES.sendOut)).code).toBe(403);
    expect((await call('GET', '/api/accesses')).code).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});
