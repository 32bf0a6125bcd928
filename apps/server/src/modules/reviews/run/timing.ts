import type { FirstStep } from '@salon/contract/reviews';
import { addDays, localParts, zonedToUtc } from '@salon/contract/zoned-time';
import type { CrmRecord } from '../../../crm/crm.js';

const HOUR = 3_600_000;
// A request computed a little in the past (the "came" mark arrived late) still goes out now.
const LATE_GRACE_MS = 5 * 60_000;
// A request found later than this after its moment is not sent any more (the visit is old news).
export const REQUEST_LATE_MS = 24 * HOUR;

function sameLocalDay(a: Date, b: Date, timeZone: string): boolean {
  const x = localParts(a, timeZone);
  const y = localParts(b, timeZone);
  return x.year === y.year && x.month === y.month && x.day === y.day;
}

const later = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);

// When the first step of a chain goes out for a visit, in the branch's zone, or null when it is too
// late. `after_end`: hours after the visit ends. `all_day_recs_notifications {day, time}`: at HH:MM
// on the day `-day` days after the visit's day (0 the same day, -1 the next day: the visit was
// "yesterday" on the send day). Never before the visit has ended.
export function requestTime(step: FirstStep, record: CrmRecord, timeZone: string, now: Date): Date | null {
  const end = new Date(record.startsAt.getTime() + record.lengthSec * 1000);
  if (step.after_end !== null) {
    const at = new Date(end.getTime() + step.after_end * HOUR);
    if (at.getTime() < now.getTime() - REQUEST_LATE_MS) return null;
    return later(at, now);
  }
  const daily = step.all_day_recs_notifications;
  if (!daily) return null;
  const [hour, minute] = daily.time.split(':').map(Number);
  const day = addDays(localParts(record.startsAt, timeZone), -daily.day);
  const at = later(zonedToUtc({ ...day, hour: hour!, minute: minute! }, timeZone), end);
  if (at.getTime() >= now.getTime() - LATE_GRACE_MS) return later(at, now);
  // Marked "came" after the hour on the send day: still that day's request.
  if (sameLocalDay(at, now, timeZone)) return now;
  return null;
}
