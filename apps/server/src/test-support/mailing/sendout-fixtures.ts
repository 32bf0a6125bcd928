import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { outbox } from '../../channels/schema.js';
import { sandboxMessages } from '../../channels/drivers/sandbox/schema.js';
import type { Db } from '../../platform/db/client.js';
import type { ManualClock } from '../../platform/clock.js';
import type { Runtime } from '../../runtime.js';
import { planMessages, planPositions, type SendoutPlan } from '../../modules/mailing/plan/daily-plan.js';
import { sendoutRecipients, sendouts } from '../../modules/mailing/schema.js';
import { storedPlanDays } from '../../modules/mailing/calendar/plan-days.js';
import { SENDOUT_LOOKAHEAD_MS, type SendoutSender } from '../../modules/mailing/sendouts/sending.js';

// Builders and drivers for the sending tests: a launched send-out written straight into the tables
// (as /start_sendout leaves it, without its routes), and a loop that plays the worker: sending
// passes, the dispatcher's jobs and the clock moving on to the next moment something is due.

// What these helpers use of the test app (test-support/harness.ts TestApp); named here because
// test-support is not part of the server's build and this file is.
export interface SendingTestApp {
  runtime: Runtime;
  clock: ManualClock;
}

export interface LaunchInput {
  accId: number;
  count: number;
  batchLen: number;
  betweenTime: number;
  start: Date;
  timeZone: string;
  now: Date;
  // Digits every recipient's phone starts with (see phoneOf).
  phonePrefix: string;
  status?: 'planned' | 'started';
  text?: string;
  media?: unknown;
  // Positions the consent choice left out.
  excluded?: readonly number[];
  instanceId?: string | null;
}

export interface LaunchedSendout {
  id: string;
  plan: SendoutPlan;
  phones: string[];
}

// The trailing 7 keeps every phone on WhatsApp in the sandbox (numbers ending 0000 or 0001 are not).
export const phoneOf = (prefix: string, position: number) => `${prefix}${String(position).padStart(4, '0')}7`;

export async function insertLaunchedSendout(db: Db, p: LaunchInput): Promise<LaunchedSendout> {
  const id = `so_test_${randomBytes(5).toString('hex')}`;
  const excluded = new Set(p.excluded ?? []);
  const included = [...Array(p.count).keys()].filter((i) => !excluded.has(i));
  const plan = planPositions(included, {
    batchLen: p.batchLen,
    betweenTime: p.betweenTime,
    start: p.start,
    timeZone: p.timeZone,
  });
  const plannedAt = new Map([...planMessages(plan)].map((m) => [m.position, m.at]));
  const status = p.status ?? 'started';
  const phones = [...Array(p.count).keys()].map((i) => phoneOf(p.phonePrefix, i));
  const rows = phones.map((phone, position) => ({
    sendoutId: id,
    position,
    accId: p.accId,
    phone,
    name: `Клиент${position}`,
    vars: { information: `Код ${position}` },
    included: !excluded.has(position),
    plannedAt: plannedAt.get(position) ?? null,
  }));
  // One transaction: the runtime's sending passes (its sweep, or a kick an earlier test's resume
  // left) run on their own timers, and a started send-out one saw without its recipients would be
  // finished at once (nothing left to send).
  await db.transaction(async (tx) => {
    await tx.insert(sendouts).values({
      id,
      accId: p.accId,
      status,
      source: 'xlsx',
      text: p.text ?? '{name}, скидка 10% до конца месяца. {information}',
      media: p.media ?? null,
      keys: ['name', 'phone', 'information'],
      parsedCount: p.count,
      count: included.length,
      batchLen: p.batchLen,
      betweenTime: p.betweenTime,
      instanceId: p.instanceId ?? null,
      consentCounts: { consent_count: 0, neutral_count: p.count, declined_count: 0, active_count: 0 },
      timeStart: p.start,
      planDays: storedPlanDays(plan.days),
      startedAt: status === 'started' ? p.now : null,
      createdAt: p.now,
      updatedAt: p.now,
    });
    for (let i = 0; i < rows.length; i += 1000) await tx.insert(sendoutRecipients).values(rows.slice(i, i + 1000));
  });
  return { id, plan, phones };
}

// The WhatsApp number of a branch connected on the sandbox, as the connection page leaves it.
export async function linkWhatsapp(app: SendingTestApp, accId: number, phone: string): Promise<string> {
  const { repo, sandbox, host } = app.runtime.channels;
  const instance = await repo.ensureInstance(accId, 'whatsapp', 'sandbox', app.clock.now());
  await sandbox.link(instance.id, 'whatsapp', phone);
  await host!.ensure(instance.id);
  const end = Date.now() + 20_000;
  while ((await repo.instance(instance.id))?.status !== 'authenticated') {
    if (Date.now() > end) throw new Error(`${instance.id} did not authenticate`);
    await new Promise((r) => setTimeout(r, 25));
  }
  return instance.id;
}

