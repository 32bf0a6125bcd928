import {
  DEFAULT_START_LEAD_MS,
  isBetweenTimeAllowed,
  isCalendarDay,
  MAILING_TIME_STEP_MINUTES,
  MAX_BETWEEN_TIME,
  PLAN_STATUS,
  quotaExceededStatus,
  roundUpToStep,
  type SendingWindow,
  START_HORIZON_MS,
} from '@salon/contract/mailing-plan-rules';
import type { AllowedToRunResponse } from '@salon/contract/mailing-plan';
import { type PlanDay, planSendout, type SendoutPlan, slotMs } from './daily-plan.js';
import {
  effectiveWindow,
  isInsideWindow,
  nextOpening,
  openingAtOrAfter,
  shiftDay,
  windowOn,
  type WindowOpening,
} from './window.js';

// The calendar's arithmetic (SPEC 5 "the start date must not cross an existing sendout", SPEC 7
// /calendar and /allowed_to_run): crossings, the account's daily quota, the days a new send-out may
// start on, and the earliest start allowed.

const STEP_MS = MAILING_TIME_STEP_MINUTES * 60_000;

// What the calendar needs of a send-out already planned (started, scheduled or paused).
export type BusyDay = Pick<PlanDay, 'day' | 'from' | 'to' | 'count'>;
export interface PlannedSendout {
  sendoutId: string;
  // The number (channel instance) it sends from; null when not known.
  instanceId?: string | null;
  days: readonly BusyDay[];
}

export interface Candidate {
  count: number;
  batchLen: number;
  betweenTime: number;
  instanceId?: string | null;
}

export interface PlanContext {
  now: Date;
  timeZone: string;
  window?: SendingWindow | null;
  // The branch's other send-outs (the candidate itself excluded).
  existing: readonly PlannedSendout[];
  // The daily quota of the branch's account (quote_for_day); null: no quota to check.
  quoteForDay?: number | null;
  maxBetweenTime?: number;
  horizonMs?: number;
  // What the sending number may still send today after what it sent already (reminders, test
  // messages, replies): a send-out starting today fits only that much into today.
  numberToday?: { day: string; room: number } | null;
}

// The plan's usedByDay for the number's room today: a send-out's own daily limit shrinks to what
// the number has left.
export function usedByNumber(ctx: Pick<PlanContext, 'numberToday'>, batchLen: number): Record<string, number> {
  const today = ctx.numberToday;
  if (!today) return {};
  return { [today.day]: Math.max(0, batchLen - today.room) };
}

export interface Crossing {
  sendoutId: string;
  day: string;
  // Which of the candidate's sending days crosses, and when the other send-out's interval ends.
  candidateDayIndex: number;
  until: Date;
}

// Ours: two send-outs of one branch may not send from the same number at the same time; with the
// number unknown on either side they are taken to share it.
function sameNumber(a: string | null | undefined, b: string | null | undefined): boolean {
  return a == null || b == null || a === b;
}

// Half-open intervals: one ending exactly when the other starts does not overlap it.
function overlaps(a: BusyDay, b: BusyDay): boolean {
  return a.from.getTime() < b.to.getTime() && b.from.getTime() < a.to.getTime();
}

// SPEC 5: the candidate crosses when any of its sending intervals overlaps another send-out's
// interval; the first crossing in the candidate's order.
export function findCrossing(
  candidateDays: readonly BusyDay[],
  existing: readonly PlannedSendout[],
  instanceId?: string | null,
): Crossing | null {
  for (const [i, mine] of candidateDays.entries()) {
    for (const other of existing) {
      if (!sameNumber(other.instanceId, instanceId)) continue;
      const hit = other.days.find((d) => overlaps(mine, d));
      if (hit) return { sendoutId: other.sendoutId, day: mine.day, candidateDayIndex: i, until: hit.to };
    }
  }
  return null;
}

// Messages already planned per sending day across the branch's send-outs, whatever number they use:
// the quota is the account's (quote_for_day).
export function plannedByDay(existing: readonly PlannedSendout[]): Map<string, number> {
  const byDay = new Map<string, number>();
  for (const s of existing) for (const d of s.days) byDay.set(d.day, (byDay.get(d.day) ?? 0) + d.count);
  return byDay;
}

interface QuotaProblem {
  // alone: the candidate's own day is over the quota (it cannot fit whatever else is planned).
  kind: 'alone' | 'combined';
  dayIndex: number;
  day: string;
}

// A day is over quota when the messages already planned that day plus the candidate's exceed it.
function quotaProblem(days: readonly BusyDay[], planned: Map<string, number>, quota: number): QuotaProblem | null {
  const alone = days.findIndex((d) => d.count > quota);
  if (alone >= 0) return { kind: 'alone', dayIndex: alone, day: days[alone]!.day };
  const combined = days.findIndex((d) => (planned.get(d.day) ?? 0) + d.count > quota);
  if (combined >= 0) return { kind: 'combined', dayIndex: combined, day: days[combined]!.day };
  return null;
}

