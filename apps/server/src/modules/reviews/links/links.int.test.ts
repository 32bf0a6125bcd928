import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEMO_BRANCHES } from '../../../seed/demo.js';
import { branches } from '../../../platform/db/schema.js';
import { DB_KINDS } from '../../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../../test-support/harness.js';
import { setReviewSites, testRunner } from '../../../test-support/reviews/run-fixtures.js';
import { reviewLinks } from '../schema.js';
import { escapeHtml, pageLang } from '../../../platform/http/public-page.js';
import { chooserPage } from './page.js';

const ACC = DEMO_BRANCHES.moscow;
const OTHER = DEMO_BRANCHES.vladivostok;

describe('link pages', () => {
  it.each([
    [undefined, 'ru'],
    ['en-US,en;q=0.9', 'en'],
    ['de-DE,de;q=0.9,en;q=0.8,ru;q=0.7', 'en'],
    ['ru;q=0.5,en;q=0.9', 'en'],
    ['fr', 'ru'],
  ] as const)('Accept-Language %s → %s', (header, lang) => {
    expect(pageLang(header)).toBe(lang);
  });

  it('escapes the salon name and the URLs', () => {
    expect(escapeHtml(`<b a="1">'&`)).toBe('&#60;b a=&#34;1&#34;&#62;&#39;&#38;');
    const html = chooserPage('ru', '<script>x</script>', 'review', [
      { kind: 'other', url: 'https://e.example/?a=1&b="2"' },
      { kind: 'yandex', url: 'https://yandex.ru/maps/org/x/1/reviews/' },
    ]);
    expect(html).not.toContain('<script>x');
    expect(html).toContain('&#60;script&#62;x&#60;/script&#62;');
    expect(html).toContain('href="https://e.example/?a=1&#38;b=&#34;2&#34;"');
  });
});

// GET /api/l/:code over the real server: it records the click (the first one once, every one
// counted) and leads to the branch's review site, a chooser, or a page saying there is none.
describe.each(DB_KINDS)('review links (%s)', (kind) => {
  let app: TestApp;
  let seq = 0;
  const db = () => app.runtime.database.db;

  beforeAll(async () => {
    app = await startTestApp(kind, { PUBLIC_URL: 'https://salon.test/' });
  });
  afterAll(async () => {
    await app.close();
  });

  // A link as a message of the template engine or a chain gets it (runtime's composed port).
  async function link(accId: number, kind: 'review' | 'tips' = 'review') {
    const { code } = (
      await db()
        .insert(reviewLinks)
        .values({
          code: `Test${String(++seq).padStart(8, '0')}`,
          accId,
          kind,
          recordId: `rec-${seq}`,
          clientPhone: '79990001122',
          createdAt: app.clock.now(),
        })
        .returning({ code: reviewLinks.code })
    )[0]!;
    return code;
  }

  const open = (code: string, lang?: string) =>
    app.runtime.http!.inject({
      method: 'GET',
      url: `/api/l/${code}`,
      headers: lang ? { 'accept-language': lang } : {},
    });
  const row = async (code: string) => (await db().select().from(reviewLinks).where(eq(reviewLinks.code, code)))[0];

  it('one review site: a redirect; the first click is stamped once and every click counted', async () => {
    await setReviewSites(
      db(),
      ACC,
      [
        { kind: 'yandex', url: 'https://yandex.ru/maps/org/barkhat/123/reviews/' },
        { kind: 'tips', url: 'https://tips.example/barkhat' },
      ],
      app.clock.now(),
    );
    const code = await link(ACC);
    expect(await row(code)).toMatchObject({ clicks: 0, firstClickAt: null });
    const first = await open(code);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('https://yandex.ru/maps/org/barkhat/123/reviews/');
    const clickedAt = app.clock.now().toISOString();
    app.clock.advance(3_600_000);
    await open(code);
    expect(await row(code)).toMatchObject({ clicks: 2 });
    expect((await row(code))?.firstClickAt?.toISOString()).toBe(clickedAt);
    // {tips_link} leads to the tips page.
    const tips = await link(ACC, 'tips');
    expect((await open(tips)).headers.location).toBe('https://tips.example/barkhat');
  });

  it('several review sites: a page in the salon’s name with a button per site, in the browser’s language', async () => {
    await setReviewSites(
      db(),
      ACC,
      [
        { kind: 'yandex', url: 'https://yandex.ru/maps/org/barkhat/123/reviews/' },
        { kind: '2gis', url: 'https://2gis.ru/moscow/firm/456/tab/reviews' },
      ],
      app.clock.now(),
    );
    const [branch] = await db().select({ name: branches.name }).from(branches).where(eq(branches.accId, ACC));
    const code = await link(ACC);
    const ru = await open(code, 'ru-RU,ru;q=0.9');
    expect(ru.statusCode).toBe(200);
    expect(ru.headers['content-type']).toMatch(/^text\/html/);
    expect(ru.body).toContain(escapeHtml(branch!.name));
    expect(ru.body).toContain('href="https://yandex.ru/maps/org/barkhat/123/reviews/">Яндекс Карты</a>');
    expect(ru.body).toContain('href="https://2gis.ru/moscow/firm/456/tab/reviews">2ГИС</a>');
    const en = await open(code, 'en-US,en;q=0.9');
    expect(en.body).toContain('>Yandex Maps</a>');
    expect(en.body).toContain('<html lang="en">');
    expect((await row(code))?.clicks).toBe(2);
  });

  it('no review site: a page saying the salon has not set one', async () => {
    await setReviewSites(db(), OTHER, [], app.clock.now());
    const res = await open(await link(OTHER));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Салон ещё не указал, где оставить отзыв');
  });

  it('an unknown code is a 404 page; a malformed one is refused', async () => {
    const unknown = await open('Nope0000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Ссылка не найдена');
    for (const bad of ['short', 'bad!code!here', '%00aaaaaaaaaaa', 'a'.repeat(40)]) {
      const res = await open(bad);
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it('links are one per visit and kind, whoever asks first', async () => {
    const { links } = testRunner(app);
    const linkFor = (r: Parameters<typeof links.linkFor>[0]) => links.linkFor(r);
    const request = { accId: ACC, kind: 'review' as const, recordId: 'visit-1', phone: '79990001133', chainId: 7 };
    const a = await linkFor(request);
    expect(a).toMatch(/^https:\/\/salon\.test\/api\/l\/[0-9A-Za-z]{12}$/);
    expect(await linkFor({ ...request, chainId: 8, templateId: 3 })).toBe(a);
    expect(await linkFor({ ...request, kind: 'tips' })).not.toBe(a);
    // It is served (the branch has two sites by now: the chooser).
    expect((await open(a.split('/').at(-1)!)).statusCode).toBe(200);
  });
});
