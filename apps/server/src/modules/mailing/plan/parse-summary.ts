import { type Candidate, earliestAllowedStart, type PlanContext, usedByNumber } from './calendar.js';
import { estimateSendout, planSendout } from './daily-plan.js';
import { timeToMsk } from './moscow-offset.js';

// The planning fields of a parse answer (SPEC 3 Parsed client file: count, duration, send_days,
// time_to_msk, sendout_batch_len, allowed_start).
export interface ParsePlanFields {
  count: number;
  // Seconds, as in the calendar.
  duration: number;
  send_days: number;
  time_to_msk: number;
  sendout_batch_len: number;
  // ISO instant; null when no start is allowed within the horizon.
  allowed_start: string | null;
}

// With an allowed start the duration and days come from the real plan at that start; without one,
// from the estimate at a window's opening.
export function parsePlanFields(candidate: Candidate, ctx: PlanContext): ParsePlanFields {
  const start = earliestAllowedStart(candidate, ctx);
  const plan = start
    ? planSendout({
        ...candidate,
        start,
        timeZone: ctx.timeZone,
        window: ctx.window ?? null,
        usedByDay: usedByNumber(ctx, candidate.batchLen),
      })
    : null;
  const estimate = plan
    ? { sendDays: plan.days.length, durationSeconds: plan.durationSeconds }
    : estimateSendout({ ...candidate, window: ctx.window ?? null });
  return {
    count: candidate.count,
    duration: estimate.durationSeconds,
    send_days: estimate.sendDays,
    time_to_msk: timeToMsk(ctx.timeZone, ctx.now),
    sendout_batch_len: candidate.batchLen,
    allowed_start: start ? start.toISOString() : null,
  };
}