type Verdict =
  | { kind: 'invalid' | 'betweenTime' | 'past' | 'tooFar' | 'outsideWindow' }
  | { kind: 'allowed'; plan: SendoutPlan }
  | { kind: 'crosses'; plan: SendoutPlan; crossing: Crossing }
  | { kind: 'quota'; plan: SendoutPlan; problem: QuotaProblem };

export interface RunRequest extends Candidate {
  start: Date;
  // SPEC 4: launch is immediate (delay off, the start is now) or scheduled (delay on, at start).
  delay: boolean;
}

// Refusals in this order (ours): unusable request, spacing, past, too far, outside the window, the
// candidate's own day over the quota, a crossing, the quota together with the other send-outs.
function judge(req: RunRequest, ctx: PlanContext): Verdict {
  const valid = Number.isInteger(req.count) && req.count >= 1 && Number.isInteger(req.batchLen) && req.batchLen >= 1;
  if (!valid) return { kind: 'invalid' };
  // SPEC 5: time between messages 0..max.
  if (!isBetweenTimeAllowed(req.betweenTime, ctx.maxBetweenTime ?? MAX_BETWEEN_TIME)) return { kind: 'betweenTime' };
  const now = ctx.now.getTime();
  const window = effectiveWindow(ctx.window);
  const start = req.delay ? req.start : ctx.now;
  // Ours: a scheduled start may not be earlier than now (no grace) nor beyond SPEC 9's 60 days.
  if (start.getTime() < now) return { kind: 'past' };
  if (start.getTime() > now + (ctx.horizonMs ?? START_HORIZON_MS)) return { kind: 'tooFar' };
  // Ours: a scheduled start must fall inside the sending window; an immediate one waits for it to open.
  if (req.delay && !isInsideWindow(start, window, ctx.timeZone)) return { kind: 'outsideWindow' };
  const plan = planSendout({
    ...req,
    start,
    timeZone: ctx.timeZone,
    window,
    usedByDay: usedByNumber(ctx, req.batchLen),
  });
  if (ctx.quoteForDay != null) {
    const problem = quotaProblem(plan.days, new Map(), ctx.quoteForDay);
    if (problem) return { kind: 'quota', plan, problem };
  }
  const crossing = findCrossing(plan.days, ctx.existing, req.instanceId);
  if (crossing) return { kind: 'crosses', plan, crossing };
  if (ctx.quoteForDay != null) {
    const problem = quotaProblem(plan.days, plannedByDay(ctx.existing), ctx.quoteForDay);
    if (problem) return { kind: 'quota', plan, problem };
  }
  return { kind: 'allowed', plan };
}

const REFUSALS = {
  invalid: PLAN_STATUS.invalid,
  betweenTime: PLAN_STATUS.betweenTimeOutOfRange,
  past: PLAN_STATUS.startInPast,
  tooFar: PLAN_STATUS.startTooFar,
  outsideWindow: PLAN_STATUS.outsideWindow,
} as const;

// SPEC 7 /allowed_to_run: {allowed, duration, ok, status}. ok is false only when the request itself
// is unusable; every refusal is ok with allowed false and its reason as the status. The plan comes
// along for the caller that goes on to start the send-out.
export function allowedToRun(
  req: RunRequest,
  ctx: PlanContext,
): { answer: AllowedToRunResponse; plan: SendoutPlan | null } {
  const v = judge(req, ctx);
  switch (v.kind) {
    case 'allowed':
      return {
        answer: { allowed: true, duration: v.plan.durationSeconds, ok: true, status: PLAN_STATUS.allowed },
        plan: v.plan,
      };
    case 'crosses':
      return {
        answer: { allowed: false, duration: v.plan.durationSeconds, ok: true, status: PLAN_STATUS.crosses },
        plan: v.plan,
      };
    case 'quota':
      return {
        answer: {
          allowed: false,
          duration: v.plan.durationSeconds,
          ok: true,
          status: v.problem.kind === 'alone' ? PLAN_STATUS.aboveQuota : quotaExceededStatus(v.problem.day),
        },
        plan: v.plan,
      };
    default:
      return {
        answer: { allowed: false, duration: 0, ok: v.kind !== 'invalid', status: REFUSALS[v.kind] },
        plan: null,
      };
  }
}

const MAX_SEARCH_STEPS = 10_000;

