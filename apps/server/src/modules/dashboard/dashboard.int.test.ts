import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DashboardActivity,
  DashboardBotClients,
  DashboardBotEarned,
  DashboardConnected,
  DashboardLoyalty,
  DashboardReview,
  DashboardSendouts,
  DashboardTariff,
  DashboardTemplates,
} from '@salon/contract/dashboard';
import { DEMO_BRANCHES, DEMO_USERS, demoPayTill } from '../../seed/demo.js';
import { DB_KINDS } from '../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../test-support/harness.js';
import { insertTemplate } from '../../test-support/templates/engine-fixtures.js';
import { SendoutAttribution } from '../mailing/stats/attribution.js';

const { moscow, yekaterinburg } = DEMO_BRANCHES;
const START = '2026-03-10T09:00:00Z';
// The fixtures below are written from May 2026 on, after the demo's own history.
const MAY = '2026-05-01';

// Numbers a person can check by hand, on messages, answers and bookings written into the tables the
// templates engine, the send-outs, the review runner, the loyalty ledger, the dispatcher and the CRM
// fill; the send-outs' counters come from their real attribution pass. Moscow is UTC+3 all year;
// "today" is 2026-06-15 there.
describe.each(DB_KINDS)('dashboard (%s)', (kind) => {
  let app: TestApp;
  let owner: string;
  let admin: string;
  let stranger: string;
  let seq = 0;
  const db = () => app.runtime.database.db;
  const idOf = (rows: unknown) => Number((rows as { rows: { id: number }[] }).rows[0]!.id);

  const outbox = async (accId: number, source: string, phone: string, status: string, sentAt: string | null) => {
    seq += 1;
    const created = sentAt ?? '2026-05-01T00:00:00Z';
    return idOf(
      await db().execute(sql`
        insert into outbox (acc_id, idempotency_key, source, source_id, recipient, client_name, body, not_before, status,
          sent_at, created_at, updated_at)
        values (${accId}, ${`dash-test:${seq}`}, ${source}, '1', ${phone}, '', 'text', ${created}::timestamptz,
          ${status}, ${sentAt}::timestamptz, ${created}::timestamptz, ${created}::timestamptz)
        returning id`),
    );
  };
  const templateMessage = async (
    accId: number,
    templateId: number,
    phone: string,
    sentAt: string | null,
    options: { status?: string; recordId?: string } = {},
  ) => {
    const id = await outbox(accId, 'template', phone, options.status ?? 'read', sentAt);
    await db().execute(sql`
      insert into template_sends (outbox_id, acc_id, template_id, version, record_id, client_phone, client_name, created_at)
      values (${id}, ${accId}, ${templateId}, 1, ${options.recordId ?? null}, ${phone}, '',
        ${sentAt ?? '2026-05-01T00:00:00Z'}::timestamptz)`);
  };
  const booking = async (accId: number, id: string, phone: string, createdAt: string, cost: number) => {
    const services = JSON.stringify([{ id: '1', title: 'Стрижка', cost, amount: 1 }]);
    await db().execute(sql`
      insert into crm_records (acc_id, id, client_phone, client_name, services, starts_at, length_sec, cost, created_at, changed_at)
      values (${accId}, ${id}, ${phone}, ${`Клиент ${id}`}, ${services}::jsonb,
        ${createdAt}::timestamptz + interval '2 days', 3600, ${cost}, ${createdAt}::timestamptz, ${createdAt}::timestamptz)`);
  };
  const sendout = async (accId: number, id: string, startedAt: string, phones: string[], text: string) => {
    await db().execute(sql`
      insert into sendouts (id, acc_id, status, source, text, keys, parsed_count, count, batch_len, between_time,
        consent_counts, time_start, started_at, last_sent_at, finished_at, created_at, updated_at)
      values (${id}, ${accId}, 'finished', 'xlsx', ${text}, array['name', 'phone'], ${phones.length}, ${phones.length},
        10, 60, '{}'::jsonb, ${startedAt}::timestamptz, ${startedAt}::timestamptz, ${startedAt}::timestamptz,
        ${startedAt}::timestamptz, ${startedAt}::timestamptz, ${startedAt}::timestamptz)`);
    for (const [position, phone] of phones.entries()) {
      const outboxId = await outbox(accId, 'sendout', phone, 'delivered', startedAt);
      await db().execute(sql`
        insert into sendout_recipients (sendout_id, position, acc_id, phone, name, planned_at, outbox_id)
        values (${id}, ${position}, ${accId}, ${phone}, '', ${startedAt}::timestamptz, ${outboxId})`);
    }
  };
  const chat = async (accId: number, phone: string, at: string) => {
    await db().execute(sql`
      insert into chat_messages (acc_id, channel_kind, direction, phone, type, body, at)
      values (${accId}, 'whatsapp', 'incoming', ${phone}, 'text', 'Да!', ${at}::timestamptz)`);
  };
  const reviewRun = async (
    accId: number,
    chainId: number,
    phone: string,
    askedAt: string,
    rating: number | null,
    finished: boolean,
  ) => {
    const runId = idOf(
      await db().execute(sql`
        insert into review_runs (acc_id, chain_id, record_id, client_phone, visit_at, state, step, rating, created_at,
          asked_at, rated_at, finished_at)
        values (${accId}, ${chainId}, ${`visit-${phone}`}, ${phone}, ${askedAt}::timestamptz - interval '1 day',
          ${rating === null ? 'asked' : 'rated'}, 1, ${rating}, ${askedAt}::timestamptz, ${askedAt}::timestamptz,
          ${rating === null ? null : askedAt}::timestamptz, ${finished ? askedAt : null}::timestamptz)
        returning id`),
    );
    const outboxId = await outbox(accId, 'review', phone, 'read', askedAt);
    await db().execute(sql`
      insert into review_run_sends (outbox_id, run_id, step, created_at)
      values (${outboxId}, ${runId}, 1, ${askedAt}::timestamptz)`);
  };
  const ledger = async (
    accId: number,
    actionId: number,
    referralId: number,
    recordId: string,
    kind: 'accrual' | 'reversal',
    paid: number,
    at: string,
  ) => {
    for (const beneficiary of ['parent', 'child']) {
      await db().execute(sql`
        insert into loyalty_ledger (acc_id, action_id, referral_id, record_id, beneficiary, phone, card_type_id, kind,
          amount, paid_amount, visit_number, created_at)
        values (${accId}, ${actionId}, ${referralId}, ${recordId}, ${beneficiary}, '79000000011', '1', ${kind},
          ${kind === 'accrual' ? 100 : -100}, ${paid}, 1, ${at}::timestamptz)`);
    }
  };

  const get = async <T>(path: string, query = '', token = owner, accId: number = moscow) => {
    const res = await app.request({ method: 'GET', url: `/api/dashboard/${path}?acc_id=${accId}${query}`, token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };
  const earned = async (body: unknown, accId: number = moscow) => {
    const res = await app.request({
      method: 'POST',
      url: `/api/dashboard/bot_earned?acc_id=${accId}`,
      token: owner,
      body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<DashboardBotEarned>();
  };

  let before: DashboardTemplates;
  const demo = {} as { earned: DashboardBotEarned; templates: DashboardTemplates; activity: DashboardActivity };
  let tA = 0;
  let tB = 0;

  beforeAll(async () => {
    app = await startTestApp(kind);
    // Seeded on START (the demo's paid-till day follows from it); today is 2026-06-15.
    app.clock.set('2026-06-15T09:00:00Z');
    owner = (await app.login(DEMO_USERS.owner)).token;
    admin = (await app.login(DEMO_USERS.templatesAdmin)).token;
    stranger = (await app.login(DEMO_USERS.sendOutOwner)).token;
    before = await get<DashboardTemplates>('templates');
    // What the demo seed alone shows on the first branch.
    demo.templates = before;
    demo.earned = await earned({});
    demo.activity = await get<DashboardActivity>('activity');

    const at = new Date('2026-02-01T00:00:00Z');
    tA = await insertTemplate(db(), moscow, { when_send: 'after_end' }, 'Спасибо!', at, 'После визита');
    tB = await insertTemplate(db(), moscow, { when_send: 'event' }, 'Ждём вас', at, 'Событие');
    // Templates. m1 → b1 (booked at 00:00 of 2026-05-04 in Moscow, 3000); m2 → its own record and a
    // booking after the 7-day window, neither counts; tB: three sent (one → b4 1500), one failed.
    await templateMessage(moscow, tA, '79000000001', '2026-05-02T07:00:00Z');
    await booking(moscow, 'b1', '79000000001', '2026-05-03T21:00:00Z', 3000);
    await templateMessage(moscow, tA, '79000000002', '2026-05-03T07:00:00Z', { status: 'delivered', recordId: 'own' });
    await booking(moscow, 'own', '79000000002', '2026-05-03T09:00:00Z', 7000);
    await booking(moscow, 'late', '79000000002', '2026-05-11T08:00:00Z', 9000);
    await templateMessage(moscow, tB, '79000000003', '2026-06-01T10:00:00Z');
    await templateMessage(moscow, tB, '79000000004', '2026-06-02T10:00:00Z');
    await booking(moscow, 'b4', '79000000004', '2026-06-03T10:00:00Z', 1500);
    await templateMessage(moscow, tB, '79000000005', '2026-06-05T10:00:00Z');
    await templateMessage(moscow, tB, '79000000015', null, { status: 'failed' });
    // Send-outs. S0 also reached the client of b1 (counted once in all); S1: P6 → b6 (2000), P7 answered.
    await sendout(moscow, 'so_dash_0', '2026-05-03T06:00:00Z', ['79000000001'], 'Весенние скидки\nдо -20%');
    await sendout(moscow, 'so_dash_1', '2026-05-20T10:00:00Z', ['79000000006', '79000000007'], 'Новая услуга');
    await booking(moscow, 'b6', '79000000006', '2026-05-21T10:00:00Z', 2000);
    await chat(moscow, '79000000007', '2026-05-20T11:00:00Z');
    for (const id of ['so_dash_0', 'so_dash_1']) await new SendoutAttribution(db(), app.clock).refresh(id);
    // Reviews: three asked, two rated (one negative), both finished; P8 booked again (2500).
    const chainId = idOf(
      await db().execute(sql`
        insert into review_chains (acc_id, title, active, first_step, second_step, last_step, created_at, updated_at)
        values (${moscow}, 'Отзыв', true, '{}'::jsonb, '[]'::jsonb, '{}'::jsonb, now(), now()) returning id`),
    );
    await reviewRun(moscow, chainId, '79000000008', '2026-05-25T10:00:00Z', 2, true);
    await booking(moscow, 'visit-79000000008', '79000000008', '2026-05-25T12:00:00Z', 800);
    await booking(moscow, 'b8', '79000000008', '2026-05-26T10:00:00Z', 2500);
    await reviewRun(moscow, chainId, '79000000009', '2026-05-25T11:00:00Z', 5, true);
    await reviewRun(moscow, chainId, '79000000010', '2026-05-25T12:00:00Z', null, false);
    // Loyalty: the friend's paid visits loy1 (4000) and loy3 (2000); loy2 was reversed.
    const actionId = idOf(
      await db().execute(sql`
        insert into loyalty_actions (acc_id, title, active, bonus_type, created_at, updated_at)
        values (${moscow}, 'Приведи друга', true, 'first_visit', now(), now()) returning id`),
    );
    const referralId = idOf(
      await db().execute(sql`
        insert into loyalty_referrals (acc_id, action_id, invite_code, parent_phone, child_phone, child_name, status, created_at)
        values (${moscow}, ${actionId}, 'inv1', '79000000012', '79000000011', 'Друг', 'attributed', '2026-05-10T10:00:00Z')
        returning id`),
    );
    await booking(moscow, 'loy1', '79000000011', '2026-05-14T10:00:00Z', 4000);
    await ledger(moscow, actionId, referralId, 'loy1', 'accrual', 4000, '2026-05-15T10:00:00Z');
    await booking(moscow, 'loy2', '79000000011', '2026-05-15T10:00:00Z', 1000);
    await ledger(moscow, actionId, referralId, 'loy2', 'accrual', 1000, '2026-05-16T10:00:00Z');
    await ledger(moscow, actionId, referralId, 'loy2', 'reversal', 1000, '2026-05-17T10:00:00Z');
    await booking(moscow, 'loy3', '79000000011', '2026-06-09T10:00:00Z', 2000);
    await ledger(moscow, actionId, referralId, 'loy3', 'accrual', 2000, '2026-06-10T10:00:00Z');
    // Another branch: a template message and its booking never show in Moscow.
    const other = await insertTemplate(db(), yekaterinburg, { when_send: 'after_end' }, 'Hi', at, 'Другой');
    await templateMessage(yekaterinburg, other, '79000000001', '2026-05-02T07:00:00Z');
    await booking(yekaterinburg, 'e1', '79000000001', '2026-05-03T10:00:00Z', 99000);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('shows the demo history on the first branch', () => {
    expect(demo.earned.amount).toBeGreaterThan(0);
    expect(demo.templates.popular_templates[0]).toMatchObject({ name: 'Спасибо за визит' });
    expect(demo.templates.popular_templates[0]!.recorded_rate).toBeGreaterThan(0);
    expect(demo.activity.points.some((p) => p.sent > 0 && p.bookings > 0)).toBe(true);
  });

  it('adds up every booking our messages brought once, in the branch days', async () => {
    expect(await earned({ date_start: MAY })).toEqual({ amount: 15000, currency: 'RUB' });
    // b1 was made at 00:00 of 2026-05-04 in Moscow (still 2026-05-03 in UTC).
    expect((await earned({ date_start: '2026-05-04', date_end: '2026-05-04' })).amount).toBe(3000);
    expect((await earned({ date_start: '2026-05-01', date_end: '2026-05-03' })).amount).toBe(0);
    expect((await earned({ date_start: MAY, date_end: '2026-05-31' })).amount).toBe(11500);
    expect((await earned({ date_start: MAY, date_end: null })).amount).toBe(15000);
    expect((await earned({ date_start: MAY }, yekaterinburg)).amount).toBe(99000);
    // The default period is 2020-01-01 … today: it holds the demo's history too.
    expect((await earned({})).amount).toBe(15000 + demo.earned.amount);
  });

  it('lists the bot clients newest first', async () => {
    const clients = await get<DashboardBotClients>('bot_clients', `&date_start=${MAY}`);
    expect(clients.total).toBe(6);
    expect(clients.bot_clients.map((c) => c.record_id)).toEqual(['loy3', 'b4', 'b8', 'b6', 'loy1', 'b1']);
    expect(clients.bot_clients[5]).toEqual({
      record_id: 'b1',
      record_time: '2026-05-05T21:00:00.000Z',
      summary_cost: 3000,
      phone: '79000000001',
      name: 'Клиент b1',
    });
    const march = await get<DashboardBotClients>('bot_clients', '&date_start=2026-05-20&date_end=2026-05-31');
    expect(march.bot_clients.map((c) => c.record_id)).toEqual(['b8', 'b6']);
  });

  it('counts the templates, their earnings and the popular ones', async () => {
    const t = await get<DashboardTemplates>('templates', `&date_start=${MAY}`);
    expect(t.count_all - before.count_all).toBe(2);
    expect(t.count_event - before.count_event).toBe(1);
    expect(t.count_time - before.count_time).toBe(1);
    expect(t.count_active_template - before.count_active_template).toBe(2);
    expect(t.amount).toBe(4500);
    expect(t.popular_templates).toEqual([
      { id: String(tB), name: 'Событие', amount: 3, recorded_rate: 33.33 },
      { id: String(tA), name: 'После визита', amount: 2, recorded_rate: 50 },
    ]);
    const april = await get<DashboardTemplates>('templates', '&date_start=2026-06-01');
    expect(april.amount).toBe(1500);
    expect(april.popular_templates.map((p) => p.id)).toEqual([String(tB)]);
  });

  it('sums the send-outs from their attribution', async () => {
    const s = await get<DashboardSendouts>('sendout_data', `&date_start=${MAY}`);
    expect(s).toEqual({
      amount: 5000,
      count_sendout: 2,
      count_active_sendout: 0,
      count_all_send_msg: 3,
      count_sign_up: 2,
      percent_sign_up: 66.67,
      count_answers: 1,
      percent_answers: 33.33,
      last_sent_sendouts: [
        {
          sendout_id: 'so_dash_1',
          name: 'Новая услуга',
          summ: 2,
          status: 'finished',
          conversion_sign_up: 50,
          conversion_answers: 50,
        },
        {
          sendout_id: 'so_dash_0',
          name: 'Весенние скидки',
          summ: 1,
          status: 'finished',
          conversion_sign_up: 100,
          conversion_answers: 0,
        },
      ],
    });
    const late = await get<DashboardSendouts>('sendout_data', '&date_start=2026-05-10');
    expect(late.count_sendout).toBe(1);
    expect(late.amount).toBe(2000);
  });

  it('reads the review chains and the loyalty ledger', async () => {
    expect(await get<DashboardReview>('review', `&date_start=${MAY}`)).toEqual({
      total_sends: 3,
      count_full_review: 2,
      percent_full_review: 66.67,
      count_first_step: 2,
      percent_first_step: 66.67,
      negative_results: 1,
    });
    expect((await get<DashboardReview>('review', '&date_end=2026-05-24')).total_sends).toBe(0);
    expect(await get<DashboardLoyalty>('loyalty', `&date_start=${MAY}`)).toEqual({
      amount: 6000,
      median_bill: 3000,
      count_records: 2,
    });
    expect(await get<DashboardLoyalty>('loyalty', '&date_start=2026-06-01')).toEqual({
      amount: 2000,
      median_bill: 2000,
      count_records: 1,
    });
  });

  it('groups the activity by month, then by day, every bucket present', async () => {
    const months = await get<DashboardActivity>('activity');
    expect(months.group_by).toBe('month');
    expect(months.points).toHaveLength(6 * 12 + 6);
    expect(months.points[0]).toEqual({ period: '2020-01', sent: 0, bookings: 0, earned: 0 });
    // March: two template messages, two send-outs' three, three review requests.
    expect(months.points.at(-2)).toEqual({ period: '2026-05', sent: 8, bookings: 4, earned: 11500 });
    expect(months.points.at(-1)).toEqual({ period: '2026-06', sent: 3, bookings: 2, earned: 3500 });
    const days = await get<DashboardActivity>('activity', '&date_start=2026-06-01&date_end=2026-06-10');
    expect(days.group_by).toBe('day');
    expect(days.points).toHaveLength(10);
    expect(days.points.filter((p) => p.sent + p.bookings > 0)).toEqual([
      { period: '2026-06-01', sent: 1, bookings: 0, earned: 0 },
      { period: '2026-06-02', sent: 1, bookings: 0, earned: 0 },
      { period: '2026-06-03', sent: 0, bookings: 1, earned: 1500 },
      { period: '2026-06-05', sent: 1, bookings: 0, earned: 0 },
      { period: '2026-06-09', sent: 0, bookings: 1, earned: 2000 },
    ]);
    // A century asks no more than about seven years of months.
    const wide = await get<DashboardActivity>('activity', '&date_start=2000-01-01&date_end=2100-12-31');
    expect(wide.points.length).toBeLessThanOrEqual(7 * 12 + 2);
  });

  it('shows the tariff and the people the admin bot reaches', async () => {
    const tariff = await get<DashboardTariff>('tariff_and_channels');
    expect(tariff.pay_period).toBe(demoPayTill(new Date(START)));
    expect(tariff.pay_status).toBe(true);
    expect(tariff.tarif_data.currency).toBe('RUB');
    expect(typeof tariff.status_channels.TG).toBe('string');
    const { connected } = await get<DashboardConnected>('connected');
    expect(connected.map((c) => c.telegram_id).sort()).toEqual(
      [DEMO_USERS.owner, DEMO_USERS.templatesAdmin, DEMO_USERS.salonConsultant].sort(),
    );
    expect(connected.find((c) => c.telegram_id === DEMO_USERS.owner)?.name).toBe('Анна Соколова');
  });

  it('lets any member in, refuses others and bad periods', async () => {
    expect((await get<DashboardTemplates>('templates', '', admin)).count_all).toBeGreaterThan(0);
    const refused = await app.request({
      method: 'GET',
      url: `/api/dashboard/review?acc_id=${moscow}`,
      token: stranger,
    });
    expect(refused.statusCode).toBe(403);
    for (const query of [
      '&date_start=2026-02-30',
      '&date_end=0000-01-01',
      '&date_start=2026-06-02&date_end=2026-06-01',
    ]) {
      const res = await app.request({
        method: 'GET',
        url: `/api/dashboard/activity?acc_id=${moscow}${query}`,
        token: owner,
      });
      expect(res.statusCode, query).toBe(400);
    }
    const body = await app.request({
      method: 'POST',
      url: `/api/dashboard/bot_earned?acc_id=${moscow}`,
      token: owner,
      body: { date_start: '2026-13-01' },
    });
    expect(body.statusCode).toBe(400);
  });
});
