import { MAILING_TIME_STEP_MINUTES, PLAN_STATUS } from '@salon/contract/mailing-plan-rules';
import { SENDOUT_STATUS_TEXT, type SendoutStatus } from '@salon/contract/mailing-sendouts';
import type { Clock } from '../../../platform/clock.js';
import { AppError } from '../../../platform/http/errors.js';
import { type BusyDay, earliestAllowedStart, findCrossing, type PlannedSendout } from '../plan/calendar.js';
import { planMessages, type SendoutPlan, slotMs } from '../plan/daily-plan.js';
import { resumePlan, type ResumeParams } from '../plan/resume.js';
import type { CalendarContexts } from '../calendar/context.js';
import { type BranchTiming, type SentDay, SendingRepository } from './sending-repository.js';
import type { TransactionalOutbox } from './sending.js';

// SPEC 4 "on pause": /stop_sendout pauses a launched send-out, /resume_sendout (ours) sends the rest.
// A pause cancels what has not started sending and frees the calendar after what was sent; a resume
// plans only the recipients still owed, so nobody gets the message twice and nobody is skipped.

const STEP_MS = MAILING_TIME_STEP_MINUTES * 60_000;
// Ours: a resumed plan that still crosses after this many later starts is refused.
const MAX_RESUME_TRIES = 20;

const notFound = () => new AppError(404, SENDOUT_STATUS_TEXT.notFound);
const conflict = (status: string) => new AppError(409, status);

export interface SendoutPauseOptions {
  outbox: TransactionalOutbox;
  // The branch's calendar context (zone, sending window, the other send-outs), read in the transaction.
  contexts: Pick<CalendarContexts, 'forBranch'>;
  clock: Clock;
  // Runs the sending pass soon (the resumed send-out's first messages may be due now).
  kick: () => void;
}

export interface PauseAnswer {
  ok: boolean;
  status: SendoutStatus;
}

// What was sent on each sending day, as calendar days: the day's first message to the end of its
// last one's slot.
export function sentBusyDays(days: readonly SentDay[], betweenTime: number): BusyDay[] {
  return days.map((d) => ({
    day: d.day,
    from: d.first,
    to: new Date(d.last.getTime() + slotMs(betweenTime)),
    count: d.count,
  }));
}

// The resumed send-out's calendar days: what was sent, then the new plan. A day on which both the
// sent part and the plan fall is one entry when the span between them crosses no other send-out
// (the calendar shows a send-out once a day), else two.
export function joinDays(
  sent: readonly BusyDay[],
  planned: readonly BusyDay[],
  others: readonly PlannedSendout[],
  instanceId: string | null,
): BusyDay[] {
  const last = sent.at(-1);
  const first = planned[0];
  if (!last || !first || last.day !== first.day) return [...sent, ...planned];
  const joined: BusyDay = { day: first.day, from: last.from, to: first.to, count: last.count + first.count };
  if (findCrossing([joined], others, instanceId)) return [...sent, ...planned];
  return [...sent.slice(0, -1), joined, ...planned.slice(1)];
}

export interface ResumeInput extends Omit<ResumeParams, 'resumeAt'> {
  now: Date;
  // No message before this (the resume instant, or a scheduled start still ahead).
  after: Date;
  instanceId: string | null;
  others: readonly PlannedSendout[];
}

// The remaining positions planned from the first start the calendar allows: now when the plan
// crosses no other send-out on the same number, else the earliest start the calendar finds
// (plan/calendar.ts, the same search as a new send-out's allowed start). null: none within the horizon.
export function planResume(p: ResumeInput): SendoutPlan | null {
  const owed = p.count - new Set(p.done).size;
  let at = p.after;
  for (let tries = 0; tries < MAX_RESUME_TRIES; tries++) {
    const plan = resumePlan({ ...p, resumeAt: at });
    const crossing = findCrossing(plan.days, p.others, p.instanceId);
    if (!crossing) return plan;
    const next = earliestAllowedStart(
      { count: owed, batchLen: p.batchLen, betweenTime: p.betweenTime, instanceId: p.instanceId },
      { now: p.now, timeZone: p.timeZone, window: p.window ?? null, existing: p.others },
      at,
      0,
    );
    if (!next) return null;
    // The search plans a fresh send-out; the resumed one counts what its days already sent, so its
    // plan may still cross where the search's did not: then it moves on past that start.
    at = new Date(Math.max(next.getTime(), at.getTime() + STEP_MS));
  }
  return null;
}