// The earliest scheduled start on a 5-minute step, at least `leadMs` after `after` (SPEC 9: about
// 1 hour ahead), that allowed_to_run accepts; null when none exists within the horizon. Used for the
// parse answer's allowed_start. The search only moves forward, each step to the first instant that
// could remove the refusal it met.
export function earliestAllowedStart(
  candidate: Candidate,
  ctx: PlanContext,
  after: Date = ctx.now,
  leadMs: number = DEFAULT_START_LEAD_MS,
): Date | null {
  const window = effectiveWindow(ctx.window);
  const latest = ctx.now.getTime() + (ctx.horizonMs ?? START_HORIZON_MS);
  const nextDay = (o: WindowOpening) => roundUpToStep(nextOpening(o, window, ctx.timeZone).open.getTime());
  let t = roundUpToStep(Math.max(after.getTime() + leadMs, ctx.now.getTime()));
  for (let step = 0; step < MAX_SEARCH_STEPS && t <= latest; step++) {
    const opening = openingAtOrAfter(new Date(t), window, ctx.timeZone);
    if (t < opening.open.getTime()) {
      // A window too short to hold a 5-minute step is skipped by the next round's lookup.
      t = roundUpToStep(opening.open.getTime());
      continue;
    }
    const v = judge({ ...candidate, start: new Date(t), delay: true }, ctx);
    switch (v.kind) {
      case 'allowed':
        return new Date(t);
      case 'invalid':
      case 'betweenTime':
      case 'tooFar':
        return null;
      case 'past':
      case 'outsideWindow':
        t = Math.max(t + STEP_MS, roundUpToStep(ctx.now.getTime()));
        break;
      case 'crosses':
        // A later start the same day only helps on the first day: later days start at the window's opening.
        t =
          v.crossing.candidateDayIndex === 0
            ? Math.max(t + STEP_MS, roundUpToStep(v.crossing.until.getTime()))
            : nextDay(opening);
        break;
      case 'quota': {
        const { problem } = v;
        // Over the quota on a later day whatever else is planned: no start can fix it.
        if (problem.kind === 'alone' && problem.dayIndex > 0) return null;
        const planned = problem.kind === 'combined' ? (plannedByDay(ctx.existing).get(problem.day) ?? 0) : 0;
        const free = (ctx.quoteForDay ?? 0) - planned;
        if (problem.dayIndex === 0 && free >= 1 && candidate.betweenTime > 0) {
          // Starting at close - free·between leaves exactly `free` messages for the first day.
          const fits = opening.close.getTime() - free * candidate.betweenTime * 1000;
          t = Math.max(t + STEP_MS, roundUpToStep(fits));
        } else {
          t = nextDay(opening);
        }
        break;
      }
    }
  }
  return null;
}

export interface CalendarDaysParams {
  // Branch-local days to judge, inclusive.
  fromDay: string;
  toDay: string;
  now: Date;
  timeZone: string;
  window?: SendingWindow | null;
  existing: readonly PlannedSendout[];
  quoteForDay: number;
  betweenTime: number;
  // Messages the new send-out sends on its first day when it starts at the opening (min(batch_len,
  // count)); 1 when unknown: the day must have room for at least one more message.
  candidateDaily?: number;
  instanceId?: string | null;
  horizonMs?: number;
}

// Whether one message slot, starting on a 5-minute step no earlier than `from`, fits between the
// busy intervals before the window closes.
function hasFreeSlot(from: number, close: number, busy: readonly BusyDay[], slot: number): boolean {
  let t = roundUpToStep(from);
  const sorted = busy
    .filter((b) => b.to.getTime() > t && b.from.getTime() < close)
    .sort((a, b) => a.from.getTime() - b.from.getTime());
  for (const b of sorted) {
    if (t >= close) return false;
    if (t + slot <= b.from.getTime()) return true;
    t = Math.max(t, roundUpToStep(b.to.getTime()));
  }
  return t < close;
}

// Ours: a calendar request covers at most a year of days.
const MAX_CALENDAR_DAYS = 366;

// SPEC 7 /calendar not_allowed: the days a new send-out may not start on. A day is not allowed when
// its window has closed already or opens beyond the horizon (SPEC 9: 60 days), when the messages
// already planned that day plus the candidate's would exceed quote_for_day, or when no free slot of
// between_time is left between the other send-outs on the same number.
export function notAllowedDays(p: CalendarDaysParams): string[] {
  if (!isCalendarDay(p.fromDay) || !isCalendarDay(p.toDay)) throw new RangeError('days must be YYYY-MM-DD');
  if (shiftDay(p.fromDay, MAX_CALENDAR_DAYS) <= p.toDay) throw new RangeError(`more than ${MAX_CALENDAR_DAYS} days`);
  const window = effectiveWindow(p.window);
  const now = p.now.getTime();
  const latest = now + (p.horizonMs ?? START_HORIZON_MS);
  const planned = plannedByDay(p.existing);
  const busy = p.existing.filter((s) => sameNumber(s.instanceId, p.instanceId)).flatMap((s) => s.days);
  const slot = slotMs(p.betweenTime);
  const daily = p.candidateDaily ?? 1;
  const out: string[] = [];
  for (let day = p.fromDay; day <= p.toDay; day = shiftDay(day, 1)) {
    const w = windowOn(day, window, p.timeZone);
    const open = w.open.getTime();
    const close = w.close.getTime();
    const allowed =
      close > open &&
      close > now &&
      open <= latest &&
      (planned.get(day) ?? 0) + daily <= p.quoteForDay &&
      hasFreeSlot(Math.max(open, now), close, busy, slot);
    if (!allowed) out.push(day);
  }
  return out;
}
