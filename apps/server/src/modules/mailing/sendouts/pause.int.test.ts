import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SENDOUT_STATUS_TEXT } from '@salon/contract/mailing-sendouts';
import { OutboxRepository } from '../../../channels/dispatch/outbox-repository.js';
import { outbox } from '../../../channels/schema.js';
import { recipientPolicy } from '../../../runtime.js';
import { DEMO_BRANCHES, DEMO_USERS } from '../../../seed/demo.js';
import { DB_KINDS } from '../../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../../test-support/harness.js';
import { sendoutRecipients, sendouts } from '../schema.js';
import { busyDays as busyDaysOf } from '../calendar/plan-days.js';
import {
  deliveredByPhone,
  dispatchDue,
  drive,
  insertLaunchedSendout,
  linkWhatsapp,
  outboxOf,
  statusOf,
} from '../../../test-support/mailing/sendout-fixtures.js';

const MOSCOW = DEMO_BRANCHES.moscow;
const VLADIVOSTOK = DEMO_BRANCHES.vladivostok;

describe.each(DB_KINDS)('pausing and resuming a send-out (%s)', (kind) => {
  let app: TestApp;
  // Issued at the tests' starting time, which every test goes back to.
  let firstToken: string;
  let owner: string;
  const db = () => app.runtime.database.db;
  const sender = () => app.runtime.sendouts.sender;

  const call = (method: 'DELETE' | 'POST', route: 'stop_sendout' | 'resume_sendout', accId: number, id: string) =>
    app.request({ method, url: `/api/mailing/${route}?acc_id=${accId}&sendout_id=${id}`, token: owner });
  const stop = (id: string, accId: number = MOSCOW) => call('DELETE', 'stop_sendout', accId, id);
  const resume = (id: string, accId: number = MOSCOW) => call('POST', 'resume_sendout', accId, id);
  const sendoutRow = async (id: string) => (await db().select().from(sendouts).where(eq(sendouts.id, id)))[0]!;
  const launch = (over: Partial<Parameters<typeof insertLaunchedSendout>[1]> = {}) =>
    insertLaunchedSendout(db(), {
      accId: MOSCOW,
      count: 40,
      batchLen: 1000,
      betweenTime: 30,
      start: app.clock.now(),
      timeZone: 'Europe/Moscow',
      now: app.clock.now(),
      phonePrefix: '7991100',
      ...over,
    });

  beforeAll(async () => {
    app = await startTestApp(kind, { SANDBOX_DELIVERY_MS: '0', DISPATCH_PACING: 'off' }, 'all');
    firstToken = (await app.login(DEMO_USERS.owner, '10.60.0.1')).token;
    await linkWhatsapp(app, MOSCOW, '79160000041');
  });
  afterAll(async () => {
    await app.close();
  });
  beforeEach(async () => {
    app.clock.set('2026-03-10T09:00:00Z');
    owner = firstToken;
    await db().execute(sql`delete from sendouts`);
    await db().execute(sql`delete from outbox where source = 'sendout'`);
    await db().execute(sql`update channel_instances set next_slot_at = null, sent_day = null, sent_today = 0`);
  });

  it('pauses mid-way and resumes: every recipient gets exactly one message, nobody is skipped', async () => {
    const launched = await launch({ count: 60, phonePrefix: '7991100' });
    const sentCount = async () =>
      (await outboxOf(db(), launched.id)).filter((r) => ['sent', 'delivered', 'read'].includes(r.status)).length;
    await drive(app, sender(), [launched.id], { stop: async () => (await sentCount()) >= 20, minStepMs: 60_000 });

    // A worker is sending the next message when the pause comes: it stays and counts as done.
    const ahead = (await outboxOf(db(), launched.id)).filter((r) => r.status === 'pending');
    expect(ahead.length).toBeGreaterThan(1);
    app.clock.set(ahead[0]!.notBefore);
    const [inFlight] = await new OutboxRepository(db(), recipientPolicy()).claim(
      [ahead[0]!.id],
      app.clock.now(),
      60_000,
    );
    expect(inFlight?.status).toBe('sending');
    const sentBefore = await sentCount();

    const paused = await stop(launched.id);
    expect([paused.statusCode, paused.json()]).toEqual([200, { ok: true, status: 'paused' }]);
    const pausedAt = app.clock.now();
    const rowsAtPause = await outboxOf(db(), launched.id);
    expect(rowsAtPause.find((r) => r.id === inFlight!.id)?.status).toBe('sending');
    const cancelled = rowsAtPause.filter((r) => r.status === 'cancelled');
    expect(cancelled.map((r) => r.id)).toEqual(ahead.slice(1).map((r) => r.id));
    expect(cancelled.every((r) => r.statusReason === 'sendout_paused')).toBe(true);
    const atPause = await sendoutRow(launched.id);
    expect(atPause).toMatchObject({ status: 'paused', stopped: true, lastSentAt: pausedAt });
    // The calendar keeps only what went out (or is going out): one day, ending after the in-flight one.
    const days = busyDaysOf(atPause.planDays);
    expect(days.map((d) => [d.day, d.count])).toEqual([['2026-03-10', sentBefore + 1]]);
    expect(days[0]!.to.getTime()).toBe(pausedAt.getTime() + 30_000);

    // While paused the worker queues and sends nothing new; the in-flight message finishes.
    app.clock.set(new Date(pausedAt.getTime() + 20 * 60_000));
    expect((await sender().pass()).queued).toBe(0);
    expect(await dispatchDue(app)).toBe(0);
    expect(await app.runtime.channels.dispatcher.dispatch(inFlight!.id)).toBe('sent');
    expect(await sentCount()).toBe(sentBefore + 1);

    // The clock moved past the access token's life.
    owner = (await app.login(DEMO_USERS.owner, '10.60.0.2')).token;
    const resumed = await resume(launched.id);
    expect([resumed.statusCode, resumed.json()]).toEqual([200, { ok: true, status: 'started' }]);
    const resumedAt = app.clock.now();
    const owed = await db()
      .select({ position: sendoutRecipients.position, plannedAt: sendoutRecipients.plannedAt })
      .from(sendoutRecipients)
      .where(and(eq(sendoutRecipients.sendoutId, launched.id), sql`${sendoutRecipients.outboxId} is null`))
      .orderBy(sendoutRecipients.position);
    // Everything not sent before the pause, from the first cancelled one on, planned from now.
    expect(owed.map((r) => r.position)).toEqual([...Array(60).keys()].slice(sentBefore + 1));
    expect(owed.every((r) => r.plannedAt!.getTime() >= resumedAt.getTime())).toBe(true);
    expect(busyDaysOf((await sendoutRow(launched.id)).planDays).reduce((n, d) => n + d.count, 0)).toBe(60);

    await drive(app, sender(), [launched.id], { minStepMs: 60_000 });

    expect(await statusOf(db(), launched.id)).toBe('finished');
    const rows = await outboxOf(db(), launched.id);
    // One row per position (a cancelled row was revived, never doubled), none left cancelled.
    expect(rows.map((r) => r.position).sort((a, b) => a - b)).toEqual([...Array(60).keys()]);
    expect(rows.filter((r) => !['sent', 'delivered', 'read'].includes(r.status))).toEqual([]);
    const delivered = await deliveredByPhone(db(), '7991100');
    expect(delivered.size).toBe(60);
    expect([...delivered.values()].every((n) => n === 1)).toBe(true);
  });

  it('holds a message a worker put back after the pause until the resume, and sends it once', async () => {
    const launched = await launch({ count: 6, betweenTime: 0, phonePrefix: '7991600' });
    await sender().pass();
    const [first, second] = await outboxOf(db(), launched.id);
    // A worker takes the first message, then the pause comes.
    const repo = new OutboxRepository(db(), recipientPolicy());
    expect((await repo.claim([first!.id], app.clock.now(), 60_000))[0]?.status).toBe('sending');
    expect((await stop(launched.id)).statusCode).toBe(200);
    expect((await outboxOf(db(), launched.id)).map((r) => r.status)).toEqual([
      'sending',
      ...Array(5).fill('cancelled'),
    ]);
    // The worker meets the quiet hours and puts it back for later, as the dispatcher's deferral does.
    await repo.update(
      first!.id,
      { status: 'pending', notBefore: app.clock.now(), claimedUntil: null },
      app.clock.now(),
    );

    await sender().pass();
    expect((await outboxOf(db(), launched.id))[0]).toMatchObject({
      status: 'cancelled',
      statusReason: 'sendout_paused',
    });
    expect(await dispatchDue(app)).toBe(0);
    expect(await deliveredByPhone(db(), '7991600')).toEqual(new Map());

    app.clock.set(new Date(app.clock.now().getTime() + 60_000));
    expect((await resume(launched.id)).statusCode).toBe(200);
    await drive(app, sender(), [launched.id]);
    expect(await statusOf(db(), launched.id)).toBe('finished');
    const rows = await outboxOf(db(), launched.id);
    expect(rows.map((r) => r.id)).toEqual([first!.id, second!.id, ...rows.slice(2).map((r) => r.id)]);
    expect(rows.every((r) => ['sent', 'delivered', 'read'].includes(r.status))).toBe(true);
    const delivered = await deliveredByPhone(db(), '7991600');
    expect([delivered.size, [...delivered.values()].every((n) => n === 1)]).toEqual([6, true]);
  });

  it('answers 404 for another branch’s send-out and leaves it alone', async () => {
    const launched = await launch({ phonePrefix: '7991200' });
    await sender().pass();
    const pending = await outboxOf(db(), launched.id);
    expect(pending.length).toBeGreaterThan(0);

    for (const res of [await stop(launched.id, VLADIVOSTOK), await resume(launched.id, VLADIVOSTOK)]) {
      expect([res.statusCode, res.json()]).toEqual([404, { ok: false, status: SENDOUT_STATUS_TEXT.notFound }]);
    }
    expect(await statusOf(db(), launched.id)).toBe('started');
    expect((await outboxOf(db(), launched.id)).map((r) => r.status)).toEqual(pending.map(() => 'pending'));
  });

  it('refuses a pause or resume the send-out’s status does not allow', async () => {
    const draft = await launch({ phonePrefix: '7991300' });
    await db().update(sendouts).set({ status: 'draft' }).where(eq(sendouts.id, draft.id));
    const finished = await launch({ phonePrefix: '7991301' });
    await db().update(sendouts).set({ status: 'finished' }).where(eq(sendouts.id, finished.id));
    const running = await launch({ phonePrefix: '7991302' });

    const refusals = [
      [await stop(draft.id), 409, SENDOUT_STATUS_TEXT.notPaused],
      [await resume(draft.id), 409, SENDOUT_STATUS_TEXT.notPaused],
      [await stop(finished.id), 409, SENDOUT_STATUS_TEXT.finished],
      [await resume(finished.id), 409, SENDOUT_STATUS_TEXT.finished],
      [await resume(running.id), 409, SENDOUT_STATUS_TEXT.alreadyStarted],
    ] as const;
    for (const [res, code, status] of refusals)
      expect([res.statusCode, res.json()]).toEqual([code, { ok: false, status }]);
    expect((await stop(running.id)).statusCode).toBe(200);
    const again = await stop(running.id);
    expect([again.statusCode, again.json()]).toEqual([409, { ok: false, status: SENDOUT_STATUS_TEXT.notPaused }]);
    expect(await statusOf(db(), draft.id)).toBe('draft');
    expect(await statusOf(db(), finished.id)).toBe('finished');
  });

  it('pauses a scheduled send-out off the calendar and resumes it at its scheduled start', async () => {
    const start = new Date(app.clock.now().getTime() + 3 * 3_600_000);
    const launched = await launch({ status: 'planned', start, phonePrefix: '7991400' });
    expect((await stop(launched.id)).statusCode).toBe(200);
    expect(busyDaysOf((await sendoutRow(launched.id)).planDays)).toEqual([]);

    const resumed = await resume(launched.id);
    expect([resumed.statusCode, resumed.json()]).toEqual([200, { ok: true, status: 'planned' }]);
    const times = await db()
      .select({ at: sendoutRecipients.plannedAt })
      .from(sendoutRecipients)
      .where(eq(sendoutRecipients.sendoutId, launched.id))
      .orderBy(sendoutRecipients.position);
    expect(times[0]!.at).toEqual(start);
    expect(times.at(-1)!.at).toEqual(new Date(start.getTime() + 39 * 30_000));
  });

  it('resumes after another send-out that took the time meanwhile', async () => {
    // Its first message is due in ten minutes: the runtime's sending sweep, which runs on its own
    // timer, cannot send any of it before the stop (a message sent at 09:00 would keep its planned
    // time and read as "resumed at 09:00").
    const launched = await launch({ phonePrefix: '7991500', start: new Date(app.clock.now().getTime() + 10 * 60_000) });
    expect((await stop(launched.id)).statusCode).toBe(200);
    // Launched while this one was paused: it sends for the next hour.
    const other = await launch({ count: 120, phonePrefix: '7991501' });
    const otherEnd = other.plan.end;

    const resumed = await resume(launched.id);
    expect(resumed.statusCode).toBe(200);
    const [first] = await db()
      .select({ at: sendoutRecipients.plannedAt })
      .from(sendoutRecipients)
      .where(eq(sendoutRecipients.sendoutId, launched.id))
      .orderBy(sendoutRecipients.plannedAt)
      .limit(1);
    expect(first!.at!.getTime()).toBeGreaterThanOrEqual(otherEnd.getTime());
    expect(first!.at!.getTime() - otherEnd.getTime()).toBeLessThan(5 * 60_000);
    // The kick after the resume queues nothing of it before its time.
    await new Promise((r) => setTimeout(r, 200));
    expect(await db().select({ id: outbox.id }).from(outbox).where(eq(outbox.sourceId, launched.id))).toEqual([]);
  });
});