export class SendoutPause {
  constructor(private readonly o: SendoutPauseOptions) {}

  // DELETE /stop_sendout: a started or planned send-out of this branch becomes paused.
  async stop(accId: number, sendoutId: string): Promise<PauseAnswer> {
    const now = this.o.clock.now();
    return this.o.outbox.transaction(async (tx, outbox) => {
      const repo = new SendingRepository(tx);
      const sendout = await repo.lockOfBranch(sendoutId, accId);
      if (!sendout) throw notFound();
      if (sendout.status === 'finished') throw conflict(SENDOUT_STATUS_TEXT.finished);
      if (sendout.status !== 'started' && sendout.status !== 'planned') throw conflict(SENDOUT_STATUS_TEXT.notPaused);
      // Rows already sending or sent stay: they count as done.
      await outbox.cancel(await repo.pendingOutbox(sendoutId), 'sendout_paused');
      const { plan: calendar } = await this.o.contexts.forBranch(accId, now, { exclude: sendoutId, db: tx });
      const timing: BranchTiming = { timeZone: calendar.timeZone, window: calendar.window ?? null };
      const sent = await repo.sentDays(sendoutId, timing, now);
      await repo.markPaused(sendoutId, {
        lastSentAt: sent.lastSentAt ?? sendout.lastSentAt,
        planDays: sentBusyDays(sent.days, sendout.betweenTime),
        now,
      });
      return { ok: true, status: 'paused' as const };
    });
  }

  // POST /resume_sendout: a paused send-out sends to the recipients it still owes.
  async resume(accId: number, sendoutId: string): Promise<PauseAnswer> {
    const now = this.o.clock.now();
    const status = await this.o.outbox.transaction(async (tx) => {
      const repo = new SendingRepository(tx);
      const sendout = await repo.lockOfBranch(sendoutId, accId);
      if (!sendout) throw notFound();
      if (sendout.status === 'finished') throw conflict(SENDOUT_STATUS_TEXT.finished);
      if (sendout.status === 'started' || sendout.status === 'planned') {
        throw conflict(SENDOUT_STATUS_TEXT.alreadyStarted);
      }
      if (sendout.status !== 'paused') throw conflict(SENDOUT_STATUS_TEXT.notPaused);

      const { plan: calendar } = await this.o.contexts.forBranch(accId, now, { exclude: sendoutId, db: tx });
      const timing: BranchTiming = { timeZone: calendar.timeZone, window: calendar.window ?? null };
      const others = calendar.existing;
      const owed = await repo.owedPositions(sendoutId);
      const sent = await repo.sentDays(sendoutId, timing, now);
      const lastSentAt = latest(sent.lastSentAt, sendout.lastSentAt);
      const sentDays = sentBusyDays(sent.days, sendout.betweenTime);
      // Paused before its scheduled start: it still starts no earlier than it was asked to.
      const notYetStarted = !sendout.startedAt && !!sendout.timeStart && sendout.timeStart > now;
      const after = notYetStarted ? sendout.timeStart! : now;

      let plan: SendoutPlan | null = null;
      if (owed.length > 0) {
        const count = Math.max(sendout.parsedCount, owed.at(-1)! + 1);
        const owedSet = new Set(owed);
        const done: number[] = [];
        for (let i = 0; i < count; i++) if (!owedSet.has(i)) done.push(i);
        plan = planResume({
          count,
          done,
          batchLen: sendout.batchLen,
          betweenTime: sendout.betweenTime,
          timeZone: timing.timeZone,
          window: timing.window,
          lastSentAt,
          usedByDay: Object.fromEntries(sent.days.map((d) => [d.day, d.count])),
          now,
          after,
          instanceId: sendout.instanceId,
          others,
        });
        if (!plan) throw conflict(PLAN_STATUS.crosses);
      }
      const messages = plan ? [...planMessages(plan)] : [];
      const next = notYetStarted ? 'planned' : 'started';
      await repo.markResumed(sendoutId, {
        positions: messages.map((m) => m.position),
        plannedAt: messages.map((m) => m.at),
        planDays: joinDays(sentDays, plan?.days ?? [], others, sendout.instanceId),
        status: next,
        lastSentAt,
        now,
      });
      return next;
    });
    this.o.kick();
    return { ok: true, status };
  }
}

function latest(a: Date | null, b: Date | null): Date | null {
  if (!a) return b;
  if (!b) return a;
  return a > b ? a : b;
}
