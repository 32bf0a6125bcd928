import type { SendingWindow } from '@salon/contract/mailing-plan-rules';
import { planPositions, type SendoutPlan } from './daily-plan.js';

export interface ResumeParams {
  count: number;
  batchLen: number;
  betweenTime: number;
  timeZone: string;
  window?: SendingWindow | null;
  // Positions already sent or in flight: never planned again.
  done: Iterable<number>;
  resumeAt: Date;
  // The last message the send-out sent: the first resumed one keeps between_time after it.
  lastSentAt?: Date | null;
  // Messages sent (or in flight) per sending day, so the resume day's limit counts them (SPEC 9 daily limit).
  usedByDay?: Readonly<Record<string, number>>;
}

// The recipients a paused send-out still owes, in their original order: everyone not in `done`, each
// once. A position outside 0..count-1 in `done` is a caller's bug, so it throws rather than being ignored.
export function remainingPositions(count: number, done: Iterable<number>): number[] {
  const seen = new Uint8Array(count);
  for (const p of done) {
    if (!Number.isInteger(p) || p < 0 || p >= count) throw new RangeError(`position out of range: ${p}`);
    seen[p] = 1;
  }
  const remaining: number[] = [];
  for (let i = 0; i < count; i++) if (!seen[i]) remaining.push(i);
  return remaining;
}

// Resume after a pause (SPEC 4 "on pause"): only the remaining positions are planned, from the resume
// instant (or the window's next opening), with the day's limit reduced by what that day already sent.
export function resumePlan(p: ResumeParams): SendoutPlan {
  const remaining = remainingPositions(p.count, p.done);
  const spaced = p.lastSentAt ? p.lastSentAt.getTime() + p.betweenTime * 1000 : -Infinity;
  const start = new Date(Math.max(p.resumeAt.getTime(), spaced));
  return planPositions(remaining, {
    batchLen: p.batchLen,
    betweenTime: p.betweenTime,
    start,
    timeZone: p.timeZone,
    window: p.window ?? null,
    usedByDay: p.usedByDay ?? {},
  });
}