// What the dispatch jobs would do now: every send-out row due by now, in due order.
export async function dispatchDue(app: SendingTestApp): Promise<number> {
  const db = app.runtime.database.db;
  let done = 0;
  for (;;) {
    const due = await db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.source, 'sendout'), eq(outbox.status, 'pending'), lte(outbox.notBefore, app.clock.now())))
      .orderBy(asc(outbox.notBefore), asc(outbox.id));
    if (due.length === 0) return done;
    for (const row of due) await app.runtime.channels.dispatcher.dispatch(row.id);
    done += due.length;
  }
}

// The next moment the worker has something to do for these send-outs: a queued row coming due, or a
// recipient coming within the sending pass's look-ahead.
async function nextMoment(db: Db, ids: readonly string[]): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<number | null>`(extract(epoch from min(${outbox.notBefore})) * 1000)::float8` })
    .from(outbox)
    .where(and(inArray(outbox.sourceId, [...ids]), eq(outbox.status, 'pending')));
  const [recipient] = await db
    .select({ at: sql<number | null>`(extract(epoch from min(${sendoutRecipients.plannedAt})) * 1000)::float8` })
    .from(sendoutRecipients)
    .innerJoin(sendouts, eq(sendouts.id, sendoutRecipients.sendoutId))
    .where(
      and(
        inArray(sendoutRecipients.sendoutId, [...ids]),
        inArray(sendouts.status, ['planned', 'started']),
        eq(sendoutRecipients.included, true),
        isNull(sendoutRecipients.outboxId),
      ),
    );
  const candidates = [
    row?.at == null ? null : Number(row.at),
    recipient?.at == null ? null : Number(recipient.at) - SENDOUT_LOOKAHEAD_MS,
  ].filter((t): t is number => t !== null);
  return candidates.length ? new Date(Math.min(...candidates)) : null;
}

export async function statusOf(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db.select({ status: sendouts.status }).from(sendouts).where(eq(sendouts.id, id));
  return row?.status;
}

// Plays the worker until `stop` says so (default: every send-out finished), or nothing is left to do.
const SETTLE_LOOKS = 25;
const SETTLE_GAP_MS = 20;

export async function drive(
  app: SendingTestApp,
  sender: SendoutSender,
  ids: readonly string[],
  // minStepMs: the clock moves at least this far per step (fewer steps; messages then leave up to that late).
  options: { stop?: () => Promise<boolean>; maxSteps?: number; minStepMs?: number } = {},
): Promise<number> {
  const db = app.runtime.database.db;
  const stop =
    options.stop ?? (async () => (await Promise.all(ids.map((id) => statusOf(db, id)))).every((s) => s === 'finished'));
  for (let step = 0; step < (options.maxSteps ?? 5_000); step++) {
    await sender.pass(app.clock.now());
    await dispatchDue(app);
    if (await stop()) return step;
    let next = await nextMoment(db, ids);
    // Nothing left to go out, as far as the tables show: the runtime may still be at work by itself
    // (the sending pass a resume kicks, a dispatch it started), so look again a few times, real
    // milliseconds apart, before taking the send-outs as settled.
    for (let look = 0; !next && look < SETTLE_LOOKS; look++) {
      await new Promise((resolve) => setTimeout(resolve, SETTLE_GAP_MS));
      await sender.pass(app.clock.now());
      await dispatchDue(app);
      if (await stop()) return step;
      next = await nextMoment(db, ids);
    }
    if (!next) return step;
    app.clock.set(new Date(Math.max(next.getTime(), app.clock.now().getTime() + (options.minStepMs ?? 1))));
  }
  throw new Error('the send-outs did not settle');
}

export interface SentRow {
  id: number;
  key: string;
  position: number;
  status: string;
  statusReason: string | null;
  recipient: string;
  body: string;
  sentAt: Date | null;
  notBefore: Date;
  media: unknown;
}

// The send-out's outbox rows (found by source_id, not through its recipients' bookkeeping).
export async function outboxOf(db: Db, id: string): Promise<SentRow[]> {
  const rows = await db
    .select({
      id: outbox.id,
      key: outbox.idempotencyKey,
      status: outbox.status,
      statusReason: outbox.statusReason,
      recipient: outbox.recipient,
      body: outbox.body,
      sentAt: outbox.sentAt,
      notBefore: outbox.notBefore,
      media: outbox.media,
    })
    .from(outbox)
    .where(and(eq(outbox.source, 'sendout'), eq(outbox.sourceId, id)))
    .orderBy(asc(outbox.id));
  return rows.map((r) => ({ ...r, position: Number(r.key.split(':').at(-1)) }));
}

// Messages the sandbox network delivered to each phone starting with `prefix`.
export async function deliveredByPhone(db: Db, prefix: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ phone: sandboxMessages.phone, n: sql<number>`count(*)::int` })
    .from(sandboxMessages)
    .where(and(eq(sandboxMessages.direction, 'to_client'), sql`${sandboxMessages.phone} like ${`${prefix}%`}`))
    .groupBy(sandboxMessages.phone);
  return new Map(rows.map((r) => [r.phone, Number(r.n)]));
}
