import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { REVIEW_REQUEST_FOOTER } from '@salon/contract/reviews';
import { DEMO_BRANCHES, DEMO_USERS } from '../../../seed/demo.js';
import { DB_KINDS } from '../../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../../test-support/harness.js';
import { insertChain, testRunner, type ChainSpec } from '../../../test-support/reviews/run-fixtures.js';
import { insertTemplate } from '../../../test-support/templates/engine-fixtures.js';
import { outbox } from '../../../channels/schema.js';
import type { ChannelInstanceRow } from '../../../channels/repository.js';
import { crmServices, crmStaff } from '../../../crm/schema.js';
import { reviewLinks, reviewRuns } from '../schema.js';
import type { ReviewRunner } from './runner.js';

const ACC = DEMO_BRANCHES.moscow;
const HOUR = 3_600_000;

// The chain over the real server (local CRM, outbox, reply chain) on a real database: visits are
// booked and marked "came" in the local CRM, sends are marked as the dispatcher marks them, and the
// client's answers go through the reply chain as the sandbox delivers them.
describe.each(DB_KINDS)('review chains running (%s)', (kind) => {
  let app: TestApp;
  let runner: ReviewRunner;
  let staffId: string;
  let staffName: string;
  let serviceId: string;
  let serviceTitle: string;
  let seq = 0;
  const db = () => app.runtime.database.db;

  beforeAll(async () => {
    app = await startTestApp(kind, { PUBLIC_URL: 'https://salon.test' });
    runner = testRunner(app).runner;
    const [staff] = await db()
      .select({ id: crmStaff.id, name: crmStaff.title })
      .from(crmStaff)
      .where(eq(crmStaff.accId, ACC))
      .limit(1);
    const [service] = await db()
      .select({ id: crmServices.id, title: crmServices.title })
      .from(crmServices)
      .where(eq(crmServices.accId, ACC))
      .limit(1);
    staffId = staff!.id;
    staffName = staff!.name;
    serviceId = service!.id;
    serviceTitle = service!.title;
  });
  afterAll(async () => {
    await app.close();
  });
  beforeEach(async () => {
    app.clock.set('2026-12-09T10:00:00Z');
    await db().execute(sql`update review_chains set active = false`);
    await db().execute(sql`update templates set active = false`);
  });

  const nextPhone = () => `7995440${String(++seq).padStart(4, '0')}`;
  const addChain = (spec: ChainSpec = {}) => insertChain(db(), ACC, spec, app.clock.now());

  // A visit this morning, marked "came" (what the salon's admin does after it).
  async function visit(phone: string, options: { came?: boolean; startsAt?: Date } = {}) {
    const { local, processor } = app.runtime.crm;
    const record = await local.createRecord(ACC, {
      client: { name: 'Светлана Орлова', phone },
      staffId,
      serviceIds: [serviceId],
      startsAt: options.startsAt ?? new Date(app.clock.now().getTime() - 3 * HOUR),
      lengthSec: 3600,
    });
    await processor.processPending();
    if (options.came !== false) {
      await local.setAttendance(ACC, record.id, 1);
      await processor.processPending();
    }
    return record;
  }

  const reviewRows = (phone: string) =>
    db()
      .select({
        id: outbox.id,
        status: outbox.status,
        body: outbox.body,
        notBefore: outbox.notBefore,
        source: outbox.source,
      })
      .from(outbox)
      .where(and(eq(outbox.recipient, phone), like(outbox.source, 'review%')))
      .orderBy(outbox.id);

  const runOf = async (phone: string) =>
    (await db().select().from(reviewRuns).where(eq(reviewRuns.clientPhone, phone)).orderBy(reviewRuns.id)).at(-1);

  // What the dispatcher records when the due messages went out.
  async function markSent(phone: string) {
    const now = app.clock.now().toISOString();
    await db().execute(
      sql`update outbox set status = 'sent', sent_at = ${now}::timestamptz
        where recipient = ${phone} and status = 'pending' and source like 'review%' and not_before <= ${now}::timestamptz`,
    );
  }

  async function answer(phone: string, body: string) {
    return app.runtime.channels.replies.run({
      accId: ACC,
      instance: { id: `whatsapp-${ACC}`, accId: ACC, kind: 'whatsapp' } as ChannelInstanceRow,
      message: {
        providerMessageId: `in-${++seq}`,
        from: phone,
        name: null,
        at: app.clock.now(),
        type: 'text',
        body,
        caption: null,
        file: null,
      },
    });
  }

  const later = async (ms: number) => {
    app.clock.advance(ms);
    await runner.advance();
  };

  it('a positive rating gets the positive text with our review link; no reminder goes out', async () => {
    await addChain({ middle: [{ delay_hours: 24 }] });
    const phone = nextPhone();
    await visit(phone);
    const [request] = await reviewRows(phone);
    expect(request?.status).toBe('pending');
    expect(request?.body).toBe(
      `Светлана, спасибо, что были у нас! Как вам визит у мастера ${staffName}?\n\n${REVIEW_REQUEST_FOOTER.ru}`,
    );
    expect((await runOf(phone))?.state).toBe('planned');
    // Before it went out an answer is ordinary chat.
    expect(await answer(phone, '5')).toBeNull();
    await markSent(phone);
    await later(60_000);
    const asked = await runOf(phone);
    expect(asked?.state).toBe('asked');
    expect(asked?.askedAt?.toISOString()).toBe('2026-12-09T10:00:00.000Z');
    expect(asked?.nextAt?.toISOString()).toBe('2026-12-10T10:00:00.000Z');
    // Not a rating: the chain waits.
    expect(await answer(phone, 'Спасибо! А можно записаться на пятницу?')).toBeNull();
    expect((await runOf(phone))?.state).toBe('asked');
    expect(await answer(phone, 'Отлично, спасибо!')).toBe('review_rating');
    const rated = await runOf(phone);
    expect(rated).toMatchObject({ state: 'rated', rating: 5, answer: 'Отлично, спасибо!', step: 3, nextAt: null });
    expect(rated?.finishedAt).not.toBeNull();
    const rows = await reviewRows(phone);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.body).toMatch(
      /^Спасибо за оценку, Светлана! Поделитесь впечатлением: https:\/\/salon\.test\/api\/l\/[0-9A-Za-z]{12}$/,
    );
    const [link] = await db().select().from(reviewLinks).where(eq(reviewLinks.clientPhone, phone));
    expect(link).toMatchObject({ kind: 'review', chainId: rated?.chainId, recordId: rated?.recordId, clicks: 0 });
    // A second rating changes nothing; the reminder's day comes and nothing goes out.
    expect(await answer(phone, '1')).toBeNull();
    await later(25 * HOUR);
    expect(await reviewRows(phone)).toHaveLength(2);
  });

  it('a negative rating gets the negative text (with the link) and alerts the admins by Telegram and WhatsApp', async () => {
    await addChain({
      title: 'Отзывы Тверская',
      first: { tg_alerts: ['123456789', '-1001234567890'], WA_alerts: ['79001112233'] },
    });
    const phone = nextPhone();
    await visit(phone);
    await markSent(phone);
    expect(await answer(phone, 'Ужасно, мастер опоздала на полчаса')).toBe('review_rating');
    expect(await runOf(phone)).toMatchObject({ state: 'rated', rating: 1 });
    const rows = await reviewRows(phone);
    expect(rows[1]?.body).toMatch(
      /^Нам очень жаль\. Администратор свяжется с вами\. Отзыв: https:\/\/salon\.test\/api\/l\//,
    );
    const [wa] = await db()
      .select({ body: outbox.body, source: outbox.source })
      .from(outbox)
      .where(and(eq(outbox.recipient, '79001112233'), eq(outbox.source, 'review_alert')));
    for (const part of [
      'Негативная оценка визита: 1 из 5',
      `Светлана Орлова, +${phone}`,
      'Визит: 09.12.2026, 10:00',
      `Мастер: ${staffName}`,
      `Услуги: ${serviceTitle}`,
      'Цепочка: Отзывы Тверская',
      '«Ужасно, мастер опоздала на полчаса»',
    ]) {
      expect(wa?.body).toContain(part);
    }
    // No bot token: the admin bot's messages land in DATA_DIR/bot-outbox.
    const dir = path.join(app.runtime.config.dataDir, 'bot-outbox');
    const files = (await readdir(dir)).filter((f) => f.endsWith('-alert.txt'));
    expect(files.some((f) => f.includes('-123456789-'))).toBe(true);
    expect(files.some((f) => f.includes('--1001234567890-'))).toBe(true);
    const text = await readFile(
      path.join(
        dir,
        files.find((f) => f.includes('-123456789-'))!,
      ),
      'utf8',
    );
    expect(text).toBe(wa?.body);
  });

  it('a silent client gets every active middle step, each a gap after the previous one, then the run is silent', async () => {
    await addChain({ middle: [{ delay_hours: 24 }, { active: false }, { delay_hours: 48 }] });
    const phone = nextPhone();
    await visit(phone);
    await markSent(phone);
    await later(60_000);
    expect((await runOf(phone))?.nextAt?.toISOString()).toBe('2026-12-10T10:00:00.000Z');
    await later(24 * HOUR - 2 * 60_000);
    expect(await reviewRows(phone)).toHaveLength(1);
    await later(60_000);
    let rows = await reviewRows(phone);
    expect(rows.map((r) => r.body)).toEqual([expect.any(String), 'Напоминание 2: оцените визит, пожалуйста']);
    expect((await runOf(phone))?.step).toBe(2);
    await markSent(phone);
    await later(60_000);
    // Step 3 is off: the next is step 4, 48 hours after step 2 went out.
    expect((await runOf(phone))?.nextAt?.toISOString()).toBe('2026-12-12T10:00:00.000Z');
    await later(48 * HOUR);
    rows = await reviewRows(phone);
    expect(rows.map((r) => r.body).slice(1)).toEqual([
      'Напоминание 2: оцените визит, пожалуйста',
      'Напоминание 4: оцените визит, пожалуйста',
    ]);
    await markSent(phone);
    await later(60_000);
    expect((await runOf(phone))?.state).toBe('asked');
    await later(7 * 24 * HOUR);
    expect(await runOf(phone)).toMatchObject({ state: 'silent', rating: null, finishedAt: null });
    expect(await reviewRows(phone)).toHaveLength(3);
    // After the window an answer is ordinary chat.
    expect(await answer(phone, '5')).toBeNull();
  });

  it('an answer between two steps cancels the reminder still waiting and stops the later ones', async () => {
    await addChain({ middle: [{ delay_hours: 1 }, { delay_hours: 1 }] });
    const phone = nextPhone();
    await visit(phone);
    await markSent(phone);
    await later(60_000);
    await later(HOUR);
    const rows = await reviewRows(phone);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.status).toBe('pending'); // quiet hours, a channel down: not out yet
    expect(await answer(phone, 'хорошо')).toBe('review_rating');
    const after = await reviewRows(phone);
    expect(after.map((r) => r.status)).toEqual(['sent', 'cancelled', 'pending']);
    expect(after[2]?.body).toContain('Спасибо за оценку');
    expect(await runOf(phone)).toMatchObject({ state: 'rated', rating: 4 });
    await later(5 * HOUR);
    expect(await reviewRows(phone)).toHaveLength(3);
  });

  it('a visit cancelled, or marked "did not come", before the send cancels the request', async () => {
    await addChain({ first: { after_end: 2 } });
    const phone = nextPhone();
    // The visit ended an hour ago: the request is due in an hour.
    const record = await visit(phone, { startsAt: new Date(app.clock.now().getTime() - 2 * HOUR) });
    const [request] = await reviewRows(phone);
    expect(request?.notBefore.toISOString()).toBe('2026-12-09T11:00:00.000Z');
    await app.runtime.crm.local.setAttendance(ACC, record.id, -1);
    await app.runtime.crm.processor.processPending();
    expect((await reviewRows(phone))[0]?.status).toBe('cancelled');
    expect(await runOf(phone)).toMatchObject({ state: 'cancelled', reason: 'record:attendance' });
    // Back to "came": the request comes back.
    await app.runtime.crm.local.setAttendance(ACC, record.id, 1);
    await app.runtime.crm.processor.processPending();
    expect((await reviewRows(phone)).map((r) => r.status)).toEqual(['pending']);
    expect((await runOf(phone))?.state).toBe('planned');
    await app.runtime.crm.local.cancel(ACC, record.id);
    await app.runtime.crm.processor.processPending();
    expect((await reviewRows(phone)).map((r) => r.status)).toEqual(['cancelled']);
    expect(await runOf(phone)).toMatchObject({ state: 'cancelled', reason: 'record:deleted' });
    // A visit that never got "came" is not asked at all.
    const other = nextPhone();
    await visit(other, { came: false });
    expect(await reviewRows(other)).toEqual([]);
  });

  it('check_already_review: a client asked within the repeat days is not asked again', async () => {
    await addChain({ first: { check_already_review: true } });
    const phone = nextPhone();
    await visit(phone);
    await markSent(phone);
    await later(60_000);
    app.clock.advance(10 * 24 * HOUR);
    await visit(phone);
    const runs = await db().select().from(reviewRuns).where(eq(reviewRuns.clientPhone, phone)).orderBy(reviewRuns.id);
    expect(runs.map((r) => [r.state, r.reason])).toEqual([
      ['asked', null],
      ['skipped', 'already_asked'],
    ]);
    expect(await reviewRows(phone)).toHaveLength(1);
    // Past the window (30 days by default) they are asked again.
    app.clock.advance(25 * 24 * HOUR);
    await visit(phone);
    expect(await reviewRows(phone)).toHaveLength(2);
  });

  it('switching a chain off cancels its pending sends and ends its open runs', async () => {
    const chainId = await addChain({ first: { after_end: 24 } });
    const waiting = nextPhone();
    await visit(waiting);
    const asked = nextPhone();
    const { id: askedRecord } = await visit(asked, { startsAt: new Date(app.clock.now().getTime() - 30 * HOUR) });
    expect(askedRecord).toBeTruthy();
    await markSent(asked);
    const { token } = await app.login(DEMO_USERS.owner);
    const res = await app.request({
      method: 'POST',
      url: `/api/review_switch?acc_id=${ACC}`,
      token,
      body: { template_id: chainId, switch: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await reviewRows(waiting)).map((r) => r.status)).toEqual(['cancelled']);
    const runs = await db()
      .select({ state: reviewRuns.state, reason: reviewRuns.reason })
      .from(reviewRuns)
      .where(inArray(reviewRuns.clientPhone, [waiting, asked]));
    expect(runs).toEqual([
      { state: 'cancelled', reason: 'chain_off' },
      { state: 'cancelled', reason: 'chain_off' },
    ]);
    expect(await answer(asked, '5')).toBeNull();
  });

  it('a template’s {review_link} is the same short link of the visit', async () => {
    await insertTemplate(
      db(),
      ACC,
      { when_send: 'after_end', when_send2: 0.25, attendance: [1] },
      'Оставьте отзыв: {review_link} или чаевые: {tips_link}',
      app.clock.now(),
    );
    const chainId = await addChain({
      last: { content: [{ type: 'text', body: 'Спасибо! {review_link}', caption: '' }] },
    });
    const phone = nextPhone();
    await visit(phone);
    const [template] = await db()
      .select({ body: outbox.body })
      .from(outbox)
      .where(and(eq(outbox.recipient, phone), eq(outbox.source, 'template')));
    const found = /^Оставьте отзыв: (\S+) или чаевые: (\S+)$/.exec(template?.body ?? '');
    expect(found?.[1]).toMatch(/^https:\/\/salon\.test\/api\/l\/[0-9A-Za-z]{12}$/);
    expect(found?.[2]).toMatch(/^https:\/\/salon\.test\/api\/l\/[0-9A-Za-z]{12}$/);
    expect(found?.[1]).not.toBe(found?.[2]);
    await markSent(phone);
    await answer(phone, '5+');
    const rows = await reviewRows(phone);
    expect(rows.at(-1)?.body).toBe(`Спасибо! ${found?.[1]}`);
    // The chain sent the visit's link too: its clicks count for the chain.
    const [link] = await db()
      .select({ chainId: reviewLinks.chainId, templateId: reviewLinks.templateId })
      .from(reviewLinks)
      .where(and(eq(reviewLinks.clientPhone, phone), eq(reviewLinks.kind, 'review')));
    expect(link?.chainId).toBe(chainId);
    expect(link?.templateId).not.toBeNull();
  });
});
