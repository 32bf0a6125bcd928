import { existsSync } from 'node:fs';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_STATUS } from '@salon/contract/mailing-plan';
import {
  SENDOUT_STATUS_TEXT,
  type ActionSendoutWire,
  type StartSendoutResponse,
} from '@salon/contract/mailing-sendouts';
import { outbox } from '../../../channels/schema.js';
import { consents } from '../../consents/schema.js';
import { queryRows } from '../../../platform/db/client.js';
import { DEMO_BRANCHES, DEMO_USERS } from '../../../seed/demo.js';
import { DB_KINDS } from '../../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../../test-support/harness.js';
import { sendoutRecipients, sendouts } from '../schema.js';
import { mailingCalls, sandboxWhatsApp } from '../../../test-support/mailing/calendar-harness.js';

const { moscow, yekaterinburg, vladivostok } = DEMO_BRANCHES;
type Fail = { ok: false; status: string; detail?: string };
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

// SPEC 4/5/7/8 Mailing: POST /start_sendout turns a draft into a planned or started send-out with
// every included recipient's planned instant; POST /test_sendout sends one message through the
// dispatcher; GET /action_sendouts lists the launched ones. The clock stays at 2026-03-10T09:00Z
// (12:00 in Moscow, inside the default 00:00–23:00 window).
describe.each(DB_KINDS)('send-out launch, test message and listing (%s)', (kind) => {
  let app: TestApp;
  let owner: string;
  const db = () => app.runtime.database.db;
  const calls = mailingCalls(
    () => app,
    () => owner,
  );

  beforeAll(async () => {
    app = await startTestApp(kind, { SANDBOX_DELIVERY_MS: '0', DISPATCH_PACING: 'off' }, 'all');
    owner = (await app.login(DEMO_USERS.owner, '10.62.0.1')).token;
    // A send-out needs a connected number.
    await sandboxWhatsApp(app, moscow, '79160000030');
    // Moscow: one client of each consent state.
    await db()
      .insert(consents)
      .values([
        { accId: moscow, phone: '79570000001', active: true, consent: true },
        { accId: moscow, phone: '79570000002', active: true, consent: false },
        { accId: moscow, phone: '79570000003', active: true, consent: null },
      ]);
  });
  afterAll(async () => {
    await app?.close();
  });

  let list = 0;
  // A Moscow list: consent, declined, await, neutral (with a fresh phone block per list).
  const draft = async (accId: number = moscow) => {
    list += 1;
    const fresh = (i: number) => `7957${String(list).padStart(3, '0')}${String(i).padStart(4, '0')}`;
    const rows = [
      ['Имя', 'Телефон', 'Мастер'],
      ['Анна', '79570000001', 'Алина'],
      ['Борис', '79570000002', 'Вика'],
      ['Вера', '79570000003', 'Алина'],
      ['Галина', fresh(4), 'Вика'],
    ];
    return (await calls.parse(accId, rows)).sendout_id;
  };
  const start = (
    sendoutId: string,
    fields: Record<string, string | number | boolean | undefined> = {},
    accId: number = moscow,
  ) =>
    calls.postForm('start_sendout', accId, {
      sendout_id: sendoutId,
      text: 'Здравствуйте, {name}! Мастер {мастер} ждёт вас.',
      count: 3,
      sendout_batch_len: 100,
      between_time: 10,
      consent_true: true,
      consent_neutral: true,
      ...fields,
    });
  const row = async (id: string) => (await db().select().from(sendouts).where(eq(sendouts.id, id)))[0]!;
  const recipients = (id: string) =>
    db()
      .select({
        position: sendoutRecipients.position,
        consent: sendoutRecipients.consent,
        included: sendoutRecipients.included,
        plannedAt: sendoutRecipients.plannedAt,
      })
      .from(sendoutRecipients)
      .where(eq(sendoutRecipients.sendoutId, id))
      .orderBy(asc(sendoutRecipients.position));
  // The draft and its recipients as a refused start must leave them.
  const state = async (id: string) => ({ row: await row(id), recipients: await recipients(id) });
  const fail = (res: { statusCode: number; json: <T>() => T }) => [res.statusCode, res.json<Fail>()] as const;

  it('refuses a branch whose mailing is not paid with 402, leaving the draft as it was', async () => {
    const id = await draft(vladivostok);
    const before = await state(id);
    expect(fail(await start(id, {}, vladivostok))).toEqual([402, { ok: false, status: SENDOUT_STATUS_TEXT.notPaid }]);
    expect(await state(id)).toEqual(before);
  });

  it('refuses a launch while the branch has no connected number, leaving the draft as it was', async () => {
    // Yekaterinburg links its number only in the test-message test below.
    const id = await draft(yekaterinburg);
    const before = await state(id);
    expect(fail(await start(id, {}, yekaterinburg))).toEqual([
      400,
      { ok: false, status: SENDOUT_STATUS_TEXT.noChannel },
    ]);
    expect(await state(id)).toEqual(before);
  });

  it('answers another branch’s draft as missing (404) and never touches it', async () => {
    const id = await draft(moscow);
    const before = await state(id);
    expect(fail(await start(id, {}, yekaterinburg))).toEqual([
      404,
      { ok: false, status: SENDOUT_STATUS_TEXT.notFound },
    ]);
    expect(fail(await start('so_nonexistent'))).toEqual([404, { ok: false, status: SENDOUT_STATUS_TEXT.notFound }]);
    expect(await state(id)).toEqual(before);
    expect(before.row.status).toBe('draft');
  });

  it('refuses an empty text, keys the list does not have, nobody to send to, and a wrong media type', async () => {
    const id = await draft();
    const before = await state(id);
    expect(fail(await start(id, { text: '   ' }))).toEqual([400, { ok: false, status: SENDOUT_STATUS_TEXT.emptyText }]);
    expect(fail(await start(id, { text: 'Привет, {name}! {дата} и {unknown}, {name}' }))).toEqual([
      400,
      { ok: false, status: 'Некорректные ключи в сообщении', detail: 'дата, unknown' },
    ]);
    // The parent link is a key only with a loyalty action.
    expect(fail(await start(id, { text: 'Ссылка: {partner_link}' }))[1].status).toBe(SENDOUT_STATUS_TEXT.badKeys);
    expect(fail(await start(id, { consent_true: false, consent_neutral: false }))).toEqual([
      400,
      { ok: false, status: SENDOUT_STATUS_TEXT.noRecipients },
    ]);
    const xlsx = await calls.postForm(
      'start_sendout',
      moscow,
      { sendout_id: id, text: 'x', count: 1, sendout_batch_len: 1, between_time: 10 },
      { media: { name: 'table.xlsx', bytes: Buffer.from('PK') } },
    );
    expect(fail(xlsx)).toEqual([415, { ok: false, status: SENDOUT_STATUS_TEXT.unsupportedFile, detail: 'media' }]);
    // The bytes decide, not the name or the declared type: a Windows program named as a picture.
    const program = await calls.postForm(
      'start_sendout',
      moscow,
      { sendout_id: id, text: 'x', count: 1, sendout_batch_len: 1, between_time: 10 },
      { media: { name: 'photo.png', bytes: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(512)]), type: 'image/png' } },
    );
    expect(fail(program)).toEqual([415, { ok: false, status: SENDOUT_STATUS_TEXT.unsupportedFile, detail: 'media' }]);
    const invalid = await start(id, { between_time: 100_000 });
    expect(invalid.statusCode).toBe(400);
    expect(fail(await start(id, { instance_id: 'another-branch-number' }))).toEqual([
      400,
      { ok: false, status: 'Bad request', detail: 'instance_id' },
    ]);
    expect(await state(id)).toEqual(before);
  });

  let immediate: string;
  it('starts at once (immediate): consenting recipients only, planned from now, between_time apart', async () => {
    immediate = await draft();
    // Inputs the cabinet leaves empty arrive as '' and mean "not given".
    const res = await start(immediate, {
      consent_neutral: false,
      between_time: 30,
      delay: 'false',
      time_start: '',
      instance_id: '',
      loyalty_action_id: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<StartSendoutResponse>()).toEqual({
      ok: true,
      status: 'started',
      sendout_id: immediate,
      count: 1,
      time_start: '2026-03-10T09:00:00.000Z',
    });
    expect(await row(immediate)).toMatchObject({
      status: 'started',
      text: 'Здравствуйте, {name}! Мастер {мастер} ждёт вас.',
      count: 1,
      batchLen: 100,
      betweenTime: 30,
      consentTrue: true,
      consentNeutral: false,
      startedAt: new Date('2026-03-10T09:00:00Z'),
      timeStart: new Date('2026-03-10T09:00:00Z'),
      media: null,
      // The branch's connected number (none given in the form).
      instanceId: `whatsapp-${moscow}`,
      loyaltyActionId: null,
      planDays: [{ day: '2026-03-10', from: '2026-03-10T09:00:00.000Z', to: '2026-03-10T09:00:30.000Z', count: 1 }],
    });
    expect(await recipients(immediate)).toEqual([
      { position: 0, consent: 'consent', included: true, plannedAt: new Date('2026-03-10T09:00:00Z') },
      { position: 1, consent: 'declined', included: false, plannedAt: null },
      { position: 2, consent: 'await', included: false, plannedAt: null },
      { position: 3, consent: 'neutral', included: false, plannedAt: null },
    ]);
    // A second click on the same draft starts nothing.
    expect(fail(await start(immediate))).toEqual([409, { ok: false, status: SENDOUT_STATUS_TEXT.alreadyStarted }]);
  });

  let scheduled: string;
  it('schedules a start: planned, on a 5-minute step, with its media kept; never declined recipients', async () => {
    scheduled = await draft();
    const res = await calls.postForm(
      'start_sendout',
      moscow,
      {
        sendout_id: scheduled,
        text: 'Акция для {name}',
        count: 3,
        sendout_batch_len: 2,
        between_time: 60,
        consent_true: 'true',
        consent_neutral: '1',
        delay: 'true',
        time_start: '2026-03-10T15:02:00+03:00',
        loyalty_action_id: '',
      },
      { media: { name: 'акция.png', bytes: PNG, type: 'image/png' } },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<StartSendoutResponse>()).toEqual({
      ok: true,
      status: 'planned',
      sendout_id: scheduled,
      count: 3,
      time_start: '2026-03-10T12:05:00.000Z',
    });
    const saved = await row(scheduled);
    expect(saved).toMatchObject({
      status: 'planned',
      count: 3,
      batchLen: 2,
      betweenTime: 60,
      startedAt: null,
      timeStart: new Date('2026-03-10T12:05:00Z'),
      // Two a day: the third goes at the next day's opening (00:00 Moscow).
      planDays: [
        { day: '2026-03-10', from: '2026-03-10T12:05:00.000Z', to: '2026-03-10T12:07:00.000Z', count: 2 },
        { day: '2026-03-11', from: '2026-03-10T21:00:00.000Z', to: '2026-03-10T21:01:00.000Z', count: 1 },
      ],
    });
    const media = saved.media as { fileId: string; fileName: string; contentType: string; size: number; path: string };
    expect(media).toMatchObject({ fileName: 'акция.png', contentType: 'image/png', size: PNG.length });
    expect(existsSync(media.path)).toBe(true);
    expect(await recipients(scheduled)).toEqual([
      { position: 0, consent: 'consent', included: true, plannedAt: new Date('2026-03-10T12:05:00Z') },
      { position: 1, consent: 'declined', included: false, plannedAt: null },
      { position: 2, consent: 'await', included: true, plannedAt: new Date('2026-03-10T12:06:00Z') },
      { position: 3, consent: 'neutral', included: true, plannedAt: new Date('2026-03-10T21:00:00Z') },
    ]);
  });

  it('refuses a start crossing another send-out on the same number, leaving the draft as it was', async () => {
    const id = await draft();
    const before = await state(id);
    const crossing = await start(id, { delay: true, time_start: '2026-03-10T15:05:00+03:00' });
    expect(fail(crossing)).toEqual([400, { ok: false, status: PLAN_STATUS.crosses }]);
    const past = await start(id, { delay: true, time_start: '2026-03-10T08:00:00Z' });
    expect(fail(past)).toEqual([400, { ok: false, status: PLAN_STATUS.startInPast }]);
    expect(await state(id)).toEqual(before);
    // After the other one's last slot it fits.
    const after = await start(id, { delay: true, time_start: '2026-03-10T12:10:00Z', between_time: 1 });
    expect(after.statusCode, after.body).toBe(200);
  });

  it('starts a draft once when two launches race', async () => {
    const id = await draft();
    const [a, b] = await Promise.all([
      start(id, { delay: true, time_start: '2026-03-10T17:00:00Z' }),
      start(id, { delay: true, time_start: '2026-03-10T17:00:00Z' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json<Fail>().status).toBe(SENDOUT_STATUS_TEXT.alreadyStarted);
    expect((await row(id)).status).toBe('planned');
    expect((await recipients(id)).filter((r) => r.plannedAt !== null)).toHaveLength(3);
  });

  it('lists launched send-outs newest first with the share of messages that left', async () => {
    // The immediate send-out's one message left the outbox (queued as the sending pass queues it).
    const queued = await app.runtime.channels.outbox.enqueue({
      accId: moscow,
      idempotencyKey: `sendout:${immediate}:0`,
      source: 'sendout',
      sourceId: immediate,
      recipient: '79570000001',
      clientName: 'Анна',
      body: 'x',
      media: null,
      channels: null,
      notBefore: app.clock.now(),
    });
    await db().update(outbox).set({ status: 'sent' }).where(eq(outbox.id, queued.id));
    await db()
      .update(sendoutRecipients)
      .set({ outboxId: queued.id })
      .where(sql`${sendoutRecipients.sendoutId} = ${immediate} and ${sendoutRecipients.position} = 0`);
    const res = await calls.get('action_sendouts', moscow);
    expect(res.statusCode, res.body).toBe(200);
    const listed = res.json<ActionSendoutWire[]>();
    // Drafts are not listed; the Moscow launches only.
    expect(listed.map((s) => s.status)).not.toContain('draft');
    expect(listed).toHaveLength(4);
    // Its only message left: the sending pass may have finished it meanwhile, which reads the same.
    const done = listed.find((s) => s.sendout_id === immediate);
    expect(done).toEqual({
      sendout_id: immediate,
      date: '2026-03-10T09:00:00.000Z',
      msg: 'Здравствуйте, {name}! Мастер {мастер} ждёт вас.',
      process: 100,
      status: done?.status === 'finished' ? 'finished' : 'started',
      count: 1,
      sent: 1,
      source: 'xlsx',
      stall: null,
    });
    expect(listed.find((s) => s.sendout_id === scheduled)).toMatchObject({ process: 0, sent: 0, status: 'planned' });
    const created = await queryRows<{ id: string }>(
      db(),
      sql`select id from sendouts where acc_id = ${moscow} and status <> 'draft' order by created_at desc, id desc`,
    );
    expect(listed.map((s) => s.sendout_id)).toEqual(created.map((r) => r.id));
    expect((await calls.get('action_sendouts', yekaterinburg)).json()).toEqual([]);
  });

  it('keeps the choice of /choose_consent for a launch form that names none; a foreign or launched draft keeps its own', async () => {
    const id = await draft();
    const choose = (body: object, accId: number = moscow) =>
      app.request({ method: 'POST', url: `/api/mailing/choose_consent?acc_id=${accId}`, token: owner, body });
    const chosen = await choose({ sendout_id: id, consent_true: false, consent_neutral: true });
    expect(chosen.statusCode, chosen.body).toBe(200);
    // The neutral client and the one asked without an answer.
    expect(chosen.json()).toEqual({ ok: true, sendout_id: id, consent_true: false, consent_neutral: true, count: 2 });
    expect(await row(id)).toMatchObject({ consentTrue: false, consentNeutral: true });
    // Another branch's draft reads as missing; a half-filled choice is refused; neither changes it.
    const foreign = await choose({ sendout_id: id, consent_true: true, consent_neutral: true }, yekaterinburg);
    expect(fail(foreign)).toEqual([404, { ok: false, status: SENDOUT_STATUS_TEXT.notFound }]);
    expect((await choose({ sendout_id: id, consent_true: true })).statusCode).toBe(400);
    expect(await row(id)).toMatchObject({ consentTrue: false, consentNeutral: true });

    const launched = await start(id, {
      consent_true: undefined,
      consent_neutral: undefined,
      count: 2,
      delay: true,
      time_start: '2026-03-10T19:00:00Z',
    });
    expect(launched.statusCode, launched.body).toBe(200);
    expect(launched.json<StartSendoutResponse>().count).toBe(2);
    expect((await recipients(id)).map((r) => r.included)).toEqual([false, false, true, true]);
    // Launched, its recipients are planned: the choice no longer changes.
    const late = await choose({ sendout_id: id, consent_true: true, consent_neutral: true });
    expect(fail(late)).toEqual([409, { ok: false, status: SENDOUT_STATUS_TEXT.alreadyStarted }]);
    expect(await row(id)).toMatchObject({ consentTrue: false, consentNeutral: true, count: 2 });
  });

  it('sends a test message through the dispatcher to the sandbox, keys filled in', async () => {
    await sandboxWhatsApp(app, yekaterinburg, '79160000031');
    const outboxCount = async () =>
      Number((await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from outbox`))[0]!.n);
    const before = await outboxCount();
    const bad = await calls.postForm('test_sendout', yekaterinburg, { text: 'Привет', phone: '12345' });
    expect(fail(bad)).toEqual([400, { ok: false, status: SENDOUT_STATUS_TEXT.invalidPhone }]);
    const badKeys = await calls.postForm('test_sendout', yekaterinburg, {
      text: 'Привет',
      phone: '79550001111',
      keys: '{name',
    });
    expect(badKeys.statusCode).toBe(400);
    const foreign = await calls.postForm('test_sendout', yekaterinburg, {
      text: 'Привет',
      phone: '79550001111',
      sendout_id: immediate,
    });
    expect(fail(foreign)).toEqual([404, { ok: false, status: SENDOUT_STATUS_TEXT.notFound }]);
    expect(await outboxCount()).toBe(before);

    const res = await calls.postForm('test_sendout', yekaterinburg, {
      text: 'Здравствуйте, {name}! {мастер} ждёт вас. {дата}',
      keys: JSON.stringify({ name: 'Анна', мастер: 'Алина' }),
      phone: '79550001111',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { outbox_id: id } = res.json<{ ok: true; outbox_id: number }>();
    expect(await outboxCount()).toBe(before + 1);
    const [queued] = await db().select().from(outbox).where(eq(outbox.id, id));
    expect(queued).toMatchObject({
      accId: yekaterinburg,
      source: 'test',
      recipient: '79550001111',
      body: 'Здравствуйте, Анна! Алина ждёт вас.',
      status: 'pending',
    });
    expect(queued!.idempotencyKey).toMatch(/^sendout-test:[0-9a-f-]{36}$/);
    expect(await app.runtime.channels.dispatcher.dispatch(id)).toBe('sent');
    const delivered = await app.runtime.channels.sandbox.messages(10, '79550001111');
    expect(delivered.map((m) => m.body)).toEqual(['Здравствуйте, Анна! Алина ждёт вас.']);
  });
});
