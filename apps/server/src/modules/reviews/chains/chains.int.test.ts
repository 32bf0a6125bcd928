import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  idFromSaveStatus,
  REVIEW_STATUS,
  type ReviewChainWire,
  type ReviewListItem,
} from '@salon/contract/reviews';
import { STATUS } from '@salon/contract/status';
import { queryRows } from '../../../platform/db/client.js';
import { DEMO_BRANCHES, DEMO_USERS } from '../../../seed/demo.js';
import { DB_KINDS } from '../../../test-support/databases.js';
import { startReviewsTestApp, type ReviewsTestApp } from '../../../test-support/reviews/test-app.js';

const { moscow, yekaterinburg, sendOut } = DEMO_BRANCHES;

const text = (body: string) => [{ type: 'text', body, caption: '' }];

// A chain as the editor sends it (SPEC 3 server names).
function chainData(over: { first?: object; middle?: object[]; last?: object; rest?: object } = {}) {
  return {
    first_step: {
      title: 'Отзыв после визита',
      active: true,
      content: text('{name}, спасибо за визит! Как всё прошло?'),
      request_review: true,
      after_end: 3,
      all_day_recs_notifications: null,
      attendance: [1],
      services: ['101', '102'],
      staff: ['7'],
      record_labels: [],
      client_category: [],
      categories: [],
      visits: [1, 10],
      visits_frequency: 1,
      blacklist: ['79990001122'],
      WA_alerts: [],
      tg_alerts: ['-1001234567', '123456789'],
      check_already_review: true,
      ...over.first,
    },
    second_step: over.middle ?? [
      { active: true, content: text('Напоминаем: оцените визит'), delay_hours: 24 },
      { active: true, content: text('Последнее напоминание'), delay_hours: 48 },
    ],
    last_step: {
      active: true,
      content: text('Спасибо! Оставьте отзыв: {review_link}'),
      fail_text: 'Жаль! Мы разберёмся. {review_link}',
      ...over.last,
    },
    review_sites: [{ kind: 'yandex', url: 'https://yandex.ru/maps/org/barhat/123/reviews' }],
    repeat_days: 45,
    ...over.rest,
  };
}

