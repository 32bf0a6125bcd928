import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { minutesOfDay, type SendingWindow } from '@salon/contract/mailing-plan-rules';
import { channelInstances, outbox } from '../../../channels/schema.js';
import { queryRows } from '../../../platform/db/client.js';
import type { Executor } from '../../../platform/db/executor.js';
import { storedPlanDays } from '../calendar/plan-days.js';
import type { BusyDay } from '../plan/calendar.js';
import { sendoutRecipients, sendouts } from '../schema.js';

// SQL of sending a launched send-out, pausing and resuming it. Called with a transaction wherever
// the send-out row is locked: what is read and written under the lock commits together.

export interface LockedSendout {
  id: string;
  accId: number;
  status: string;
  text: string;
  keys: string[];
  parsedCount: number;
  batchLen: number;
  betweenTime: number;
  instanceId: string | null;
  timeStart: Date | null;
  startedAt: Date | null;
  lastSentAt: Date | null;
}

export interface DueRecipient {
  position: number;
  phone: string;
  name: string;
  vars: Record<string, unknown>;
  plannedAt: Date | null;
}

// The messages of a send-out that left (or are leaving, or were refused) on one sending day.
export interface SentDay {
  day: string;
  first: Date;
  last: Date;
  count: number;
}

export interface BranchTiming {
  timeZone: string;
  window: SendingWindow | null;
}

const IN_FLIGHT = ['pending', 'sending'];

const lockedColumns = {
  id: sendouts.id,
  accId: sendouts.accId,
  status: sendouts.status,
  text: sendouts.text,
  keys: sendouts.keys,
  parsedCount: sendouts.parsedCount,
  batchLen: sendouts.batchLen,
  betweenTime: sendouts.betweenTime,
  instanceId: sendouts.instanceId,
  timeStart: sendouts.timeStart,
  startedAt: sendouts.startedAt,
  lastSentAt: sendouts.lastSentAt,
};

export class SendingRepository {
  // The database, or the transaction of the send-out's outbox work (platform/db/executor.ts).
  constructor(private readonly db: Executor) {}

  // Scheduled send-outs whose start has come begin sending.
  async startDue(now: Date): Promise<string[]> {
    const rows = await this.db
      .update(sendouts)
      .set({
        status: 'started',
        startedAt: sql`coalesce(${sendouts.startedAt}, ${now.toISOString()}::timestamptz)`,
        updatedAt: now,
      })
      .where(and(eq(sendouts.status, 'planned'), or(isNull(sendouts.timeStart), lte(sendouts.timeStart, now))))
      .returning({ id: sendouts.id });
    return rows.map((r) => r.id);
  }

  async started(): Promise<
    { id: string; accId: number; media: unknown; loyaltyActionId: string | null; text: string }[]
  > {
    return this.db
      .select({
        id: sendouts.id,
        accId: sendouts.accId,
        media: sendouts.media,
        loyaltyActionId: sendouts.loyaltyActionId,
        text: sendouts.text,
      })
      .from(sendouts)
      .where(eq(sendouts.status, 'started'))
      .orderBy(asc(sendouts.startedAt), asc(sendouts.id));
  }

