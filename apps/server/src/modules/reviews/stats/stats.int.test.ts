import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_STATUS, type ReviewStatsRow } from '@salon/contract/reviews';
import { STATUS } from '@salon/contract/status';
import { DEMO_BRANCHES, DEMO_USERS } from '../../../seed/demo.js';
import { DB_KINDS } from '../../../test-support/databases.js';
import { startReviewsTestApp, type ReviewsTestApp } from '../../../test-support/reviews/test-app.js';
import { reviewLinks, reviewRuns } from '../schema.js';

const { moscow, yekaterinburg } = DEMO_BRANCHES;
const text = (body: string) => [{ type: 'text', body, caption: '' }];

const chainData = (title: string) => ({
  first_step: { title, active: true, content: text('Как прошёл визит?'), after_end: 1 },
  second_step: [{ active: true, content: text('Напоминаем'), delay_hours: 24 }],
  last_step: { active: true, content: text('Спасибо! {review_link}'), fail_text: 'Жаль. {review_link}' },
});

interface Run {
  askedAt: string | null;
  rating?: number;
  finished?: boolean;
}

// Europe/Moscow is UTC+3 all year: its 2026-01-01 00:00:00 is 2025-12-31T21:00:00Z. The clock stands
// at 2026-03-10T09:00:00Z, so the default range is 2026-01-01 .. 2026-03-10 of Moscow.
describe.each(DB_KINDS)('review statistics (%s)', (kind) => {
  let app: ReviewsTestApp;
  let owner: string;
  const ids: Record<string, number> = {};
  let record = 0;

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => {
    const res = await app.request({ method, url, token: owner, body });
    return { code: res.statusCode, body: res.json<Record<string, unknown>>() };
  };
  const create = async (title: string, accId: number = moscow) => {
    const res = await call('POST', `/api/save_review?acc_id=${accId}`, { template_id: null, data: chainData(title) });
    expect(res.code, JSON.stringify(res.body)).toBe(200);
    return res.body.id as number;
  };
  const seedRuns = async (chainId: number, runs: Run[], accId: number = moscow) => {
    const db = app.base.runtime.database.db;
    await db.insert(reviewRuns).values(
      runs.map((r) => ({
        accId,
        chainId,
        recordId: `rec-${++record}`,
        clientPhone: `7999000${String(record).padStart(4, '0')}`,
        visitAt: new Date('2026-01-15T10:00:00Z'),
        state: r.rating !== undefined ? 'rated' : r.askedAt ? 'asked' : 'planned',
        createdAt: new Date('2025-12-20T10:00:00Z'),
        askedAt: r.askedAt ? new Date(r.askedAt) : null,
        rating: r.rating ?? null,
        ratedAt: r.rating !== undefined ? new Date(r.askedAt!) : null,
        finishedAt: r.finished ? new Date(r.askedAt!) : null,
      })),
    );
  };
  const seedLink = async (chainId: number, clickedAt: string | null) => {
    await app.base.runtime.database.db.insert(reviewLinks).values({
      code: `code${++record}`,
      accId: moscow,
      kind: 'review',
      chainId,
      recordId: `rec-${record}`,
      clientPhone: '79990000000',
      createdAt: new Date('2026-01-10T10:00:00Z'),
      firstClickAt: clickedAt ? new Date(clickedAt) : null,
      clicks: clickedAt ? 3 : 0,
    });
  };
  const stats = async (query = '') => {
    const res = await call('POST', `/api/review_stats?acc_id=${moscow}${query}`);
    expect(res.code, JSON.stringify(res.body)).toBe(200);
    return res.body as { rows: ReviewStatsRow[]; count: number; range: { date_start: string; date_end: string } };
  };

  beforeAll(async () => {
    app = await startReviewsTestApp(kind);
    owner = (await app.base.login(DEMO_USERS.owner)).token;
    ids.a = await create('Альфа');
    ids.b = await create('Бета');
    ids.c = await create('=HYPERLINK("http://evil.example","клик")');
    ids.empty = await create('Пустая');
    ids.gone = await create('Удалённая');
    ids.goneEmpty = await create('Удалённая без данных');
    ids.other = await create('Другой филиал', yekaterinburg);
    await seedRuns(ids.a!, [
      { askedAt: '2026-01-05T10:00:00Z', rating: 5, finished: true },
      { askedAt: '2026-02-05T10:00:00Z', rating: 2, finished: true },
      { askedAt: '2026-02-06T10:00:00Z', rating: 4 },
      { askedAt: '2026-03-01T10:00:00Z' },
      // 00:00:00 of 2026-01-01 in Moscow: in the range; a minute earlier: the year before.
      { askedAt: '2025-12-31T21:00:00Z' },
      { askedAt: '2025-12-31T20:59:59Z', rating: 1, finished: true },
      // Planned, never sent: not a send.
      { askedAt: null },
      // 23:59:59 of 2026-03-10 in Moscow is the range's end; the next second is outside.
      { askedAt: '2026-03-10T20:59:59Z', rating: 3, finished: true },
      { askedAt: '2026-03-10T21:00:00Z', rating: 3, finished: true },
    ]);
    await seedRuns(ids.b!, [
      { askedAt: '2026-02-10T10:00:00Z', rating: 1, finished: true },
      { askedAt: '2026-02-11T10:00:00Z', rating: 1, finished: true },
    ]);
    await seedRuns(ids.c!, [{ askedAt: '2026-02-10T10:00:00Z' }]);
    await seedRuns(ids.gone!, [{ askedAt: '2026-02-12T10:00:00Z', rating: 5, finished: true }]);
    await seedRuns(ids.other!, [{ askedAt: '2026-02-12T10:00:00Z', rating: 5, finished: true }], yekaterinburg);
    await seedLink(ids.b!, '2026-02-10T12:00:00Z');
    await seedLink(ids.b!, '2026-02-11T12:00:00Z');
    await seedLink(ids.b!, null);
    await seedLink(ids.a!, '2025-12-31T20:00:00Z');
    for (const id of [ids.gone, ids.goneEmpty]) {
      expect((await call('DELETE', `/api/delete_review?acc_id=${moscow}&template_id=${id}`)).code).toBe(200);
    }
  });
  afterAll(async () => {
    await app?.close();
  });

  it('counts sends, conversions, negative results and link clicks per chain in the current year', async () => {
    const res = await stats();
    expect(res.range).toEqual({ date_start: '2026-01-01', date_end: '2026-03-10' });
    // Live chains always, the deleted one with data in the range; not the other branch's chain.
    expect(res.count).toBe(5);
    expect(res.rows.map((r) => r._id)).toEqual([ids.a, ids.b, ids.c, ids.gone, ids.empty]);
    const a = res.rows[0]!;
    expect(a).toEqual({
      _id: ids.a,
      title: 'Альфа',
      active: true,
      deleted: false,
      total_sends: 6,
      first_step_count: 4,
      first_step_conversion: 66.7,
      full_count: 3,
      full_conversion: 50,
      negative_results: 2,
      link_clicks: 0,
    });
    expect(res.rows[1]).toMatchObject({
      total_sends: 2,
      first_step_conversion: 100,
      full_conversion: 100,
      negative_results: 2,
      link_clicks: 2,
    });
    expect(res.rows[3]).toMatchObject({ _id: ids.gone, deleted: true, active: false, total_sends: 1 });
    expect(res.rows[4]).toMatchObject({ total_sends: 0, first_step_conversion: 0, full_conversion: 0 });
  });

  it('reads the date range as local days of the branch zone', async () => {
    const jan1 = await stats('&date_start=2026-01-01&date_end=2026-01-01');
    expect(jan1.rows.find((r) => r._id === ids.a)).toMatchObject({ total_sends: 1, first_step_count: 0 });
    const dec31 = await stats('&date_start=2025-12-31&date_end=2025-12-31');
    expect(dec31.rows.find((r) => r._id === ids.a)).toMatchObject({
      total_sends: 1,
      negative_results: 1,
      link_clicks: 1,
    });
    // The deleted chain has nothing that day: it is left out.
    expect(dec31.rows.map((r) => r._id)).not.toContain(ids.gone);
    const mar11 = await stats('&date_start=2026-03-11&date_end=2026-03-11');
    expect(mar11.rows.find((r) => r._id === ids.a)).toMatchObject({ total_sends: 1 });
  });

  it('sorts by the allowed columns and pages', async () => {
    const byNegativeAsc = await stats('&sort=negative_results&sort_desc=false');
    expect(byNegativeAsc.rows.map((r) => r.negative_results)).toEqual([0, 0, 0, 2, 2]);
    const byConversion = await stats('&sort=full_conversion&sort_desc=true');
    expect(byConversion.rows.slice(0, 2).map((r) => r._id)).toEqual([ids.b, ids.gone]);
    const byClicks = await stats('&sort=link_clicks');
    expect(byClicks.rows[0]!._id).toBe(ids.b);
    const byTitle = await stats('&sort=title&sort_desc=false');
    expect(byTitle.rows.map((r) => r.title)).toEqual([
      '=HYPERLINK("http://evil.example","клик")',
      'Альфа',
      'Бета',
      'Пустая',
      'Удалённая',
    ]);
  });

  it('refuses an impossible date, a reversed range, an unknown column and page size', async () => {
    for (const query of [
      '&date_start=2026-02-31',
      '&date_start=0000-01-01',
      '&date_start=2026-03-01&date_end=2026-02-01',
      '&sort=revenue',
      '&page_size=7',
    ]) {
      const res = await call('POST', `/api/review_stats?acc_id=${moscow}${query}`);
      expect([res.code, res.body.status], query).toEqual([400, STATUS.badRequest]);
    }
  });

  it('exports the table as xlsx with formula-like titles written as text', async () => {
    const res = await app.request({ method: 'GET', url: `/api/review_stats_excel?acc_id=${moscow}`, token: owner });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe('attachment; filename="review_stats_2026-01-01_2026-03-10.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)[0]).toBe('Цепочка');
    expect(values(2)).toEqual(['Альфа', 'Включена', 6, 4, 66.7, 3, 50, 2, 0]);
    const titles = [2, 3, 4, 5, 6].map((n) => sheet.getRow(n).getCell(1).value);
    expect(titles).toContain('\'=HYPERLINK("http://evil.example","клик")');
    expect(titles).not.toContain('=HYPERLINK("http://evil.example","клик")');
    for (const n of [2, 3, 4, 5, 6]) expect(sheet.getRow(n).getCell(1).formula).toBeUndefined();
  });

  it('sends the sheet to the caller through the admin bot with send_tg', async () => {
    const res = await call('GET', `/api/review_stats_excel?acc_id=${moscow}&send_tg=1&sort=title&sort_desc=false`);
    expect(res).toEqual({ code: 200, body: { ok: true, status: REVIEW_STATUS.statsSent } });
    const sent = app.bot.sent.at(-1)!;
    expect(sent.telegramId).toBe(DEMO_USERS.owner);
    expect(sent.fileName).toBe('review_stats_2026-01-01_2026-03-10.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(sent.bytes as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(3).getCell(1).value).toBe('Альфа');

    app.bot.refuse = true;
    try {
      const refused = await call('GET', `/api/review_stats_excel?acc_id=${moscow}&send_tg=true`);
      expect(refused).toEqual({ code: 409, body: { ok: false, status: REVIEW_STATUS.noAdminBot } });
    } finally {
      app.bot.refuse = false;
    }
  });

  // Last: it adds chains.
  it('pages the rows and counts them all', async () => {
    await create('Яблоко');
    await create('Ясень');
    const first = await stats('&page_size=5&page=1&sort=title&sort_desc=false');
    const second = await stats('&page_size=5&page=2&sort=title&sort_desc=false');
    expect([first.count, second.count]).toEqual([7, 7]);
    expect(first.rows.map((r) => r.title)).toEqual([
      '=HYPERLINK("http://evil.example","клик")',
      'Альфа',
      'Бета',
      'Пустая',
      'Удалённая',
    ]);
    expect(second.rows.map((r) => r.title)).toEqual(['Яблоко', 'Ясень']);
    expect((await stats('&page_size=5&page=3')).rows).toEqual([]);
  });
});
