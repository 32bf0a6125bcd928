import { isDayCategory, isOffsetCategory } from '@salon/contract/templates-rules';
import type { TemplateSettings as Settings } from '@salon/contract/templates';
import { addDays, localParts, zonedToUtc } from '@salon/contract/zoned-time';
import type { CrmRecord } from '../../../crm/crm.js';

const HOUR = 3_600_000;
// A reminder computed a little in the past (the event took a moment to arrive) still goes out now.
export const LATE_GRACE_MS = 5 * 60_000;
// A follow-up (after the visit, after a deletion) found late still goes out within this long.
export const FOLLOW_UP_LATE_MS = 24 * HOUR;

export interface Planned {
  at: Date;
  // What the message is about: a moved record gets a new anchor, so a reminder already sent for
  // the old time does not stop the reminder for the new one.
  anchor: string;
}

function atLocalTime(day: Date, dayShift: number, hhmm: string, timeZone: string): Date {
  const local = addDays(localParts(day, timeZone), dayShift);
  const [hour, minute] = hhmm.split(':').map(Number);
  return zonedToUtc({ ...local, hour: hour!, minute: minute! }, timeZone);
}

function sameLocalDay(a: Date, b: Date, timeZone: string): boolean {
  const x = localParts(a, timeZone);
  const y = localParts(b, timeZone);
  return x.year === y.year && x.month === y.month && x.day === y.day;
}

// SPEC 4 whenSend2 semantics, in the branch's IANA zone: when a record's message of a time-based
// template goes out, or null when it should not (not applicable, or too late to be useful).
export function recordSendTime(settings: Settings, record: CrmRecord, timeZone: string, now: Date): Planned | null {
  const category = settings.when_send;
  const start = record.startsAt;
  const end = new Date(start.getTime() + record.lengthSec * 1000);
  if (isOffsetCategory(category)) {
    const hours = Number(settings.when_send2);
    if (!Number.isFinite(hours)) return null;
    if (category === 'before_start') {
      if (record.deleted) return null;
      const at = new Date(start.getTime() - hours * HOUR);
      if (at.getTime() < now.getTime() - LATE_GRACE_MS || start.getTime() <= now.getTime()) return null;
      return { at: maxDate(at, now), anchor: start.toISOString() };
    }
    if (category === 'after_end') {
      if (record.deleted) return null;
      return followUp(new Date(end.getTime() + hours * HOUR), now, start.toISOString());
    }
    if (!record.deleted || !record.deletedAt) return null;
    return followUp(new Date(record.deletedAt.getTime() + hours * HOUR), now, 'deleted');
  }
  if (category === 'all_day_recs_notifications') {
    if (record.deleted || !settings.when_time) return null;
    const days = Number(settings.when_send2);
    // 1: the record will be (the day before), 0: today, -1: it was (the day after).
    const at = atLocalTime(start, -days, settings.when_time, timeZone);
    if (at.getTime() >= now.getTime() - LATE_GRACE_MS) return { at: maxDate(at, now), anchor: start.toISOString() };
    // Found late on the same local day (a record made at noon for tonight): still today's notice.
    if (sameLocalDay(at, now, timeZone) && (days !== 1 || start.getTime() > now.getTime())) {
      return { at: now, anchor: start.toISOString() };
    }
    return null;
  }
  return null;
}

function followUp(at: Date, now: Date, anchor: string): Planned | null {
  if (at.getTime() < now.getTime() - FOLLOW_UP_LATE_MS) return null;
  return { at: maxDate(at, now), anchor };
}

function maxDate(a: Date, b: Date): Date {
  return a.getTime() >= b.getTime() ? a : b;
}

// Birthday templates (SPEC 4: 1 the day before, 0 on the day, -1 the day after): on local day
// `today` at when_time, for clients whose birthday is today + when_send2 days.
export function birthdayTarget(
  settings: Settings,
  today: Date,
  timeZone: string,
): { at: Date; month: number; day: number; year: number } | null {
  if (!isDayCategory(settings.when_send) || settings.when_send !== 'happy_birthday' || !settings.when_time) return null;
  const shift = Number(settings.when_send2);
  const birthday = addDays(localParts(today, timeZone), shift);
  return {
    at: atLocalTime(today, 0, settings.when_time, timeZone),
    month: birthday.month,
    day: birthday.day,
    year: birthday.year,
  };
}
