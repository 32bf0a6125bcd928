import { existsSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAILING_STATS_STATUS,
  type MailingStatsDetailResponse,
  type MailingStatsResponse,
  type MailingStatsRowWire,
} from '@salon/contract/mailing-stats';
import { DEMO_BRANCHES, DEMO_USERS } from '../../../seed/demo.js';
import { DB_KINDS } from '../../../test-support/databases.js';
import { hours, startStatsTestApp, type StatsTestApp } from '../../../test-support/mailing/stats-test-app.js';

const { moscow, yekaterinburg } = DEMO_BRANCHES;
type Fail = { ok: false; status: string };

interface Counted {
  sent: number;
  read: number;
  answered: number;
  recorded: number;
  revenue: number;
}

async function sheetRows(bytes: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

// SPEC 2/3/5/7/9 mailing statistics on the mailing host as the cabinet calls them: the table's
// pages, sort and filters in the branch's days, its count, the Excel file and the Telegram export,
// and one send-out's recipients. Moscow is UTC+3; the clock stands at 2026-03-10 12:00 there.
describe.each(DB_KINDS)('mailing statistics API (%s)', (kind) => {
  let app: StatsTestApp;
  let owner: string;
  const db = () => app.base.runtime.database.db;

  // Counters as the attribution pass leaves them (the send-outs below have no recipients).
  const counted = (id: string, c: Counted) =>
    db().execute(
      sql`update sendouts set sent_count = ${c.sent}, read_count = ${c.read}, answered_count = ${c.answered},
            recorded_count = ${c.recorded}, revenue = ${c.revenue}, stats_at = ${app.base.clock.now().toISOString()}::timestamptz
          where id = ${id}`,
    );

  beforeAll(async () => {
    app = await startStatsTestApp(kind);
    owner = (await app.base.login(DEMO_USERS.owner, '10.41.0.1')).token;
    const fx = app.fixture;
    await fx.sendout({
      id: 'st-a',
      accId: moscow,
      text: 'Январь: скидка 10% для {name}',
      startedAt: '2026-01-15T07:00:00Z',
      finishedAt: '2026-01-15T09:00:00Z',
      visitsMedian: 3,
      lastVisitTimeMedian: 40,
    });
    await counted('st-a', { sent: 10, read: 5, answered: 2, recorded: 1, revenue: 2000 });
    await fx.sendout({
      id: 'st-b',
      accId: moscow,
      status: 'paused',
      text: 'Февраль',
      startedAt: '2026-02-10T07:00:00Z',
      stopped: true,
    });
    await counted('st-b', { sent: 4, read: 4, answered: 3, recorded: 2, revenue: 5000 });
    // 00:30 on 1 March in Moscow.
    await fx.sendout({
      id: 'st-c',
      accId: moscow,
      text: '=HYPERLINK("http://evil.example")',
      startedAt: '2026-02-28T21:30:00Z',
    });
    await counted('st-c', { sent: 3, read: 1, answered: 0, recorded: 0, revenue: 0 });
    // 23:30 on 31 December 2025 in Moscow: last year.
    await fx.sendout({ id: 'st-d', accId: moscow, text: 'Новый год', startedAt: '2025-12-31T20:30:00Z' });
    for (let i = 1; i <= 6; i += 1) {
      await fx.sendout({
        id: `st-p${i}`,
        accId: moscow,
        text: `Неделя ${i}`,
        startedAt: `2026-03-0${i + 1}T08:00:00Z`,
      });
      await counted(`st-p${i}`, { sent: 10, read: 0, answered: 0, recorded: 0, revenue: i * 100 });
    }
    await fx.sendout({ id: 'st-draft', accId: moscow, status: 'draft', startedAt: null });
    await fx.sendout({ id: 'st-planned', accId: moscow, status: 'planned', startedAt: null });
    await fx.sendout({ id: 'st-ekb', accId: yekaterinburg, text: 'Екатеринбург', startedAt: '2026-02-01T07:00:00Z' });

    // A running send-out with real messages: its figures come from the attribution.
    const at = '2026-03-10T06:00:00.000Z';
    await fx.sendout({ id: 'st-live', accId: moscow, status: 'started', text: 'Весна', startedAt: at, count: 5 });
    const add = (position: number, message?: { status: string; sentAt?: string; readAt?: string }) =>
      fx.recipient({
        sendoutId: 'st-live',
        accId: moscow,
        position,
        phone: `7999555200${position}`,
        name: `Клиентка ${position}`,
        ...(message ? { message } : {}),
      });
    await add(0, { status: 'read', sentAt: at, readAt: hours(at, 0.5) });
    await fx.message(moscow, '79995552000', hours(at, 1));
    await fx.booking(moscow, '79995552000', hours(at, 1.5), { cost: 1500, services: ['Окрашивание', 'Стрижка'] });
    await add(1, { status: 'read', sentAt: at, readAt: hours(at, 0.25) });
    await add(2, { status: 'delivered', sentAt: at });
    await fx.message(moscow, '79995552002', hours(at, 2));
    await add(3, { status: 'sent', sentAt: at });
    await add(4, { status: 'pending' });
    await app.attribution.refresh('st-live', app.base.clock.now());
  });
  afterAll(async () => {
    await app?.close();
  });

  const call = async (method: 'GET' | 'POST', url: string, body?: unknown, token = owner) => {
    const res = await app.request({ method, url, token, body });
    return res;
  };
  const page = async (query = '', accId: number = moscow) => {
    const res = await call('GET', `/api/mailing/stats_sendout?acc_id=${accId}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<MailingStatsResponse>();
  };
  const ids = async (query = '', accId: number = moscow) => (await page(query, accId)).data.map((r) => r.sendout_id);
  const count = async (query = '', accId: number = moscow) => {
    const res = await call('GET', `/api/mailing/stats_sendout_count?acc_id=${accId}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<unknown>();
  };

  it('shows 8 launched send-outs of this year, newest first, with the query it used', async () => {
    const first = await page();
    expect(first.data.map((r) => r.sendout_id)).toEqual([
      'st-live',
      'st-p6',
      'st-p5',
      'st-p4',
      'st-p3',
      'st-p2',
      'st-p1',
      'st-c',
    ]);
    expect(first).toMatchObject({
      ok: true,
      date_start: '2026-01-01',
      date_end: '2026-03-10',
      text: '',
      page: 1,
      page_size: 8,
      order_desc: true,
      sort: 'date',
    });
    expect(await ids('&page=2')).toEqual(['st-b', 'st-a']);
    expect(await ids('&page=3')).toEqual([]);
    expect(await count()).toBe(10);
  });

  it('answers the Stats row with its conversions in the branch time zone', async () => {
    const rows = (await page('&page=2')).data;
    expect(rows.find((r) => r.sendout_id === 'st-a')).toEqual({
      sendout_id: 'st-a',
      text: 'Январь: скидка 10% для {name}',
      date: '2026-01-15T10:00:00+03:00',
      summ: 2000,
      visits: 3,
      last_visit_days: 40,
      recipients: 10,
      read: 5,
      answers: 2,
      sign_up: 1,
      summ_one_msg: 200,
      percent_read: 50,
      conversion_answers: 20,
      conversion_sign_up: 10,
      date_finish_sendout: '2026-01-15T12:00:00+03:00',
      sendout_stop_flag: false,
      status: 'finished',
      // The stats-only app judges no stalls (the runtime's does, see below).
      stall: null,
    } satisfies MailingStatsRowWire);
    expect(rows.find((r) => r.sendout_id === 'st-b')).toMatchObject({ sendout_stop_flag: true, status: 'paused' });
    // The running one, counted from its messages: 4 left, 2 read, 2 answered, 1 booking of 1500.
    expect((await page()).data[0]).toMatchObject({
      sendout_id: 'st-live',
      recipients: 4,
      read: 2,
      answers: 2,
      sign_up: 1,
      summ: 1500,
      summ_one_msg: 375,
      percent_read: 50,
      conversion_answers: 50,
      conversion_sign_up: 25,
      date_finish_sendout: null,
      visits: null,
    });
  });

  it('sorts by an allowed column either way, equal values newest first', async () => {
    expect(await ids('&sort=conversion_sign_up&page_size=5')).toEqual(['st-b', 'st-live', 'st-a', 'st-p6', 'st-p5']);
    expect(await ids('&sort=summ&order_desc=false&page_size=20')).toEqual([
      'st-c',
      'st-p1',
      'st-p2',
      'st-p3',
      'st-p4',
      'st-p5',
      'st-p6',
      'st-live',
      'st-a',
      'st-b',
    ]);
    expect(await ids('&sort=date&order_desc=false&page_size=5&page=2')).toEqual([
      'st-p3',
      'st-p4',
      'st-p5',
      'st-p6',
      'st-live',
    ]);
  });

  it('replaces values outside the allowed lists by the defaults instead of refusing them', async () => {
    const res = await page('&page_size=7&sort=acc_id&order_desc=sideways&page=abc&date_start=2026-02-30&date_end=soon');
    expect(res).toMatchObject({ page: 1, page_size: 8, sort: 'date', order_desc: true, date_start: '2026-01-01' });
    expect(res.data).toHaveLength(8);
    expect(await count('&date_start=31.01.2026')).toBe(10);
  });

  it('filters by the branch’s local days, from 00:00:00 to 23:59:59, and by text', async () => {
    expect(await ids('&date_start=2026-03-01&date_end=2026-03-01')).toEqual(['st-c']);
    expect(await ids('&date_start=2026-02-01&date_end=2026-02-28')).toEqual(['st-b']);
    expect(await ids('&date_start=2025-12-31&date_end=2025-12-31')).toEqual(['st-d']);
    expect(await ids('&text=СКИДКА')).toEqual(['st-a']);
    expect(await ids('&text=100%25')).toEqual([]);
    expect(await count('&text=Неделя&date_start=2026-03-03&date_end=2026-03-05')).toBe(3);
  });

  it('shows each branch only its own send-outs', async () => {
    expect(await ids('', yekaterinburg)).toEqual(['st-ekb']);
    expect(await count('', yekaterinburg)).toBe(1);
    const res = await call('GET', `/api/mailing/stats_sendout_detail?acc_id=${moscow}&sendout_id=st-ekb`);
    expect(res.statusCode).toBe(404);
    expect(res.json<Fail>().status).toBe(MAILING_STATS_STATUS.notFound);
    const tg = await call('POST', `/api/mailing/stats_sendout_detail_excel?acc_id=${moscow}`, { sendout_id: 'st-ekb' });
    expect(tg.statusCode).toBe(404);
    expect(app.botLines).toHaveLength(0);
  });

  it('exports every row of the filters to Excel with formula-like texts escaped', async () => {
    const res = await call('GET', `/api/mailing/stats_sendout_excel?acc_id=${moscow}&page_size=5&page=2`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('sendout_stats_2026-01-01_2026-03-10.xlsx');
    const rows = await sheetRows(res.rawPayload);
    expect(rows).toHaveLength(11);
    expect(rows[0]![0]).toBe('Дата запуска');
    const evil = rows.find((r) => String(r[1]).includes('HYPERLINK'))!;
    expect(evil[1]).toBe(`'=HYPERLINK("http://evil.example")`);
    expect(evil[0]).toBe('2026-03-01 00:30');
    expect(rows[1]!.slice(0, 4)).toEqual(['2026-03-10 09:00', 'Весна', 4, 2]);
  });

  it('sends the whole table to the caller’s Telegram, or says the bot cannot write to them', async () => {
    const res = await call('GET', `/api/mailing/stats_sendout_excel?acc_id=${moscow}&send_tg=1&text=Неделя`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, status: MAILING_STATS_STATUS.sentToTelegram, count: 6 });
    const match = /^admin bot document for (\d+): (.+)\n$/.exec(app.botLines.at(-1)!);
    expect(match![1]).toBe(String(DEMO_USERS.owner));
    expect(match![2]).toContain(`${app.base.runtime.config.dataDir}/bot-outbox/`);
    expect(readFileSync(`${match![2]}.caption.txt`, 'utf8')).toBe('Статистика рассылок: 6');
    expect(await sheetRows(readFileSync(match![2]!))).toHaveLength(7);

    app.botDown.value = true;
    try {
      const lines = app.botLines.length;
      const refused = await call('GET', `/api/mailing/stats_sendout_excel?acc_id=${moscow}&send_tg=true`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json<Fail>().status).toBe(MAILING_STATS_STATUS.noAdminBot);
      expect(app.botLines).toHaveLength(lines);
    } finally {
      app.botDown.value = false;
    }
  });

  const detail = async (query = '') => {
    const res = await call('GET', `/api/mailing/stats_sendout_detail?acc_id=${moscow}&sendout_id=st-live${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<MailingStatsDetailResponse>();
  };

  it('answers a send-out’s recipients as parallel columns with the highest status reached', async () => {
    expect(await detail()).toEqual({
      ok: true,
      sendout_id: 'st-live',
      data: {
        // Клиентка 4's message has not left yet: she is listed as pending.
        phone: ['79995552000', '79995552001', '79995552002', '79995552003', '79995552004'],
        name: ['Клиентка 0', 'Клиентка 1', 'Клиентка 2', 'Клиентка 3', 'Клиентка 4'],
        recordTime: ['2026-03-10T10:30:00+03:00', null, null, null, null],
        replyTime: ['2026-03-10T10:00:00+03:00', null, '2026-03-10T11:00:00+03:00', null, null],
        service: ['Окрашивание', null, null, null, null],
        summaryCost: [1500, null, null, null, null],
        status: ['recorded', 'read', 'answered', 'sent', 'pending'],
      },
      stall: null,
    } satisfies MailingStatsDetailResponse);
    expect((await detail('&reaction=not_replied')).data.phone).toEqual(['79995552001', '79995552003', '79995552004']);
    expect((await detail('&reaction=answered')).data.phone).toEqual(['79995552000', '79995552002']);
    expect((await detail('&reaction=recorded')).data.phone).toEqual(['79995552000']);
    expect((await detail('&client_phone=552002')).data.status).toEqual(['answered']);
    const bad = await call(
      'GET',
      `/api/mailing/stats_sendout_detail?acc_id=${moscow}&sendout_id=st-live&reaction=read`,
    );
    expect(bad.statusCode).toBe(400);
  });

  it('recounts a send-out whose figures are stale before showing its recipients', async () => {
    // A reply that came after the last count: the detail counts again and so does the table row.
    await app.fixture.message(moscow, '79995552003', '2026-03-10T08:30:00Z');
    await db().execute(sql`update sendouts set stats_at = stats_at - interval '1 minute' where id = 'st-live'`);
    expect((await detail()).data.status).toEqual(['recorded', 'read', 'answered', 'answered', 'pending']);
    expect((await page()).data[0]).toMatchObject({ sendout_id: 'st-live', answers: 3 });
  });

  it('downloads the detail as Excel and sends it filtered to Telegram', async () => {
    const res = await call(
      'GET',
      `/api/mailing/stats_sendout_detail?acc_id=${moscow}&sendout_id=st-live&excel=true&reaction=answered`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await sheetRows(res.rawPayload);
    expect(rows.map((r) => r[0])).toEqual(['Телефон', '79995552000', '79995552002', '79995552003']);
    expect(rows[1]).toEqual([
      '79995552000',
      'Клиентка 0',
      'Записался',
      '2026-03-10 10:00',
      '2026-03-10 10:30',
      'Окрашивание',
      1500,
    ]);

    const sent = await call('POST', `/api/mailing/stats_sendout_detail_excel?acc_id=${moscow}`, {
      sendout_id: 'st-live',
      client_phone: null,
      status_filter: { answered: true, read: true, sent: true, recorded: false },
      segment_filter: { answered: false, recorded: false, not_replied: true },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // SPEC 7's four status keys: the recipients still to go come along (pending defaults to ticked).
    expect(sent.json()).toEqual({ ok: true, status: MAILING_STATS_STATUS.sentToTelegram, count: 2 });
    const path = /: (.+)\n$/.exec(app.botLines.at(-1)!)![1]!;
    expect(existsSync(path)).toBe(true);
    expect((await sheetRows(readFileSync(path))).map((r) => r[0])).toEqual(['Телефон', '79995552001', '79995552004']);
    expect(readFileSync(`${path}.caption.txt`, 'utf8')).toBe('Рассылка «Весна»: 2');
  });

  it('masks the numbers for an admin who may not see client phones', async () => {
    const added = await app.base.request({
      method: 'POST',
      url: `/api/accesses/add_admin?acc_id=${moscow}`,
      token: owner,
      body: { tg_id: 81500001, name: 'Администратор', rights: ['sendouts', 'hide_translation_phones'], active: true },
    });
    expect(added.statusCode, added.body).toBe(200);
    const admin = (await app.base.login(81500001, '10.41.0.2')).token;
    const res = await call(
      'GET',
      `/api/mailing/stats_sendout_detail?acc_id=${moscow}&sendout_id=st-live`,
      undefined,
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<MailingStatsDetailResponse>().data.phone).toEqual([
      '7999*****00',
      '7999*****01',
      '7999*****02',
      '7999*****03',
      '7999*****04',
    ]);
  });

  it('tells why a started send-out waits, as the started list does (runtime host)', async () => {
    // The demo branch has no connected number: the started send-out waits for one, the rest do not.
    const page = await app.base.request({
      method: 'GET',
      url: `/api/mailing/stats_sendout?acc_id=${moscow}&date_start=2026-01-01&date_end=2026-03-10&page_size=20`,
      token: owner,
    });
    expect(page.statusCode, page.body).toBe(200);
    const rows = page.json<MailingStatsResponse>().data;
    const waiting = { reason: 'number_disconnected', resumes_at: null };
    expect(rows.find((r) => r.sendout_id === 'st-live')?.stall).toEqual(waiting);
    expect(rows.find((r) => r.sendout_id === 'st-a')?.stall).toBeNull();
    expect(rows.find((r) => r.sendout_id === 'st-b')?.stall).toBeNull();
    const started = await app.base.request({
      method: 'GET',
      url: `/api/mailing/action_sendouts?acc_id=${moscow}`,
      token: owner,
    });
    const listed = started.json<{ sendout_id: string; stall: unknown }[]>().find((r) => r.sendout_id === 'st-live');
    expect(listed?.stall).toEqual(waiting);

    const detail = await app.base.request({
      method: 'GET',
      url: `/api/mailing/stats_sendout_detail?acc_id=${moscow}&sendout_id=st-live`,
      token: owner,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json<MailingStatsDetailResponse>().stall).toEqual(waiting);
    const finished = await app.base.request({
      method: 'GET',
      url: `/api/mailing/stats_sendout_detail?acc_id=${moscow}&sendout_id=st-a`,
      token: owner,
    });
    expect(finished.json<MailingStatsDetailResponse>().stall).toBeNull();
  });

  it('is mounted on the runtime’s mailing host', async () => {
    const res = await app.base.request({
      method: 'GET',
      url: `/api/mailing/stats_sendout_count?acc_id=${moscow}`,
      token: owner,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toBe(10);
  });
});