describe.each(DB_KINDS)('review chains API (%s)', (kind) => {
  let app: ReviewsTestApp;
  let owner: string;
  let editor: string;
  let consultant: string;
  let sendOutOwner: string;

  beforeAll(async () => {
    app = await startReviewsTestApp(kind);
    owner = (await app.base.login(DEMO_USERS.owner)).token;
    editor = (await app.base.login(DEMO_USERS.templatesAdmin)).token;
    consultant = (await app.base.login(DEMO_USERS.salonConsultant)).token;
    sendOutOwner = (await app.base.login(DEMO_USERS.sendOutOwner)).token;
  });
  afterAll(async () => {
    await app?.close();
  });

  const db = () => app.base.runtime.database.db;
  const count = async (table: string) =>
    Number((await queryRows<{ n: number }>(db(), sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n);
  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    token = owner,
  ) => {
    const res = await app.request({ method, url, token, body });
    return { code: res.statusCode, body: res.json<Record<string, unknown>>() };
  };
  const save = (data: unknown, accId: number = moscow, token = owner, extra: object = {}) =>
    call('POST', `/api/save_review?acc_id=${accId}`, { template_id: null, data, ...extra }, token);
  const create = async (data: unknown = chainData(), accId: number = moscow) => {
    const res = await save(data, accId);
    expect(res.code, JSON.stringify(res.body)).toBe(200);
    return res.body.id as number;
  };
  const get = async (id: number, accId: number = moscow) => {
    const res = await call('GET', `/api/get_review?acc_id=${accId}&template_id=${id}`);
    expect(res.code, JSON.stringify(res.body)).toBe(200);
    return res.body as { count: number; data: ReviewChainWire };
  };

  it('saves a chain, answers its id in the status text, and reads it back with the wire names', async () => {
    const res = await save(chainData(), moscow, owner, { user_id: DEMO_USERS.owner, steps_count: 4 });
    expect(res.code).toBe(200);
    const id = res.body.id as number;
    expect(res.body).toEqual({ ok: true, status: REVIEW_STATUS.saved(id), id });
    expect(idFromSaveStatus(res.body.status as string)).toBe(id);

    const read = await get(id);
    expect(read.count).toBe(4);
    expect(read.data).toMatchObject({
      id,
      active: true,
      first_step: {
        id: 1,
        title: 'Отзыв после визита',
        active: true,
        content: [{ type: 'text', body: '{name}, спасибо за визит! Как всё прошло?', caption: '' }],
        after_end: 3,
        all_day_recs_notifications: null,
        services: ['101', '102'],
        staff: ['7'],
        visits: [1, 10],
        blacklist: ['79990001122'],
        tg_alerts: ['-1001234567', '123456789'],
        check_already_review: true,
      },
      second_step: [
        { active: true, content: [{ body: 'Напоминаем: оцените визит' }], delay_hours: 24 },
        { active: true, content: [{ body: 'Последнее напоминание' }], delay_hours: 48 },
      ],
      last_step: {
        active: true,
        content: [{ body: 'Спасибо! Оставьте отзыв: {review_link}' }],
        fail_text: 'Жаль! Мы разберёмся. {review_link}',
      },
      review_sites: [{ kind: 'yandex', url: 'https://yandex.ru/maps/org/barhat/123/reviews' }],
      repeat_days: 45,
    });

    const list = await call('GET', `/api/all_reviews?acc_id=${moscow}`);
    expect(list.code).toBe(200);
    const items = list.body.data as ReviewListItem[];
    expect(list.body.count).toBe(items.length);
    expect(list.body.order).toEqual(items.map((i) => i.id));
    expect(list.body.review_sites).toEqual([{ kind: 'yandex', url: 'https://yandex.ru/maps/org/barhat/123/reviews' }]);
    expect(list.body.repeat_days).toBe(45);
    expect(items.find((i) => i.id === id)).toMatchObject({
      title: 'Отзыв после визита',
      active: true,
      steps: 4,
      middle_active: [true, true],
      last_active: true,
      timing: { after_end: 3, all_day_recs_notifications: null },
    });
  });

  it('updates with PUT /update_review and with save_review given the id; the list keeps its order', async () => {
    const a = await create();
    const b = await create(chainData({ first: { title: 'Вторая' } }));
    const daily = chainData({
      first: { title: 'Ежедневная', after_end: null, all_day_recs_notifications: { day: -2, time: '19:30' } },
      middle: [],
    });
    const put = await call('PUT', `/api/update_review?acc_id=${moscow}&template_id=${a}`, { data: daily }, editor);
    expect(put).toEqual({ code: 200, body: { ok: true, status: REVIEW_STATUS.saved(a) } });
    const read = await get(a);
    expect(read.count).toBe(2);
    expect(read.data.first_step).toMatchObject({
      title: 'Ежедневная',
      after_end: null,
      all_day_recs_notifications: { day: -2, time: '19:30' },
    });
    expect(read.data.second_step).toEqual([]);

    const again = await call('POST', `/api/save_review?acc_id=${moscow}`, {
      template_id: b,
      data: chainData({ first: { title: 'Вторая, исправленная' }, rest: { repeat_days: 30, review_sites: [] } }),
    });
    expect(again).toEqual({ code: 200, body: { ok: true, status: REVIEW_STATUS.saved(b), id: b } });
    expect((await get(b)).data).toMatchObject({ first_step: { title: 'Вторая, исправленная' }, repeat_days: 30 });
    expect((await get(a)).data.review_sites).toEqual([]);

    const order = (await call('GET', `/api/all_reviews?acc_id=${moscow}`)).body.order as number[];
    expect(order.indexOf(a)).toBeLessThan(order.indexOf(b));
  });

  it('deletes a middle step and renumbers the ones after it', async () => {
    const id = await create(
      chainData({
        middle: ['Первое', 'Второе', 'Третье'].map((t) => ({ active: true, content: text(t), delay_hours: 24 })),
      }),
    );
    expect((await get(id)).count).toBe(5);
    const res = await call('DELETE', `/api/review_step_delete?acc_id=${moscow}&template_id=${id}&step_number=3`);
    expect(res).toEqual({ code: 200, body: { ok: true, status: REVIEW_STATUS.stepDeleted(3) } });
    const read = await get(id);
    expect(read.count).toBe(4);
    expect(read.data.second_step.map((s) => s.content[0]!.body)).toEqual(['Первое', 'Третье']);

    // Step 4 is now the last step: not a middle one.
    const last = await call('DELETE', `/api/review_step_delete?acc_id=${moscow}&template_id=${id}&step_number=4`);
    expect(last.code).toBe(400);
    expect(last.body.issues).toEqual([{ path: 'querystring.step_number', code: 'invalid_step' }]);
    // The first step is not deletable at all.
    const first = await call('DELETE', `/api/review_step_delete?acc_id=${moscow}&template_id=${id}&step_number=1`);
    expect(first.code).toBe(400);
    expect((await get(id)).count).toBe(4);
  });

  it('switching the chain off turns every middle step off and tells the runner after commit', async () => {
    const id = await create();
    const before = app.switchedOff.length;
    const off = await call('POST', `/api/review_switch?acc_id=${moscow}`, { template_id: id, switch: false });
    expect(off).toEqual({ code: 200, body: { ok: true } });
    const read = await get(id);
    expect(read.data.active).toBe(false);
    expect(read.data.first_step.active).toBe(false);
    expect(read.data.second_step.map((s) => s.active)).toEqual([false, false]);
    expect(read.data.last_step.active).toBe(true);
    expect(app.switchedOff.slice(before)).toEqual([{ accId: moscow, chainId: id }]);

    // Off again: nothing stopped, nobody told.
    await call('POST', `/api/review_switch?acc_id=${moscow}`, { template_id: id, switch: false });
    expect(app.switchedOff.length).toBe(before + 1);

    // A middle step cannot go on while the chain is off.
    const middle = await call('POST', `/api/review_step_switch?acc_id=${moscow}`, {
      template_id: id,
      step_number: 2,
      switch: true,
    });
    expect(middle.code).toBe(400);
    expect(middle.body.issues).toEqual([{ path: 'body.step_number', code: 'chain_inactive' }]);

    // Step 1 is the chain's switch; then a middle step goes on by itself.
    const on = await call('POST', `/api/review_step_switch?acc_id=${moscow}`, {
      template_id: id,
      step_number: 1,
      switch: true,
    });
    expect(on.code).toBe(200);
    expect((await get(id)).data.second_step.map((s) => s.active)).toEqual([false, false]);
    await call('POST', `/api/review_step_switch?acc_id=${moscow}`, { template_id: id, step_number: 3, switch: true });
    const after = await get(id);
    expect(after.data.active).toBe(true);
    expect(after.data.second_step.map((s) => s.active)).toEqual([false, true]);

    // The last step (4) switches by itself; 5 is no step of this chain.
    await call('POST', `/api/review_step_switch?acc_id=${moscow}`, { template_id: id, step_number: 4, switch: false });
    expect((await get(id)).data.last_step.active).toBe(false);
    const none = await call('POST', `/api/review_step_switch?acc_id=${moscow}`, {
      template_id: id,
      step_number: 5,
      switch: true,
    });
    expect(none.code).toBe(400);

    // Saving the first step off in the editor does the same as the switch.
    const n = app.switchedOff.length;
    await call('PUT', `/api/update_review?acc_id=${moscow}&template_id=${id}`, {
      data: chainData({ first: { active: false } }),
    });
    const saved = await get(id);
    expect(saved.data.active).toBe(false);
    expect(saved.data.second_step.map((s) => s.active)).toEqual([false, false]);
    expect(app.switchedOff.slice(n)).toEqual([{ accId: moscow, chainId: id }]);
  });

  it('switching on a last step with an empty text is refused and changes nothing', async () => {
    const id = await create(chainData({ last: { active: false, content: text(''), fail_text: '' } }));
    const res = await call('POST', `/api/review_step_switch?acc_id=${moscow}`, {
      template_id: id,
      step_number: 4,
      switch: true,
    });
    expect(res.code).toBe(400);
    expect(res.body.issues).toEqual([
      { path: 'data.last_step.content', code: 'empty_positive_text' },
      { path: 'data.last_step.fail_text', code: 'empty_negative_text' },
    ]);
    expect((await get(id)).data.last_step.active).toBe(false);
  });

  it('deletes a chain softly: it leaves the list, reads as not found, and the runner is told', async () => {
    const id = await create();
    const before = app.switchedOff.length;
    const res = await call('DELETE', `/api/delete_review?acc_id=${moscow}&template_id=${id}`);
    expect(res).toEqual({ code: 200, body: { ok: true, status: REVIEW_STATUS.deleted } });
    expect(app.switchedOff.slice(before)).toEqual([{ accId: moscow, chainId: id }]);
    const list = await call('GET', `/api/all_reviews?acc_id=${moscow}`);
    expect((list.body.order as number[]).includes(id)).toBe(false);
    const read = await call('GET', `/api/get_review?acc_id=${moscow}&template_id=${id}`);
    expect(read).toEqual({ code: 404, body: { ok: false, status: REVIEW_STATUS.notFound } });
    const rows = await queryRows<{ deleted: boolean; active: boolean }>(
      db(),
      sql`select deleted_at is not null as deleted, active from review_chains where id = ${id}`,
    );
    expect(rows).toEqual([{ deleted: true, active: false }]);
    expect((await call('DELETE', `/api/delete_review?acc_id=${moscow}&template_id=${id}`)).code).toBe(404);
  });

  describe('bad input: a 400 with the contract code, nothing saved', () => {
    const cases: [string, unknown, { path: string; code: string }][] = [
      [
        'a fourth middle step',
        chainData({
          middle: [1, 2, 3, 4].map((n) => ({ active: true, content: text(`Шаг ${n}`), delay_hours: 24 })),
        }),
        { path: 'body.data.second_step', code: 'too_many_steps' },
      ],
      [
        'a list entry that is not digits',
        chainData({ first: { services: ['101', '12a'] } }),
        { path: 'body.data.first_step.services.1', code: 'digits_only' },
      ],
      [
        'a Telegram alert id that is not one',
        chainData({ first: { tg_alerts: ['12ab45678'] } }),
        { path: 'body.data.first_step.tg_alerts.0', code: 'invalid_tg_id' },
      ],
      [
        'a timing outside the after-end list',
        chainData({ first: { after_end: 5 } }),
        { path: 'body.data.first_step.after_end', code: 'invalid_timing' },
      ],
      [
        'a day outside the daily options',
        chainData({ first: { after_end: null, all_day_recs_notifications: { day: -4, time: '10:00' } } }),
        { path: 'body.data.first_step.all_day_recs_notifications.day', code: 'invalid_day' },
      ],
      [
        'no timing at all',
        chainData({ first: { after_end: null } }),
        { path: 'body.data.first_step.after_end', code: 'invalid_timing' },
      ],
      [
        'an empty positive text on an active last step',
        chainData({ last: { content: text('  ') } }),
        { path: 'body.data.last_step.content', code: 'empty_positive_text' },
      ],
      [
        'an empty negative text on an active last step',
        chainData({ last: { fail_text: '' } }),
        { path: 'body.data.last_step.fail_text', code: 'empty_negative_text' },
      ],
      [
        'an invalid review URL',
        chainData({ rest: { review_sites: [{ kind: 'google', url: 'javascript:alert(1)' }] } }),
        { path: 'body.data.review_sites.0.url', code: 'invalid_url' },
      ],
    ];

    it.each(cases)('%s', async (_name, data, issue) => {
      const chains = await count('review_chains');
      const settings = await queryRows(db(), sql`select * from review_settings order by acc_id`);
      const res = await save(data);
      expect(res.code).toBe(400);
      expect(res.body.status).toBe(STATUS.badRequest);
      expect(res.body.issues).toContainEqual(issue);
      expect(await count('review_chains')).toBe(chains);

      // An update with the same input leaves the chain as it was.
      const id = await create();
      const before = await get(id);
      const put = await call('PUT', `/api/update_review?acc_id=${moscow}&template_id=${id}`, { data });
      expect(put.code).toBe(400);
      expect(await get(id)).toEqual(before);
      expect(await queryRows(db(), sql`select * from review_settings order by acc_id`)).toEqual(settings);
    });

    it('a steps_count that does not match the steps sent', async () => {
      const chains = await count('review_chains');
      const res = await save(chainData(), moscow, owner, { steps_count: 5 });
      expect(res.code).toBe(400);
      expect(res.body.issues).toEqual([{ path: 'body.steps_count', code: 'invalid_steps_count' }]);
      expect(await count('review_chains')).toBe(chains);
    });
  });

  it("refuses another branch's chain as not found and writes nothing", async () => {
    const theirs = await create(chainData({ first: { title: 'Екатеринбург' } }), yekaterinburg);
    const before = await get(theirs, yekaterinburg);
    const notFound = { ok: false, status: REVIEW_STATUS.notFound };
    const tries = [
      await call('GET', `/api/get_review?acc_id=${moscow}&template_id=${theirs}`),
      await call('PUT', `/api/update_review?acc_id=${moscow}&template_id=${theirs}`, { data: chainData() }),
      await call('POST', `/api/save_review?acc_id=${moscow}`, { template_id: theirs, data: chainData() }),
      await call('POST', `/api/review_switch?acc_id=${moscow}`, { template_id: theirs, switch: false }),
      await call('POST', `/api/review_step_switch?acc_id=${moscow}`, {
        template_id: theirs,
        step_number: 2,
        switch: false,
      }),
      await call('DELETE', `/api/review_step_delete?acc_id=${moscow}&template_id=${theirs}&step_number=2`),
      await call('DELETE', `/api/delete_review?acc_id=${moscow}&template_id=${theirs}`),
    ];
    for (const res of tries) expect(res).toEqual({ code: 404, body: notFound });
    expect(await get(theirs, yekaterinburg)).toEqual(before);
    const list = await call('GET', `/api/all_reviews?acc_id=${moscow}`);
    expect((list.body.order as number[]).includes(theirs)).toBe(false);
  });

  it('reads for any member, writes with the edit-templates right, never on send-out branches', async () => {
    const read = await call('GET', `/api/all_reviews?acc_id=${moscow}`, undefined, consultant);
    expect(read.code).toBe(200);
    const write = await save(chainData(), moscow, consultant);
    expect(write).toEqual({ code: 403, body: { ok: false, status: STATUS.failRights } });
    expect((await save(chainData(), moscow, editor)).code).toBe(200);

    const chains = await count('review_chains');
    const sendOutList = await call('GET', `/api/all_reviews?acc_id=${sendOut}`, undefined, sendOutOwner);
    expect(sendOutList.code).toBe(403);
    expect(sendOutList.body).toMatchObject({ status: STATUS.failRights, detail: 'send_out_account' });
    expect((await save(chainData(), sendOut, sendOutOwner)).code).toBe(403);
    expect(await count('review_chains')).toBe(chains);

    // A user id in the body that is not the caller's.
    const other = await save(chainData(), moscow, owner, { user_id: DEMO_USERS.templatesAdmin });
    expect(other.code).toBe(403);
    expect(await count('review_chains')).toBe(chains);
  });

  it('hands the runner parsed active chains and the branch settings', async () => {
    const on = await create(chainData({ first: { title: 'Для раннера' } }), yekaterinburg);
    const off = await create(chainData({ first: { title: 'Выключенная', active: false } }), yekaterinburg);
    const active = await app.module.chainsRepo.activeChains(yekaterinburg);
    expect(active.map((c) => c.id)).toContain(on);
    expect(active.map((c) => c.id)).not.toContain(off);
    const chain = active.find((c) => c.id === on)!;
    expect(chain.firstStep.after_end).toBe(3);
    expect(chain.middleSteps).toHaveLength(2);
    expect(chain.lastStep.fail_text).toBe('Жаль! Мы разберёмся. {review_link}');
    const settings = await app.module.chainsRepo.settings(yekaterinburg);
    expect(settings).toEqual({
      sites: [{ kind: 'yandex', url: 'https://yandex.ru/maps/org/barhat/123/reviews' }],
      repeatDays: 45,
    });
    expect(await app.module.chainsRepo.settings(DEMO_BRANCHES.vladivostok)).toEqual({ sites: [], repeatDays: 30 });
  });
});
