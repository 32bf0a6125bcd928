import type { SendoutStallWire } from '@salon/contract/mailing-sendouts';
import { zonedDayKey, zonedTimeKey } from '../lib/datetime';

export type StallWhen =
  { kind: 'none' } | { kind: 'today' | 'tomorrow'; time: string } | { kind: 'date'; day: string; time: string };

const DAY_MS = 86_400_000;

// When a waiting send-out goes on, as the branch's clocks put it: today/tomorrow at HH:MM, or a date.
export function stallWhen(stall: SendoutStallWire, now: number, timeZone: string): StallWhen {
  if (!stall.resumes_at) return { kind: 'none' };
  const day = zonedDayKey(stall.resumes_at, timeZone);
  const time = zonedTimeKey(stall.resumes_at, timeZone);
  if (!day || !time) return { kind: 'none' };
  if (day === zonedDayKey(now, timeZone)) return { kind: 'today', time };
  if (day === zonedDayKey(now + DAY_MS, timeZone)) return { kind: 'tomorrow', time };
  return { kind: 'date', day, time };
}
