import { minutesOfDay, type SendingWindow, sendDays } from '@salon/contract/mailing-plan-rules';
import { effectiveWindow, nextOpening, openingAtOrAfter } from './window.js';

// A send-out's day-by-day plan (SPEC 3 Mailing, SPEC 9 "a sendout's daily limit is the parsed batch
// length"). Pure: no clock, no I/O; every wall time is read in the branch's IANA zone.

// One sending day of a send-out. Positions are 0-based indexes into the recipient list.
export interface PlanDay {
  // The sending day: the branch-local date on which the window opened.
  day: string;
  // The day's first message.
  from: Date;
  // The end of the day's last message's slot (exclusive): a send-out starting exactly then does not cross.
  to: Date;
  count: number;
  // Index of the day's first message in the plan's sending order.
  offset: number;
  // Positions of the day's first and last recipients.
  first: number;
  last: number;
}

export interface SendoutPlan {
  days: PlanDay[];
  // The first message (the requested start when there is nothing to send).
  start: Date;
  // The end of the last message's slot.
  end: Date;
  durationSeconds: number;
  betweenTime: number;
  // Recipient positions in sending order; null means 0..count-1.
  positions: readonly number[] | null;
}

export interface PlanParams {
  // Recipients (SPEC 3 parsed count).
  count: number;
  // The daily limit: at most this many messages per sending day (SPEC 9: the parsed batch length).
  batchLen: number;
  // Seconds between two messages of the send-out (SPEC 7 between_time).
  betweenTime: number;
  start: Date;
  timeZone: string;
  // The branch's sending window (system messages); none means SPEC 9's default 00:00–23:00.
  window?: SendingWindow | null;
  // Messages of this send-out already sent (or in flight) per sending day; they use up that day's limit.
  usedByDay?: Readonly<Record<string, number>>;
}

// Ours: a message holds the number for between_time, at least 1 s, so two send-outs that both send
// without spacing still cannot send at the same instant.
export function slotMs(betweenTime: number): number {
  return Math.max(betweenTime, 1) * 1000;
}

export function assertPlanParams(p: { count: number; batchLen: number; betweenTime: number }): void {
  if (!Number.isInteger(p.count) || p.count < 0) throw new RangeError(`count must be a whole number ≥ 0: ${p.count}`);
  if (!Number.isInteger(p.batchLen) || p.batchLen < 1) {
    throw new RangeError(`batch_len must be a whole number ≥ 1: ${p.batchLen}`);
  }
  if (!Number.isFinite(p.betweenTime) || p.betweenTime < 0) {
    throw new RangeError(`between_time must be ≥ 0 seconds: ${p.betweenTime}`);
  }
}

// Lays `n` messages out over sending days. The first day starts at the start (or the window's next
// opening when the start is outside it), later days at the window's opening; a day sends at most
// its remaining daily limit, spaced betweenTime apart, and no message goes at or after the window's
// close — what does not fit moves to the next day.
function layout(n: number, positionAt: (i: number) => number, p: PlanParams): PlanDay[] {
  const window = effectiveWindow(p.window);
  const step = p.betweenTime * 1000;
  const slot = slotMs(p.betweenTime);
  const days: PlanDay[] = [];
  if (n === 0) return days;
  let opening = openingAtOrAfter(p.start, window, p.timeZone);
  let t0 = Math.max(p.start.getTime(), opening.open.getTime());
  let sent = 0;
  while (sent < n) {
    const room = p.batchLen - (p.usedByDay?.[opening.day] ?? 0);
    // Messages at t0 + k·step for k = 0..c-1 must all be before the close.
    const fitsInTime = step === 0 ? Infinity : Math.ceil((opening.close.getTime() - t0) / step);
    const c = Math.min(n - sent, room, fitsInTime);
    if (c > 0) {
      days.push({
        day: opening.day,
        from: new Date(t0),
        to: new Date(t0 + (c - 1) * step + slot),
        count: c,
        offset: sent,
        first: positionAt(sent),
        last: positionAt(sent + c - 1),
      });
      sent += c;
    }
    opening = nextOpening(opening, window, p.timeZone);
    t0 = opening.open.getTime();
  }
  return days;
}

function toPlan(days: PlanDay[], p: PlanParams, positions: readonly number[] | null): SendoutPlan {
  const start = days[0]?.from ?? p.start;
  const end = days.at(-1)?.to ?? p.start;
  return {
    days,
    start,
    end,
    durationSeconds: Math.ceil((end.getTime() - start.getTime()) / 1000),
    betweenTime: p.betweenTime,
    positions,
  };
}

// Recipients 0..count-1 from the start.
export function planSendout(p: PlanParams): SendoutPlan {
  assertPlanParams(p);
  return toPlan(
    layout(p.count, (i) => i, p),
    p,
    null,
  );
}

// The given recipient positions, in this order, from the start (resume after a pause).
export function planPositions(positions: readonly number[], p: Omit<PlanParams, 'count'>): SendoutPlan {
  assertPlanParams({ ...p, count: positions.length });
  return toPlan(
    layout(positions.length, (i) => positions[i]!, { ...p, count: positions.length }),
    { ...p, count: positions.length },
    positions,
  );
}

export interface PlannedMessage {
  position: number;
  at: Date;
  day: string;
}

// Every message of a plan with its instant, in sending order.
export function* planMessages(plan: SendoutPlan): Generator<PlannedMessage> {
  const step = plan.betweenTime * 1000;
  for (const d of plan.days) {
    for (let i = 0; i < d.count; i++) {
      const index = d.offset + i;
      yield {
        position: plan.positions ? plan.positions[index]! : index,
        at: new Date(d.from.getTime() + i * step),
        day: d.day,
      };
    }
  }
}

// The window's length in seconds on a day without a DST change.
export function windowSeconds(window: SendingWindow): number {
  const from = minutesOfDay(window.from);
  const to = minutesOfDay(window.to);
  return (to > from ? to - from : 1440 - from + to) * 60;
}

// Messages one whole window holds at this pace, capped by the daily limit.
export function dailyCapacity(batchLen: number, betweenTime: number, window: SendingWindow): number {
  if (betweenTime === 0) return batchLen;
  return Math.min(batchLen, Math.ceil(windowSeconds(window) / betweenTime));
}

export interface SendoutEstimate {
  sendDays: number;
  durationSeconds: number;
}

// The parse answer's estimate (SPEC 3 duration, send_days) when no start is known yet: the send-out
// is taken to start at the window's opening. Full days of the daily capacity plus one more for the
// remainder (SPEC 9); the duration runs from the first message to the end of the last one's slot.
export function estimateSendout(p: {
  count: number;
  batchLen: number;
  betweenTime: number;
  window?: SendingWindow | null;
}): SendoutEstimate {
  assertPlanParams(p);
  if (p.count === 0) return { sendDays: 0, durationSeconds: 0 };
  const perDay = dailyCapacity(p.batchLen, p.betweenTime, effectiveWindow(p.window));
  const days = sendDays(p.count, perDay);
  const lastDay = p.count - (days - 1) * perDay;
  const durationSeconds = (days - 1) * 86_400 + (lastDay - 1) * p.betweenTime + slotMs(p.betweenTime) / 1000;
  return { sendDays: days, durationSeconds };
}
