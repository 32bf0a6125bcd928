import { and, desc, eq, gte, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db/executor.js';
import { branches } from '../../../platform/db/schema.js';
import { outbox } from '../../../channels/schema.js';
import { reviewRuns, reviewRunSends } from '../schema.js';

export type RunRow = typeof reviewRuns.$inferSelect;
export type NewRun = typeof reviewRuns.$inferInsert;

// Outbox states of a step: went out, still to go, or never will.
export const SENT_STATES = ['sent', 'delivered', 'read'] as const;
export const WAITING_STATES = ['pending', 'sending'] as const;
// Runs that may still send or take a rating.
export const OPEN_RUN_STATES = ['planned', 'asked'] as const;

export interface StepSend {
  outboxId: number;
  step: number;
  status: string;
  sentAt: Date | null;
  notBefore: Date;
}

export interface RunBranch {
  accId: number;
  name: string;
  timeZone: string;
  currency: string;
  sendOutAccount: boolean;
}

// The runner's SQL: runs, which outbox row carried which step, and the statuses of those rows.
export class ReviewRunRepository {
  constructor(private readonly db: Executor) {}

  with(tx: Executor): ReviewRunRepository {
    return new ReviewRunRepository(tx);
  }

  async branch(accId: number): Promise<RunBranch | null> {
    const [row] = await this.db
      .select({
        accId: branches.accId,
        name: branches.name,
        timeZone: branches.timeZone,
        currency: branches.currency,
        sendOutAccount: branches.sendOutAccount,
      })
      .from(branches)
      .where(eq(branches.accId, accId));
    return row ?? null;
  }

  async runsForRecord(accId: number, recordId: string): Promise<RunRow[]> {
    return this.db
      .select()
      .from(reviewRuns)
      .where(and(eq(reviewRuns.accId, accId), eq(reviewRuns.recordId, recordId)));
  }

  async run(id: number): Promise<RunRow | null> {
    const [row] = await this.db.select().from(reviewRuns).where(eq(reviewRuns.id, id));
    return row ?? null;
  }

  // The run, locked for this transaction, if it is still open; null when it has moved on, or (`wait`
  // false: the sweep) when another worker holds it.
  async lockOpen(id: number, wait: boolean): Promise<RunRow | null> {
    const query = this.db
      .select()
      .from(reviewRuns)
      .where(and(eq(reviewRuns.id, id), inArray(reviewRuns.state, [...OPEN_RUN_STATES])));
    const [row] = await (wait ? query.for('update') : query.for('update', { skipLocked: true }));
    return row ?? null;
  }

  // One run per chain and record: a repeat (a replayed event) returns null and writes nothing.
  async insertRun(row: NewRun): Promise<number | null> {
    const [inserted] = await this.db
      .insert(reviewRuns)
      .values(row)
      .onConflictDoNothing({ target: [reviewRuns.chainId, reviewRuns.recordId] })
      .returning({ id: reviewRuns.id });
    return inserted?.id ?? null;
  }

  async updateRun(id: number, patch: Partial<NewRun>): Promise<void> {
    await this.db.update(reviewRuns).set(patch).where(eq(reviewRuns.id, id));
  }

  async saveSend(outboxId: number, runId: number, step: number, at: Date): Promise<void> {
    await this.db
      .insert(reviewRunSends)
      .values({ outboxId, runId, step, createdAt: at })
      .onConflictDoNothing({ target: reviewRunSends.outboxId });
  }

  async sendsOf(runId: number): Promise<StepSend[]> {
    return this.db
      .select({
        outboxId: reviewRunSends.outboxId,
        step: reviewRunSends.step,
        status: outbox.status,
        sentAt: outbox.sentAt,
        notBefore: outbox.notBefore,
      })
      .from(reviewRunSends)
      .innerJoin(outbox, eq(outbox.id, reviewRunSends.outboxId))
      .where(eq(reviewRunSends.runId, runId))
      .orderBy(reviewRunSends.step, reviewRunSends.outboxId);
  }

  // check_already_review: whether the client was asked (or is about to be) by any chain of the
  // branch since `since`, apart from this visit.
  async askedSince(accId: number, phone: string, since: Date, exceptRecordId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: reviewRuns.id })
      .from(reviewRuns)
      .where(
        and(
          eq(reviewRuns.accId, accId),
          eq(reviewRuns.clientPhone, phone),
          sql`${reviewRuns.recordId} <> ${exceptRecordId}`,
          or(gte(reviewRuns.askedAt, since), eq(reviewRuns.state, 'planned')),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  // Runs whose next moment has come (a step to check or send), oldest first.
  async dueRuns(now: Date, limit: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: reviewRuns.id })
      .from(reviewRuns)
      .where(
        and(isNotNull(reviewRuns.nextAt), lte(reviewRuns.nextAt, now), inArray(reviewRuns.state, [...OPEN_RUN_STATES])),
      )
      .orderBy(reviewRuns.nextAt)
      .limit(limit);
    return rows.map((r) => r.id);
  }

  // The open run a client's answer belongs to: the newest one with a step that went out since `since`.
  async openRunOf(accId: number, phone: string, since: Date): Promise<{ run: RunRow; sentAt: Date } | null> {
    const [row] = await this.db
      .select({ run: reviewRuns, sentAt: outbox.sentAt })
      .from(reviewRuns)
      .innerJoin(reviewRunSends, eq(reviewRunSends.runId, reviewRuns.id))
      .innerJoin(outbox, eq(outbox.id, reviewRunSends.outboxId))
      .where(
        and(
          eq(reviewRuns.accId, accId),
          eq(reviewRuns.clientPhone, phone),
          inArray(reviewRuns.state, [...OPEN_RUN_STATES]),
          inArray(outbox.status, [...SENT_STATES]),
          gte(outbox.sentAt, since),
        ),
      )
      .orderBy(desc(outbox.sentAt))
      .limit(1);
    return row?.sentAt ? { run: row.run, sentAt: row.sentAt } : null;
  }

  // The first time a step of the run went out (what asked_at records).
  async firstSentAt(runId: number): Promise<Date | null> {
    const [row] = await this.db
      .select({ at: sql<string | null>`min(${outbox.sentAt})` })
      .from(reviewRunSends)
      .innerJoin(outbox, eq(outbox.id, reviewRunSends.outboxId))
      .where(and(eq(reviewRunSends.runId, runId), inArray(outbox.status, [...SENT_STATES])));
    return row?.at ? new Date(row.at) : null;
  }

  async pendingSendsOf(runIds: readonly number[]): Promise<number[]> {
    if (runIds.length === 0) return [];
    const rows = await this.db
      .select({ id: reviewRunSends.outboxId })
      .from(reviewRunSends)
      .innerJoin(outbox, eq(outbox.id, reviewRunSends.outboxId))
      .where(and(inArray(reviewRunSends.runId, [...runIds]), eq(outbox.status, 'pending')));
    return rows.map((r) => r.id);
  }

  // The open runs of a chain, locked: switching the chain off ends them.
  async lockOpenOfChain(accId: number, chainId: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: reviewRuns.id })
      .from(reviewRuns)
      .where(
        and(
          eq(reviewRuns.accId, accId),
          eq(reviewRuns.chainId, chainId),
          inArray(reviewRuns.state, [...OPEN_RUN_STATES]),
        ),
      )
      .for('update');
    return rows.map((r) => r.id);
  }

  async endRuns(ids: readonly number[], state: 'cancelled' | 'silent', reason: string | null): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(reviewRuns)
      .set({ state, reason, nextAt: null })
      .where(and(inArray(reviewRuns.id, [...ids]), inArray(reviewRuns.state, [...OPEN_RUN_STATES])));
  }
}
