import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Outbox } from '../../../channels/dispatch/outbox.js';
import { localDay } from '@salon/contract/zoned-time';
import { consents } from '../../consents/schema.js';
import { FileStore } from '../../../platform/files/file-store.js';
import { createLogger } from '../../../platform/logger.js';
import { DEMO_BRANCHES } from '../../../seed/demo.js';
import { DB_KINDS } from '../../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../../test-support/harness.js';
import { until } from '../../../test-support/until.js';
import { sendoutRecipients, sendouts } from '../schema.js';
import { SENDOUT_BATCH, SendoutSender } from './sending.js';
import {
  deliveredByPhone,
  dispatchDue,
  drive,
  insertLaunchedSendout,
  linkWhatsapp,
  outboxOf,
  statusOf,
} from '../../../test-support/mailing/sendout-fixtures.js';
import { sendoutMedia } from './media.js';

const VLADIVOSTOK = DEMO_BRANCHES.vladivostok;
const MOSCOW = DEMO_BRANCHES.moscow;
const YEKATERINBURG = DEMO_BRANCHES.yekaterinburg;
const logger = createLogger('silent');

describe.each(DB_KINDS)('sending launched send-outs (%s)', (kind) => {
  let app: TestApp;
  const db = () => app.runtime.database.db;
  const sender = () => app.runtime.sendouts.sender;

  // A second worker process: its own sender and outbox on the same database, its jobs recorded.
  function worker(jobs: number[]): SendoutSender {
    const outbox = new Outbox({ db: db(), clock: app.clock, schedule: async (id) => void jobs.push(id) });
    return new SendoutSender({ db: db(), outbox, clock: app.clock, logger });
  }

  const recipientsOf = (id: string) =>
    db()
      .select({
        position: sendoutRecipients.position,
        outboxId: sendoutRecipients.outboxId,
        plannedAt: sendoutRecipients.plannedAt,
      })
      .from(sendoutRecipients)
      .where(eq(sendoutRecipients.sendoutId, id))
      .orderBy(sendoutRecipients.position);

  beforeAll(async () => {
    app = await startTestApp(kind, { SANDBOX_DELIVERY_MS: '0', DISPATCH_PACING: 'off' }, 'all');
    await linkWhatsapp(app, VLADIVOSTOK, '79160000031');
    await linkWhatsapp(app, MOSCOW, '79160000032');
  });
  afterAll(async () => {
    await app.close();
  });
  beforeEach(async () => {
    app.clock.set('2026-03-10T09:00:00Z');
    await db().execute(sql`delete from sendouts`);
    await db().execute(sql`delete from outbox where source = 'sendout'`);
    await db().execute(sql`delete from consents`);
    // The clock went back: the numbers' governor must not wait for a slot a later test time reserved.
    await db().execute(sql`update channel_instances set next_slot_at = null, sent_day = null, sent_today = 0`);
  });

  it('sends 300 recipients over two Vladivostok days within the daily limit, each once, in plan order', async () => {
    // 19:00 in Vladivostok: 200 (the daily limit) go out by 22:20, the other 100 from 00:00.
    const now = app.clock.now();
    const launched = await insertLaunchedSendout(db(), {
      accId: VLADIVOSTOK,
      count: 300,
      batchLen: 200,
      betweenTime: 60,
      start: now,
      timeZone: 'Asia/Vladivostok',
      now,
      phonePrefix: '7990100',
      text: '{name}, скидка 10%. {information} {missing}',
    });
    expect(launched.plan.days.map((d) => [d.day, d.count])).toEqual([
      ['2026-03-10', 200],
      ['2026-03-11', 100],
    ]);

    // The worker wakes every 5 minutes at most: each wake sends what came due since, in plan order.
    await drive(app, sender(), [launched.id], { minStepMs: 5 * 60_000 });

    const [row] = await db().select().from(sendouts).where(eq(sendouts.id, launched.id));
    expect(row).toMatchObject({ status: 'finished' });
    expect(row!.finishedAt).not.toBeNull();

    const sent = await outboxOf(db(), launched.id);
    expect(sent).toHaveLength(300);
    expect(new Set(sent.map((r) => r.position)).size).toBe(300);
    expect(sent.every((r) => ['sent', 'delivered', 'read'].includes(r.status))).toBe(true);
    expect(sent.find((r) => r.position === 7)).toMatchObject({
      recipient: launched.phones[7],
      body: 'Клиент7, скидка 10%. Код 7',
    });
    // The order they left in is the plan's: positions 0..299.
    const bySending = [...sent].sort((a, b) => a.sentAt!.getTime() - b.sentAt!.getTime() || a.id - b.id);
    expect(bySending.map((r) => r.position)).toEqual([...Array(300).keys()]);
    // The daily limit holds on the branch's local days.
    const perDay = new Map<string, number>();
    for (const r of sent) {
      const day = localDay(r.sentAt!, 'Asia/Vladivostok');
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
    expect(Object.fromEntries(perDay)).toEqual({ '2026-03-10': 200, '2026-03-11': 100 });
    // Nothing before its planned time, and the bookkeeping points at the rows.
    const byPosition = new Map(sent.map((r) => [r.position, r]));
    for (const r of await recipientsOf(launched.id)) {
      expect(r.outboxId).toBe(byPosition.get(r.position)!.id);
      expect(byPosition.get(r.position)!.sentAt!.getTime()).toBeGreaterThanOrEqual(r.plannedAt!.getTime());
    }
    // Each phone got exactly one message.
    const delivered = await deliveredByPhone(db(), '7990100');
    expect(delivered.size).toBe(300);
    expect([...delivered.values()].every((n) => n === 1)).toBe(true);
  });

  it('starts a scheduled send-out when its time comes; a kick runs the pass', async () => {
    const now = app.clock.now();
    const start = new Date(now.getTime() + 3_600_000);
    const launched = await insertLaunchedSendout(db(), {
      accId: MOSCOW,
      count: 3,
      batchLen: 100,
      betweenTime: 0,
      start,
      timeZone: 'Europe/Moscow',
      now,
      phonePrefix: '7990200',
      status: 'planned',
    });
    expect(await sender().pass()).toEqual({ started: 0, queued: 0, finished: 0 });
    expect(await statusOf(db(), launched.id)).toBe('planned');

    app.clock.set(start);
    sender().kick();
    sender().kick();
    await until(async () => (await outboxOf(db(), launched.id)).length === 3);
    const [row] = await db().select().from(sendouts).where(eq(sendouts.id, launched.id));
    expect(row).toMatchObject({ status: 'started', startedAt: start });
  });

  it('queues nothing while the branch has no connected number, and catches up once one is back', async () => {
    const now = app.clock.now();
    // Yekaterinburg has no number linked yet in this file.
    const launched = await insertLaunchedSendout(db(), {
      accId: YEKATERINBURG,
      count: 3,
      batchLen: 100,
      betweenTime: 0,
      start: now,
      timeZone: 'Asia/Yekaterinburg',
      now,
      phonePrefix: '7990250',
    });
    expect(await sender().pass()).toMatchObject({ queued: 0 });
    expect(await outboxOf(db(), launched.id)).toEqual([]);
    expect(await statusOf(db(), launched.id)).toBe('started');

    await linkWhatsapp(app, YEKATERINBURG, '79160000033');
    expect(await sender().pass()).toMatchObject({ queued: 3 });
    expect((await outboxOf(db(), launched.id)).map((r) => r.position).sort()).toEqual([0, 1, 2]);
  });

  it('never queues a recipient twice when two workers pass at once, and caps a pass at the batch', async () => {
    const now = app.clock.now();
    const big = await insertLaunchedSendout(db(), {
      accId: MOSCOW,
      count: SENDOUT_BATCH + 200,
      batchLen: 100_000,
      betweenTime: 0,
      start: now,
      timeZone: 'Europe/Moscow',
      now,
      phonePrefix: '7990300',
    });
    const small = await Promise.all(
      [0, 1, 2].map((i) =>
        insertLaunchedSendout(db(), {
          accId: VLADIVOSTOK,
          count: 40,
          batchLen: 1000,
          betweenTime: 0,
          start: now,
          timeZone: 'Asia/Vladivostok',
          now,
          phonePrefix: `799031${i}`,
        }),
      ),
    );
    const jobs: number[] = [];
    const a = worker(jobs);
    const b = worker(jobs);
    const first = await Promise.all([a.pass(now), b.pass(now), a.pass(now)]);
    // The first pass over the big one stops at the batch; a later one (or the other worker) takes the rest.
    const second = await Promise.all([a.pass(now), b.pass(now)]);
    const queued = [...first, ...second].reduce((sum, r) => sum + r.queued, 0);
    expect(queued).toBe(SENDOUT_BATCH + 200 + 3 * 40);

    for (const s of [big, ...small]) {
      const rows = await outboxOf(db(), s.id);
      expect(rows).toHaveLength(s.phones.length);
      expect(new Set(rows.map((r) => r.position)).size).toBe(s.phones.length);
      const byPosition = new Map(rows.map((r) => [r.position, r.id]));
      for (const r of await recipientsOf(s.id)) expect(r.outboxId).toBe(byPosition.get(r.position));
    }
    // Each row's job was started once, by the worker that wrote the row.
    const all = (await Promise.all([big, ...small].map((s) => outboxOf(db(), s.id)))).flat();
    expect([...jobs].sort((x, y) => x - y)).toEqual(all.map((r) => r.id).sort((x, y) => x - y));
  });

  it('runs one process’s passes one after another: a pass that returns finds the send-out filled', async () => {
    const now = app.clock.now();
    const launched = await insertLaunchedSendout(db(), {
      accId: MOSCOW,
      count: 300,
      batchLen: 100_000,
      betweenTime: 0,
      start: now,
      timeZone: 'Europe/Moscow',
      now,
      phonePrefix: '7990400',
    });
    const a = worker([]);
    const first = a.pass(now);
    // Another process's pass would skip the send-out its row lock holds; this process's waits for it.
    const second = await a.pass(now);
    expect(await outboxOf(db(), launched.id)).toHaveLength(300);
    expect(second.queued).toBe(0);
    expect((await first).queued).toBe(300);
  });

  it('lets the dispatcher refuse a declined client; the refusal counts as done and the send-out finishes', async () => {
    const now = app.clock.now();
    const launched = await insertLaunchedSendout(db(), {
      accId: MOSCOW,
      count: 5,
      batchLen: 100,
      betweenTime: 10,
      start: now,
      timeZone: 'Europe/Moscow',
      now,
      phonePrefix: '7990400',
    });
    await db().insert(consents).values({ accId: MOSCOW, phone: launched.phones[2]!, consent: false, updatedAt: now });

    await drive(app, sender(), [launched.id]);

    expect(await statusOf(db(), launched.id)).toBe('finished');
    const rows = await outboxOf(db(), launched.id);
    expect(rows.map((r) => [r.position, r.status === 'blocked' ? `blocked:${r.statusReason}` : 'out'])).toEqual([
      [0, 'out'],
      [1, 'out'],
      [2, 'blocked:declined'],
      [3, 'out'],
      [4, 'out'],
    ]);
    const delivered = await deliveredByPhone(db(), '7990400');
    expect(delivered.get(launched.phones[2]!)).toBeUndefined();
    expect(delivered.size).toBe(4);
  });

  it('sends the send-out’s media with every message', async () => {
    const now = app.clock.now();
    const files = new FileStore(db(), app.runtime.config.dataDir, app.clock);
    const file = await files.store(MOSCOW, 'sale.jpg', 'image/jpeg', Buffer.from('jpeg bytes'));
    const launched = await insertLaunchedSendout(db(), {
      accId: MOSCOW,
      count: 2,
      batchLen: 100,
      betweenTime: 0,
      start: now,
      timeZone: 'Europe/Moscow',
      now,
      phonePrefix: '7990500',
      // As a launch keeps it (launch.ts).
      media: sendoutMedia(file),
    });
    await sender().pass();
    const rows = await outboxOf(db(), launched.id);
    expect(rows.map((r) => r.media)).toEqual([
      { fileName: 'sale.jpg', contentType: 'image/jpeg', path: file.path },
      { fileName: 'sale.jpg', contentType: 'image/jpeg', path: file.path },
    ]);
    expect(await dispatchDue(app)).toBe(2);
    const [message] = await app.runtime.channels.sandbox.messages(1, launched.phones[0]);
    expect(message?.media).toMatchObject({ fileName: 'sale.jpg' });
  });
});
