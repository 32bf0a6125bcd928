import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../platform/db/client.js';
import { DEMO_BRANCHES } from '../../../seed/demo.js';
import { DB_KINDS } from '../../../test-support/databases.js';
import { SendoutAttribution } from './attribution.js';
import {
  days,
  hours,
  startStatsTestApp,
  type StatsFixture,
  type StatsTestApp,
} from '../../../test-support/mailing/stats-test-app.js';

const { moscow, yekaterinburg } = DEMO_BRANCHES;

interface RecipientRow {
  position: number;
  sent_at: Date | null;
  read_at: Date | null;
  answered_at: Date | null;
  recorded_at: Date | null;
  record_id: string | null;
  record_service: string | null;
  record_cost: number | null;
}
interface Counters {
  sent_count: number;
  read_count: number;
  answered_count: number;
  recorded_count: number;
  revenue: number;
  stats_at: Date | null;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

// SPEC 3/4 attribution: the pass reads the outbox, the chat and the CRM straight from the tables
// the dispatcher, the channels and the CRM write, so the tests write those rows themselves.
describe.each(DB_KINDS)('send-out attribution (%s)', (kind) => {
  let app: StatsTestApp;
  let fx: StatsFixture;
  const db = () => app.base.runtime.database.db;
  const recipients = async (id: string) =>
    (
      await queryRows<RecipientRow>(
        db(),
        sql`select position, sent_at, read_at, answered_at, recorded_at, record_id, record_service, record_cost
          from sendout_recipients where sendout_id = ${id} order by position`,
      )
    ).map((r) => ({
      ...r,
      sent_at: iso(r.sent_at),
      read_at: iso(r.read_at),
      answered_at: iso(r.answered_at),
      recorded_at: iso(r.recorded_at),
      record_cost: r.record_cost === null ? null : Number(r.record_cost),
    }));
  const counters = async (id: string) => {
    const [row] = await queryRows<Counters>(
      db(),
      sql`select sent_count, read_count, answered_count, recorded_count, revenue, stats_at from sendouts where id = ${id}`,
    );
    return { ...row!, revenue: Number(row!.revenue), stats_at: iso(row!.stats_at) };
  };

  beforeAll(async () => {
    app = await startStatsTestApp(kind);
    fx = app.fixture;
  });
  afterAll(async () => {
    await app?.close();
  });

  const T0 = '2026-03-01T10:00:00.000Z';
  const NOW = new Date('2026-03-10T09:00:00Z');

  it('attributes answers within 72 h and the first booking within 7 days, in the branch only', async () => {
    const id = 'attr-main';
    await fx.sendout({ id, accId: moscow, startedAt: T0, finishedAt: hours(T0, 1), count: 12 });
    const phone = (i: number) => `7999555${String(i).padStart(4, '0')}`;
    const sent = (i: number, extra: { readAt?: string } = {}) =>
      fx.recipient({
        sendoutId: id,
        accId: moscow,
        position: i,
        phone: phone(i),
        name: `Клиент ${i}`,
        message: { status: extra.readAt ? 'read' : 'delivered', sentAt: T0, readAt: extra.readAt ?? null },
      });
    // 0: read, answered at 71 h.
    await sent(0, { readAt: hours(T0, 1) });
    await fx.message(moscow, phone(0), hours(T0, 71));
    await fx.message(moscow, phone(0), hours(T0, 72.5));
    // 1: answered at 73 h only: no answer.
    await sent(1);
    await fx.message(moscow, phone(1), hours(T0, 73));
    // 2: booked on day 6 (two services: the first one's title is the service).
    await sent(2);
    const booked = await fx.booking(moscow, phone(2), days(T0, 6), { cost: 1500, services: ['Стрижка', 'Укладка'] });
    // 3: booked on day 8 only.
    await sent(3);
    await fx.booking(moscow, phone(3), days(T0, 8));
    // 4: booked before the message.
    await sent(4);
    await fx.booking(moscow, phone(4), hours(T0, -1));
    // 5: answered and booked in another branch.
    await sent(5);
    await fx.message(yekaterinburg, phone(5), hours(T0, 1));
    await fx.booking(yekaterinburg, phone(5), hours(T0, 2));
    // 6: the message failed; 7: never queued.
    await fx.recipient({ sendoutId: id, accId: moscow, position: 6, phone: phone(6), message: { status: 'failed' } });
    await fx.message(moscow, phone(6), hours(T0, 1));
    await fx.recipient({ sendoutId: id, accId: moscow, position: 7, phone: phone(7) });
    // 8: a deleted booking, then two: the earlier one counts.
    await sent(8);
    await fx.booking(moscow, phone(8), days(T0, 1), { deleted: true, cost: 9000 });
    const first = await fx.booking(moscow, phone(8), days(T0, 2), { cost: 1000, services: ['Маникюр'] });
    await fx.booking(moscow, phone(8), days(T0, 3), { cost: 700 });
    // 9: the salon wrote to them (outgoing): not an answer.
    await sent(9);
    await fx.message(moscow, phone(9), hours(T0, 2), 'outgoing');

    expect(await app.attribution.pass(NOW)).toEqual({ sendouts: 1 });

    const rows = await recipients(id);
    const blank = {
      read_at: null,
      answered_at: null,
      recorded_at: null,
      record_id: null,
      record_service: null,
      record_cost: null,
    };
    expect(rows).toEqual([
      { position: 0, sent_at: T0, ...blank, read_at: hours(T0, 1), answered_at: hours(T0, 71) },
      { position: 1, sent_at: T0, ...blank },
      {
        position: 2,
        sent_at: T0,
        ...blank,
        recorded_at: days(T0, 6),
        record_id: booked,
        record_service: 'Стрижка',
        record_cost: 1500,
      },
      { position: 3, sent_at: T0, ...blank },
      { position: 4, sent_at: T0, ...blank },
      { position: 5, sent_at: T0, ...blank },
      { position: 6, sent_at: null, ...blank },
      { position: 7, sent_at: null, ...blank },
      {
        position: 8,
        sent_at: T0,
        ...blank,
        recorded_at: days(T0, 2),
        record_id: first,
        record_service: 'Маникюр',
        record_cost: 1000,
      },
      { position: 9, sent_at: T0, ...blank },
    ]);
    expect(await counters(id)).toEqual({
      sent_count: 8,
      read_count: 1,
      answered_count: 1,
      recorded_count: 2,
      revenue: 2500,
      stats_at: NOW.toISOString(),
    });
  });

  it('is idempotent and leaves a send-out whose horizon closed before its last count', async () => {
    const id = 'attr-main';
    const before = await recipients(id);
    await app.attribution.refresh(id, new Date(NOW.getTime() + 60_000));
    expect(await recipients(id)).toEqual(before);
    expect((await counters(id)).recorded_count).toBe(2);
    // Finished nine days ago and counted after its window closed: nothing more to count.
    expect(await app.attribution.pass(new Date(NOW.getTime() + 3_600_000))).toEqual({ sendouts: 0 });
  });

  it('keeps counting a running send-out, no more often than its minimum age', async () => {
    const id = 'attr-running';
    const sentAt = hours(NOW.toISOString(), -1);
    await fx.sendout({ id, accId: moscow, status: 'started', startedAt: hours(NOW.toISOString(), -2), count: 2 });
    await fx.recipient({
      sendoutId: id,
      accId: moscow,
      position: 0,
      phone: '79995551100',
      message: { status: 'sent', sentAt },
    });
    await fx.recipient({
      sendoutId: id,
      accId: moscow,
      position: 1,
      phone: '79995551101',
      message: { status: 'pending' },
    });
    expect(await app.attribution.pass(NOW)).toEqual({ sendouts: 1 });
    expect(await counters(id)).toMatchObject({ sent_count: 1, answered_count: 0 });

    // The second message leaves and is read; the first client answers.
    await db().execute(
      sql`update outbox set status = 'read', sent_at = ${hours(NOW.toISOString(), 0.1)}::timestamptz,
            read_at = ${hours(NOW.toISOString(), 0.2)}::timestamptz
          where id = (select outbox_id from sendout_recipients where sendout_id = ${id} and position = 1)`,
    );
    await fx.message(moscow, '79995551100', hours(NOW.toISOString(), 0.15));
    // Counted 10 s ago: left for a later pass.
    expect(await app.attribution.pass(new Date(NOW.getTime() + 10_000))).toEqual({ sendouts: 0 });
    const later = new Date(NOW.getTime() + 20 * 60_000);
    expect(await app.attribution.pass(later)).toEqual({ sendouts: 1 });
    expect(await counters(id)).toEqual({
      sent_count: 2,
      read_count: 1,
      answered_count: 1,
      recorded_count: 0,
      revenue: 0,
      stats_at: later.toISOString(),
    });
  });

  it('counts whole send-outs up to its budget per pass, stalest first, and skips drafts', async () => {
    const small = new SendoutAttribution(db(), app.base.clock, { budget: 1 });
    await fx.sendout({ id: 'attr-b1', accId: yekaterinburg, startedAt: '2026-03-09T08:00:00Z', count: 3 });
    await fx.sendout({ id: 'attr-b2', accId: yekaterinburg, startedAt: '2026-03-09T09:00:00Z', count: 3 });
    await fx.sendout({ id: 'attr-draft', accId: yekaterinburg, status: 'draft', startedAt: null });
    for (const [i, sendoutId] of ['attr-b1', 'attr-b2'].entries()) {
      await fx.recipient({
        sendoutId,
        accId: yekaterinburg,
        position: 0,
        phone: `7999555120${i}`,
        message: { status: 'delivered', sentAt: '2026-03-09T09:30:00Z' },
      });
    }
    // 10 s after the running send-out above was counted: it waits, so only these two are due.
    const at = new Date(NOW.getTime() + 20 * 60_000 + 10_000);
    expect(await small.pass(at)).toEqual({ sendouts: 1 });
    expect(await small.pass(at)).toEqual({ sendouts: 1 });
    expect(await small.pass(at)).toEqual({ sendouts: 0 });
    expect((await counters('attr-b1')).sent_count).toBe(1);
    expect((await counters('attr-b2')).sent_count).toBe(1);
    expect((await counters('attr-draft')).stats_at).toBeNull();
  });

  it('runs in two workers at once without counting a send-out twice or failing', async () => {
    const id = 'attr-twice';
    const sentAt = '2026-03-09T10:00:00.000Z';
    await fx.sendout({ id, accId: yekaterinburg, startedAt: sentAt, count: 40 });
    for (let i = 0; i < 40; i += 1) {
      const phone = `799955513${String(i).padStart(2, '0')}`;
      await fx.recipient({
        sendoutId: id,
        accId: yekaterinburg,
        position: i,
        phone,
        message: { status: 'sent', sentAt },
      });
      if (i % 4 === 0) await fx.message(yekaterinburg, phone, hours(sentAt, 5));
    }
    const other = new SendoutAttribution(db(), app.base.clock);
    // Due then: this one, the running one and the two of the budget test (their horizons are open).
    const at = new Date(NOW.getTime() + 30 * 60_000);
    const [a, b] = await Promise.all([app.attribution.pass(at), other.pass(at)]);
    // Each due send-out was counted by exactly one of them.
    expect(a.sendouts + b.sendouts).toBe(4);
    expect(await counters(id)).toMatchObject({ sent_count: 40, answered_count: 10, stats_at: at.toISOString() });
  });
});
