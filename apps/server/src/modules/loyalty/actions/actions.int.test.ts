import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BONUS_POINTS_MAX,
  LOYALTY_STATUS,
  PLACEHOLDER_CARD_TYPE,
  type LoyaltyActionWire,
  type LoyaltyCardsResponse,
} from '@salon/contract/loyalty';
import { STATUS } from '@salon/contract/status';
import { COPY_TAG } from '@salon/contract/templates';
import { queryRows } from '../../../platform/db/client.js';
import { DEMO_BRANCHES, DEMO_USERS } from '../../../seed/demo.js';
import { DB_KINDS } from '../../../test-support/databases.js';
import { startLoyaltyTestApp, type LoyaltyTestApp } from '../../../test-support/loyalty/actions-test-app.js';

const { moscow, yekaterinburg, vladivostok, sendOut } = DEMO_BRANCHES;
const placeholder = { ...PLACEHOLDER_CARD_TYPE, id: String(PLACEHOLDER_CARD_TYPE.id) };

// An action as the editor sends it (SPEC 3 server names).
function action(over: Record<string, unknown> = {}) {
  return {
    title: 'Приведи подругу',
    active: false,
    bonus_type: 'first_visit',
    card_type: placeholder,
    loyalty_points: 500,
    new_customer_points: 300,
    range_of_visits: [0, 1],
    interest_regular_customer: null,
    sending_bonuses: true,
    ...over,
  };
}