  // Whether any channel of the branch can send now (the dispatcher fails a message with none).
  async hasConnectedChannel(accId: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: channelInstances.id })
      .from(channelInstances)
      .where(and(eq(channelInstances.accId, accId), eq(channelInstances.status, 'authenticated')))
      .limit(1);
    return rows.length > 0;
  }

  // The sending pass's claim: another worker filling this send-out right now holds it, so it is skipped.
  async lockStarted(id: string): Promise<LockedSendout | undefined> {
    const rows = await this.db
      .select(lockedColumns)
      .from(sendouts)
      .where(and(eq(sendouts.id, id), eq(sendouts.status, 'started')))
      .for('update', { skipLocked: true });
    return rows[0];
  }

  // A pause or a resume waits for a pass filling the send-out, so it sees every row the pass queued.
  async lockOfBranch(id: string, accId: number): Promise<LockedSendout | undefined> {
    const rows = await this.db
      .select(lockedColumns)
      .from(sendouts)
      .where(and(eq(sendouts.id, id), eq(sendouts.accId, accId)))
      .for('update');
    return rows[0];
  }

  // Included recipients not yet queued whose time is before `until`, in planned order.
  async due(id: string, until: Date, limit: number): Promise<DueRecipient[]> {
    const rows = await this.db
      .select({
        position: sendoutRecipients.position,
        phone: sendoutRecipients.phone,
        name: sendoutRecipients.name,
        vars: sendoutRecipients.vars,
        plannedAt: sendoutRecipients.plannedAt,
      })
      .from(sendoutRecipients)
      .where(
        and(
          eq(sendoutRecipients.sendoutId, id),
          eq(sendoutRecipients.included, true),
          isNull(sendoutRecipients.outboxId),
          or(isNull(sendoutRecipients.plannedAt), lte(sendoutRecipients.plannedAt, until)),
        ),
      )
      .orderBy(sql`${sendoutRecipients.plannedAt} asc nulls first`, asc(sendoutRecipients.position))
      .limit(limit);
    return rows.map((r) => ({ ...r, vars: (r.vars ?? {}) as Record<string, unknown> }));
  }

  async outboxStatuses(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: outbox.id, status: outbox.status })
      .from(outbox)
      .where(inArray(outbox.id, [...ids]));
    return new Map(rows.map((r) => [r.id, r.status]));
  }

  async recordQueued(id: string, positions: readonly number[], outboxIds: readonly number[]): Promise<void> {
    if (positions.length === 0) return;
    await this.db.execute(sql`
      update ${sendoutRecipients} r set outbox_id = u.outbox_id
      from unnest(${sql.param([...positions])}::int[], ${sql.param([...outboxIds])}::bigint[]) as u(position, outbox_id)
      where r.sendout_id = ${id} and r.position = u.position`);
  }

  // Finished: every included recipient has an outbox row and none of them is still to go out. The
  // cheap check (the partial index of unqueued recipients) runs first; most passes stop there.
  async finishIfDone(id: string, now: Date): Promise<boolean> {
    const unqueued = await this.db
      .select({ position: sendoutRecipients.position })
      .from(sendoutRecipients)
      .where(
        and(
          eq(sendoutRecipients.sendoutId, id),
          eq(sendoutRecipients.included, true),
          isNull(sendoutRecipients.outboxId),
        ),
      )
      .limit(1);
    if (unqueued.length > 0) return false;
    const inFlight = await this.db
      .select({ id: outbox.id })
      .from(sendoutRecipients)
      .innerJoin(outbox, eq(outbox.id, sendoutRecipients.outboxId))
      .where(and(eq(sendoutRecipients.sendoutId, id), inArray(outbox.status, IN_FLIGHT)))
      .limit(1);
    if (inFlight.length > 0) return false;
    const rows = await this.db
      .update(sendouts)
      .set({ status: 'finished', finishedAt: now, updatedAt: now })
      .where(and(eq(sendouts.id, id), eq(sendouts.status, 'started')))
      .returning({ id: sendouts.id });
    return rows.length > 0;
  }

  // Paused send-outs that have a row waiting to go out: one a worker was sending at the pause and then
  // put back (quiet hours, pacing), which must wait for the resume like the rest.
  async pausedWithPending(): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ id: sendouts.id })
      .from(outbox)
      .innerJoin(sendouts, eq(sendouts.id, outbox.sourceId))
      .where(and(eq(outbox.status, 'pending'), eq(outbox.source, 'sendout'), eq(sendouts.status, 'paused')));
    return rows.map((r) => r.id);
  }

  // A paused send-out, unless a resume (or another pass) holds it.
  async lockPaused(id: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: sendouts.id })
      .from(sendouts)
      .where(and(eq(sendouts.id, id), eq(sendouts.status, 'paused')))
      .for('update', { skipLocked: true });
    return rows.length > 0;
  }

  // Rows of the send-out that have not started sending.
  async pendingOutbox(id: string): Promise<number[]> {
    const rows = await this.db
      .select({ id: outbox.id })
      .from(sendoutRecipients)
      .innerJoin(outbox, eq(outbox.id, sendoutRecipients.outboxId))
      .where(and(eq(sendoutRecipients.sendoutId, id), eq(outbox.status, 'pending')));
    return rows.map((r) => r.id);
  }

  // The send-out's messages that are done (sent, sending, refused: every row not cancelled) per
  // sending day, and the last one sent. A row's moment is when it was sent, else its last change
  // (a refusal, a claim). The sending day is the local date the window opened on: shifting by the
  // window's opening puts a message after midnight of a window over midnight on the evening before.
  async sentDays(id: string, timing: BranchTiming, now: Date): Promise<{ days: SentDay[]; lastSentAt: Date | null }> {
    const shift = timing.window ? minutesOfDay(timing.window.from) : 0;
    const at = sql`coalesce(o.sent_at, o.updated_at)`;
    const rows = await queryRows<{ day: string; first: number; last: number; count: number; last_sent: number | null }>(
      this.db,
      sql`select to_char((${at} at time zone ${timing.timeZone}) - make_interval(mins => ${shift}::int), 'YYYY-MM-DD') as day,
          (extract(epoch from min(${at})) * 1000)::float8 as first,
          (extract(epoch from max(${at})) * 1000)::float8 as last,
          count(*)::int as count,
          (extract(epoch from max(case when o.sent_at is not null then o.sent_at
            when o.status = 'sending' then ${now.toISOString()}::timestamptz end)) * 1000)::float8 as last_sent
        from ${sendoutRecipients} r join ${outbox} o on o.id = r.outbox_id
        where r.sendout_id = ${id} and o.status <> 'cancelled'
        group by 1 order by 2`,
    );
    const lastSent = rows.reduce<number | null>(
      (max, r) => (r.last_sent != null && (max == null || r.last_sent > max) ? r.last_sent : max),
      null,
    );
    return {
      days: rows.map((r) => ({ day: r.day, first: new Date(r.first), last: new Date(r.last), count: r.count })),
      lastSentAt: lastSent == null ? null : new Date(lastSent),
    };
  }

  // Included recipients still owed a message: no outbox row, or one a pause cancelled.
  async owedPositions(id: string): Promise<number[]> {
    const rows = await this.db
      .select({ position: sendoutRecipients.position })
      .from(sendoutRecipients)
      .leftJoin(outbox, eq(outbox.id, sendoutRecipients.outboxId))
      .where(
        and(
          eq(sendoutRecipients.sendoutId, id),
          eq(sendoutRecipients.included, true),
          or(isNull(outbox.id), eq(outbox.status, 'cancelled')),
        ),
      )
      .orderBy(asc(sendoutRecipients.position));
    return rows.map((r) => r.position);
  }

  async markPaused(id: string, p: { lastSentAt: Date | null; planDays: readonly BusyDay[]; now: Date }): Promise<void> {
    await this.db
      .update(sendouts)
      .set({
        status: 'paused',
        stopped: true,
        lastSentAt: p.lastSentAt,
        planDays: storedPlanDays(p.planDays),
        updatedAt: p.now,
      })
      .where(eq(sendouts.id, id));
  }

  // The owed recipients get their new times and lose the cancelled row they pointed at, so the next
  // pass queues them again (under the same key: the cancelled row is revived, never doubled).
  async markResumed(
    id: string,
    p: {
      positions: readonly number[];
      plannedAt: readonly Date[];
      planDays: readonly BusyDay[];
      status: 'planned' | 'started';
      lastSentAt: Date | null;
      now: Date;
    },
  ): Promise<void> {
    if (p.positions.length > 0) {
      await this.db.execute(sql`
        update ${sendoutRecipients} r set planned_at = u.at, outbox_id = null
        from unnest(${sql.param([...p.positions])}::int[], ${sql.param(p.plannedAt.map((d) => d.toISOString()))}::timestamptz[])
          as u(position, at)
        where r.sendout_id = ${id} and r.position = u.position`);
    }
    await this.db
      .update(sendouts)
      .set({
        status: p.status,
        ...(p.status === 'started'
          ? { startedAt: sql`coalesce(${sendouts.startedAt}, ${p.now.toISOString()}::timestamptz)` }
          : {}),
        lastSentAt: p.lastSentAt,
        planDays: storedPlanDays(p.planDays),
        updatedAt: p.now,
      })
      .where(eq(sendouts.id, id));
  }
}