describe.each(DB_KINDS)('loyalty actions API (%s)', (kind) => {
  let app: LoyaltyTestApp;
  let owner: string;
  let editor: string;
  let consultant: string;
  let sendOutOwner: string;
  let card: { id: string; title: string; salon_group_id: string | null };

  beforeAll(async () => {
    app = await startLoyaltyTestApp(kind);
    owner = (await app.base.login(DEMO_USERS.owner)).token;
    editor = (await app.base.login(DEMO_USERS.templatesAdmin)).token;
    consultant = (await app.base.login(DEMO_USERS.salonConsultant)).token;
    sendOutOwner = (await app.base.login(DEMO_USERS.sendOutOwner)).token;
    const cards = await call('GET', `/api/loyalty/loyalty_cards?acc_id=${moscow}`);
    card = (cards.body as LoyaltyCardsResponse).data[0]!;
  });
  afterAll(async () => {
    await app?.close();
  });

  const db = () => app.base.runtime.database.db;
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(db(), query);
  const count = async (accId: number = moscow) =>
    Number(
      (await rows<{ n: number }>(sql`select count(*)::int as n from loyalty_actions where acc_id = ${accId}`))[0]!.n,
    );
  const stored = async (id: number) =>
    (await rows<Record<string, unknown>>(sql`select * from loyalty_actions where id = ${id}`))[0]!;
  async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token = owner) {
    const res = await app.request({ method, url, token, body });
    return { code: res.statusCode, body: res.json<Record<string, unknown>>() };
  }
  const create = async (body: unknown, accId: number = moscow, token = owner) =>
    call('POST', `/api/loyalty/create?acc_id=${accId}`, body, token);
  const created = async (body: unknown = action(), accId: number = moscow) => {
    const res = await create(body, accId);
    expect(res.code, JSON.stringify(res.body)).toBe(200);
    return res.body.data as LoyaltyActionWire;
  };
  const get = (id: number, accId: number = moscow) => call('GET', `/api/loyalty/loyalty_action/${id}?acc_id=${accId}`);
  const update = (body: unknown, accId: number = moscow, token = owner) =>
    call('PUT', `/api/loyalty/loyalty_action?acc_id=${accId}`, body, token);
  const switchTo = (id: number, on: boolean, accId: number = moscow) =>
    call('PUT', `/api/loyalty/switch_action?acc_id=${accId}`, { loyalty_action_id: id, status_action: on });
  // An action read back, as an update body (the server's own fields left out).
  const wireOf = ({
    date_create_template: _created,
    date_first_activate_template: _activated,
    ...rest
  }: LoyaltyActionWire) => rest;

  it('reads the CRM card types and the cheapest service', async () => {
    const cards = await call('GET', `/api/loyalty/loyalty_cards?acc_id=${moscow}`);
    expect(cards.code).toBe(200);
    expect(cards.body.ok).toBe(true);
    expect((cards.body.data as unknown[]).length).toBe(3);
    expect(card).toEqual({ id: expect.any(String), title: expect.any(String), salon_group_id: null });

    const min = await call('GET', `/api/min_cost_service?acc_id=${moscow}`);
    const [expected] = await rows<{ m: string | number }>(
      sql`select min(price_min) as m from crm_services where acc_id = ${moscow} and active`,
    );
    expect(min).toEqual({ code: 200, body: { data: [{ price_min: Number(expected!.m) }] } });
    expect(Number(expected!.m)).toBeGreaterThan(0);
  });

  it('creates, lists newest first, reads, updates and deletes with the wire names', async () => {
    const first = await created(action({ title: 'Первая' }));
    app.base.clock.advance(60_000);
    const res = await create(action());
    expect(res.code).toBe(200);
    const data = res.body.data as LoyaltyActionWire;
    expect(res.body).toEqual({
      status: `${LOYALTY_STATUS.created} id ${data.loyalty_action_id}`,
      loyalty_permission_status: true,
      data: {
        loyalty_action_id: expect.any(Number),
        title: 'Приведи подругу',
        active: false,
        bonus_type: 'first_visit',
        card_type: { id: '0', title: 'Не выбрано', salon_group_id: null },
        loyalty_points: 500,
        new_customer_points: 300,
        range_of_visits: [0, 1],
        interest_regular_customer: null,
        sending_bonuses: true,
        monthly_limit: 10,
        date_create_template: app.base.clock.now().toISOString(),
        date_first_activate_template: null,
      },
    });

    const list = await call('GET', `/api/loyalty/loyalty_actions?acc_id=${moscow}`);
    expect(list.code).toBe(200);
    const order = list.body.order as number[];
    expect(order.indexOf(data.loyalty_action_id)).toBeLessThan(order.indexOf(first.loyalty_action_id));
    expect((list.body.data as LoyaltyActionWire[]).map((a) => a.loyalty_action_id)).toEqual(order);

    expect(await get(data.loyalty_action_id)).toEqual({
      code: 200,
      body: { data, all_dependent_templates: [] },
    });

    // A percents action keeps only its own fields.
    const changed = await update({
      ...action({
        title: 'Процент с визитов',
        bonus_type: 'percents',
        interest_regular_customer: 15,
        range_of_visits: [0, 3],
        loyalty_points: 999,
      }),
      loyalty_action_id: data.loyalty_action_id,
      old_title: 'Приведи подругу',
    });
    expect(changed.code, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({
      status: LOYALTY_STATUS.ok,
      loyalty_permission_status: true,
      data: {
        title: 'Процент с визитов',
        bonus_type: 'percents',
        interest_regular_customer: 15,
        range_of_visits: [0, 3],
        loyalty_points: null,
      },
    });
    // The same again changes nothing: "Object not update", which the cabinet takes as success.
    const same = await update({
      ...action({
        title: 'Процент с визитов',
        bonus_type: 'percents',
        interest_regular_customer: 15,
        range_of_visits: [0, 3],
      }),
      loyalty_action_id: data.loyalty_action_id,
    });
    expect(same.body).toMatchObject({ status: LOYALTY_STATUS.objectNotUpdate, loyalty_permission_status: true });
    expect(same.body.data).toEqual(changed.body.data);

    const deleted = await call('DELETE', `/api/loyalty/loyalty_action/${data.loyalty_action_id}?acc_id=${moscow}`);
    expect(deleted).toEqual({ code: 200, body: { status: `${LOYALTY_STATUS.deleted} id ${data.loyalty_action_id}` } });
    expect((await get(data.loyalty_action_id)).code).toBe(404);
    const after = await call('GET', `/api/loyalty/loyalty_actions?acc_id=${moscow}`);
    expect(after.body.order).not.toContain(data.loyalty_action_id);
    // Soft: the row stays for the analytics.
    expect((await stored(data.loyalty_action_id)).deleted_at).not.toBeNull();
  });

  it.each([
    ['bonus points above 1,000,000,000', { loyalty_points: BONUS_POINTS_MAX + 1 }, 'body.loyalty_points'],
    ['negative bonus points', { loyalty_points: -1 }, 'body.loyalty_points'],
    ['new customer points above the limit', { new_customer_points: BONUS_POINTS_MAX + 1 }, 'body.new_customer_points'],
    ['fractional points', { new_customer_points: 1.5 }, 'body.new_customer_points'],
    [
      'interest 0',
      { bonus_type: 'percents', interest_regular_customer: 0, range_of_visits: [0, 2] },
      'body.interest_regular_customer',
    ],
    [
      'interest 101',
      { bonus_type: 'percents', interest_regular_customer: 101, range_of_visits: [0, 2] },
      'body.interest_regular_customer',
    ],
    [
      'a visit range below 1',
      { bonus_type: 'percents', interest_regular_customer: 5, range_of_visits: [0, 0] },
      'body.range_of_visits.1',
    ],
    ['an empty title', { title: '' }, 'body.title'],
    ['a blank title', { title: '   ' }, 'body.title'],
    ['a percents action without its interest', { bonus_type: 'percents' }, 'body'],
  ])('refuses %s and saves nothing', async (_name, over, path) => {
    const before = await count();
    const res = await create(action(over));
    expect(res.code).toBe(400);
    expect(res.body).toMatchObject({ ok: false, status: STATUS.badRequest });
    expect((res.body.issues as { path: string }[]).map((i) => i.path)).toContain(path);
    expect(await count()).toBe(before);

    // An update with the same fault leaves the action as it was.
    const target = await created();
    const upd = await update({ ...action(over), loyalty_action_id: target.loyalty_action_id });
    expect(upd.code).toBe(400);
    expect((await get(target.loyalty_action_id)).body.data).toEqual(target);
  });

  it("answers 404 for another branch's action and changes nothing", async () => {
    const theirs = await created(action({ title: 'Екатеринбург' }), yekaterinburg);
    const id = theirs.loyalty_action_id;
    const notFound = { ok: false, status: LOYALTY_STATUS.notFound };
    expect(await get(id)).toEqual({ code: 404, body: notFound });
    expect(await update({ ...action({ title: 'Чужая' }), loyalty_action_id: id })).toEqual({
      code: 404,
      body: notFound,
    });
    expect(await switchTo(id, true)).toEqual({ code: 404, body: notFound });
    expect(await call('DELETE', `/api/loyalty/loyalty_action/${id}?acc_id=${moscow}`)).toEqual({
      code: 404,
      body: notFound,
    });
    const copy = await call(
      'POST',
      `/api/loyalty/copy_loyalty_action_to_branches?acc_id=${moscow}&loyalty_action_id=${id}`,
      [moscow],
    );
    expect(copy).toEqual({ code: 404, body: notFound });
    expect((await get(id, yekaterinburg)).body.data).toEqual(theirs);
  });

  it('refuses activation without a card type; the placeholder forces the action off', async () => {
    const before = await count();
    // An active action with no bonus type chosen: refused, nothing saved.
    const refused = await create(action({ active: true, bonus_type: 'notSelected', card_type: card }));
    expect(refused.code).toBe(400);
    expect(refused.body).toMatchObject({ status: LOYALTY_STATUS.noCardType });
    expect(await count()).toBe(before);

    // The placeholder card type: saved, but off.
    const off = await created(action({ active: true }));
    expect(off.active).toBe(false);
    expect(off.date_first_activate_template).toBeNull();
    // Switching it on is refused and nothing changes.
    const sw = await switchTo(off.loyalty_action_id, true);
    expect(sw).toEqual({ code: 409, body: { ok: false, status: LOYALTY_STATUS.noCardType } });
    expect((await get(off.loyalty_action_id)).body.data).toEqual(off);
    // Choosing the placeholder on an active action switches it off.
    const on = await created(action({ active: true, card_type: card }));
    expect(on.active).toBe(true);
    const back = await update({ ...wireOf(on), card_type: placeholder, active: true });
    expect(back.body).toMatchObject({ status: LOYALTY_STATUS.ok, data: { active: false, card_type: { id: '0' } } });
    // A card type the CRM does not have is no choice either.
    const unknown = await create(
      action({ active: true, card_type: { id: '987654', title: 'Нет такой', salon_group_id: null } }),
    );
    expect(unknown.code).toBe(400);
    expect(unknown.body).toMatchObject({ status: LOYALTY_STATUS.noCardType });
  });

  it('activates with a card type, keeps the first activation date and takes the CRM title', async () => {
    const res = await create(action({ active: true, card_type: { ...card, title: 'старое имя' } }));
    expect(res.code).toBe(200);
    const on = res.body.data as LoyaltyActionWire;
    expect(on).toMatchObject({ active: true, card_type: card });
    expect(on.date_first_activate_template).toBe(app.base.clock.now().toISOString());
    const first = on.date_first_activate_template;

    app.base.clock.advance(60_000);
    expect((await switchTo(on.loyalty_action_id, false)).body).toMatchObject({
      status: LOYALTY_STATUS.ok,
      data: { active: false, date_first_activate_template: first },
    });
    // Switching off again changes nothing.
    expect((await switchTo(on.loyalty_action_id, false)).body).toMatchObject({
      status: LOYALTY_STATUS.objectNotUpdate,
      loyalty_permission_status: true,
    });
    app.base.clock.advance(60_000);
    expect((await switchTo(on.loyalty_action_id, true)).body).toMatchObject({
      status: LOYALTY_STATUS.ok,
      loyalty_permission_status: true,
      data: { active: true, date_first_activate_template: first },
    });

    // First activation through a switch.
    const later = await created(action({ card_type: card }));
    app.base.clock.advance(60_000);
    const sw = await switchTo(later.loyalty_action_id, true);
    expect(sw.body).toMatchObject({
      data: { active: true, date_first_activate_template: app.base.clock.now().toISOString() },
    });
  });

  it('blocks activation while the CRM card types do not load, and reports them unavailable', async () => {
    const off = await created(action({ card_type: card }));
    const before = await count();
    app.crm.cardTypesFail = true;
    try {
      expect(await call('GET', `/api/loyalty/loyalty_cards?acc_id=${moscow}`)).toEqual({
        code: 200,
        body: { ok: false, data: [] },
      });
      const sw = await switchTo(off.loyalty_action_id, true);
      expect(sw.body).toEqual({ ok: false, status: LOYALTY_STATUS.cardTypesUnavailable });
      expect(sw.code).toBe(502);
      expect((await get(off.loyalty_action_id)).body.data).toEqual(off);
      const cr = await create(action({ active: true, card_type: card }));
      expect(cr.body).toMatchObject({ status: LOYALTY_STATUS.cardTypesUnavailable });
      expect(await count()).toBe(before);
      // Saving it off still works.
      const saved = await update({ ...wireOf(off), title: 'Без карт' });
      expect(saved.body).toMatchObject({ status: LOYALTY_STATUS.ok, data: { title: 'Без карт', active: false } });
    } finally {
      app.crm.cardTypesFail = false;
    }
  });

  it('applies nothing when the CRM refuses loyalty rights, and says so', async () => {
    const off = await created(action({ card_type: card }));
    const on = await created(action({ card_type: card, active: true, title: 'Включена' }));
    const before = await count();
    const refused = {
      code: 200,
      body: { status: LOYALTY_STATUS.objectNotUpdate, loyalty_permission_status: false, data: null },
    };
    app.crm.permission = false;
    try {
      expect(await create(action({ card_type: card, active: true }))).toEqual(refused);
      expect(await count()).toBe(before);
      expect(await switchTo(off.loyalty_action_id, true)).toEqual(refused);
      expect(await update({ ...wireOf(off), title: 'Другое' })).toEqual(refused);
      expect((await get(off.loyalty_action_id)).body.data).toEqual(off);
      // Stopping a promotion is never refused.
      expect((await switchTo(on.loyalty_action_id, false)).body).toMatchObject({
        status: LOYALTY_STATUS.ok,
        loyalty_permission_status: true,
        data: { active: false },
      });
    } finally {
      app.crm.permission = true;
    }
  });

  // Issue 16 item 5: the branch row's active modules (kept by the payments module) gate loyalty.
  it('refuses to switch an action on while the loyalty module is not active, unless the branch has no pay data', async () => {
    const refused = {
      code: 200,
      body: { status: LOYALTY_STATUS.objectNotUpdate, loyalty_permission_status: false, data: null },
    };
    const off = await created(action({ card_type: card, title: 'Без модуля' }));
    const on = await created(action({ card_type: card, active: true, title: 'Пока оплачено' }));
    await db().execute(sql`update branches set active_modules = '{WA,TG}' where acc_id = ${moscow}`);
    try {
      const before = await count();
      expect(await create(action({ card_type: card, active: true }))).toEqual(refused);
      expect(await count()).toBe(before);
      expect(await switchTo(off.loyalty_action_id, true)).toEqual(refused);
      expect(await update({ ...wireOf(on), title: 'Сохранить включённой' })).toEqual(refused);
      // What stays off may still be edited, and a promotion can always be stopped.
      expect((await update({ ...wireOf(off), title: 'Черновик' })).body).toMatchObject({
        status: LOYALTY_STATUS.ok,
        data: { title: 'Черновик', active: false },
      });
      expect((await switchTo(on.loyalty_action_id, false)).body).toMatchObject({ data: { active: false } });
      // Vladivostok has no payment data at all: not gated.
      const free = await create(action({ card_type: card, active: true }), vladivostok);
      expect(free.body).toMatchObject({ loyalty_permission_status: true, data: { active: true } });
    } finally {
      await db().execute(sql`update branches set active_modules = '{WA,TG,loyalty}' where acc_id = ${moscow}`);
    }
    expect((await switchTo(off.loyalty_action_id, true)).body).toMatchObject({
      loyalty_permission_status: true,
      data: { active: true },
    });
  });

  it('lists the templates that offer an action and turns them off with it', async () => {
    const on = await created(action({ card_type: card, active: true, title: 'С шаблонами' }));
    const id = on.loyalty_action_id;
    const offering = async (accId: number, n: number) => {
      const picked = await rows<{ id: number }>(sql`
        update templates set settings = settings || jsonb_build_object('loyalty_action_id', ${id}::int), active = true
        where id in (select id from templates where acc_id = ${accId} and deleted_at is null order by id limit ${n})
        returning id`);
      return picked.map((r) => r.id).sort((a, b) => a - b);
    };
    const mine = await offering(moscow, 2);
    expect(mine.length).toBe(2);
    const read = await get(id);
    expect(read.body.all_dependent_templates).toEqual(
      mine.map((t) => ({
        id: t,
        title: expect.any(String),
        active: true,
        type_template: expect.any(String),
        loyalty_action_id: id,
      })),
    );
    const activeOf = async (ids: number[]) =>
      (
        await rows<{ active: boolean }>(sql`select active from templates where id in ${sql.raw(`(${ids.join(',')})`)}`)
      ).map((r) => r.active);

    expect((await switchTo(id, false)).body).toMatchObject({ status: LOYALTY_STATUS.ok });
    expect(await activeOf(mine)).toEqual([false, false]);
    expect((await get(id)).body.all_dependent_templates).toMatchObject([{ active: false }, { active: false }]);

    // Deleting does the same.
    const other = await created(action({ card_type: card, active: true, title: 'Удаляемая' }));
    await rows(sql`update templates set settings = settings || jsonb_build_object('loyalty_action_id', ${other.loyalty_action_id}::int), active = true
      where id = ${mine[0]!}`);
    expect((await call('DELETE', `/api/loyalty/loyalty_action/${other.loyalty_action_id}?acc_id=${moscow}`)).code).toBe(
      200,
    );
    expect(await activeOf([mine[0]!])).toEqual([false]);
  });

  it('copies to branches: copies are off and tagged, the answer holds the duplicate of this branch', async () => {
    const source = await created(action({ card_type: card, active: true, title: 'Оригинал' }));
    const url = `/api/loyalty/copy_loyalty_action_to_branches?acc_id=${moscow}&loyalty_action_id=${source.loyalty_action_id}`;
    const [m, y] = [await count(moscow), await count(yekaterinburg)];
    const res = await call('POST', url, [moscow, yekaterinburg]);
    expect(res.code, JSON.stringify(res.body)).toBe(200);
    const copies = res.body as unknown as LoyaltyActionWire[];
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatchObject({
      ...wireOf(source),
      loyalty_action_id: expect.any(Number),
      title: `Оригинал${COPY_TAG}`,
      active: false,
      date_first_activate_template: null,
    });
    expect(copies[0]!.loyalty_action_id).not.toBe(source.loyalty_action_id);
    expect([await count(moscow), await count(yekaterinburg)]).toEqual([m + 1, y + 1]);
    const theirs = await call('GET', `/api/loyalty/loyalty_actions?acc_id=${yekaterinburg}`);
    expect((theirs.body.data as LoyaltyActionWire[])[0]).toMatchObject({ title: `Оригинал${COPY_TAG}`, active: false });

    // Only to other branches: an empty answer.
    expect((await call('POST', url, [yekaterinburg])).body).toEqual([]);

    // All or nothing: a branch where the caller may not edit refuses the whole copy.
    const [m2, y2] = [await count(moscow), await count(yekaterinburg)];
    const editorUrl = url;
    const byEditor = await call('POST', editorUrl, [moscow, vladivostok], editor);
    expect(byEditor).toEqual({ code: 403, body: { ok: false, status: STATUS.failRights, detail: 'acc_ids' } });
    const toSendOut = await call('POST', url, [moscow, sendOut]);
    expect(toSendOut.code).toBe(403);
    expect([await count(moscow), await count(yekaterinburg)]).toEqual([m2, y2]);
  });

  it('reads for members, writes for the edit-templates right, and refuses send-out-only branches', async () => {
    const list = await call('GET', `/api/loyalty/loyalty_actions?acc_id=${moscow}`, undefined, consultant);
    expect(list.code).toBe(200);
    const write = await create(action(), moscow, consultant);
    expect(write).toEqual({ code: 403, body: { ok: false, status: STATUS.failRights } });
    const byEditor = await create(action({ title: 'От редактора' }), moscow, editor);
    expect(byEditor.code).toBe(200);
    for (const url of [
      `/api/loyalty/loyalty_actions?acc_id=${sendOut}`,
      `/api/loyalty/loyalty_cards?acc_id=${sendOut}`,
      `/api/loyalty/loyalty_analytics?acc_id=${sendOut}`,
    ]) {
      const res = await call('GET', url, undefined, sendOutOwner);
      expect(res, url).toEqual({
        code: 403,
        body: { ok: false, status: STATUS.failRights, detail: 'send_out_account' },
      });
    }
    const cr = await create(action(), sendOut, sendOutOwner);
    expect(cr.code).toBe(403);
    expect(await count(sendOut)).toBe(0);
  });
});
