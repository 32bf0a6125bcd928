import {
  DEFAULT_START_LEAD_MS,
  MAILING_TIME_STEP_MINUTES,
  START_HORIZON_MS,
  TIME_OF_DAY_PATTERN,
  isCalendarDay,
  roundTimeOfDay,
  roundUpToStep,
} from '@salon/contract/mailing-plan-rules';
import { localParts, zonedToUtc } from '@salon/contract/zoned-time';
import { formatDateTime, formatDayKey, formatMonthKey, formatTime } from '../../shared/lib/datetime';

// Wall-clock dates and times in the branch's IANA zone (SPEC 9 "times are rounded to 5 minutes",
// "default start about 1 hour ahead"). The date picker and the calendar show the branch's clocks,
// whatever zone the browser is in; the server gets instants.

const pad = (n: number) => String(n).padStart(2, '0');

export interface WallTime {
  // 'YYYY-MM-DD'
  date: string;
  // 'HH:MM'
  time: string;
}

// A zone the browser does not know falls back to UTC rather than breaking the page.
export function safeTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC';
  try {
    localParts(new Date(0), timeZone);
    return timeZone;
  } catch {
    return 'UTC';
  }
}

export function toWallTime(ms: number, timeZone: string): WallTime {
  const f = localParts(new Date(ms), timeZone);
  return { date: `${f.year}-${pad(f.month)}-${pad(f.day)}`, time: `${pad(f.hour)}:${pad(f.minute)}` };
}

export function isWallTime(value: WallTime): boolean {
  return isCalendarDay(value.date) && TIME_OF_DAY_PATTERN.test(value.time);
}

// The instant the zone's clocks show `wall`; null for a date or time that is not one. A wall time
// a clock change skips resolves to the later side of the gap (branch zones in use have none).
export function fromWallTime(wall: WallTime, timeZone: string): number | null {
  if (!isWallTime(wall)) return null;
  const [year, month, day] = wall.date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = wall.time.split(':').map(Number) as [number, number];
  return zonedToUtc({ year, month, day, hour, minute }, timeZone).getTime();
}

// 'YYYY-MM-DD' of the zone's day an instant falls on.
export function zonedDay(ms: number, timeZone: string): string {
  return toWallTime(ms, timeZone).date;
}

export function shiftDay(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d + days));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

// Days from a to b (b later is positive), both 'YYYY-MM-DD'.
export function daysBetween(a: string, b: string): number {
  const at = (day: string) => {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((at(b) - at(a)) / 86_400_000);
}

export type LaunchMode = 'immediate' | 'scheduled';

export interface LaunchDefaults {
  mode: LaunchMode;
  start: WallTime;
}

// SPEC 4: parse success sets the default start to the allowed start (SPEC 9: otherwise about an
// hour ahead), on a 5-minute step. An allowed start already behind us is no start: the hour ahead
// is used. Launch is immediate by default, unless the parse says an immediate start would be
// refused right now — then scheduled, at that allowed start.
export function launchDefaults(
  parsed: { allowed_start: string | null; immediate_start: boolean },
  now: number,
  timeZone: string,
): LaunchDefaults {
  const allowed = parsed.allowed_start === null ? Number.NaN : Date.parse(parsed.allowed_start);
  const start = Number.isFinite(allowed) && allowed > now ? roundUpToStep(allowed) : defaultStartMs(now);
  return { mode: parsed.immediate_start ? 'immediate' : 'scheduled', start: toWallTime(start, timeZone) };
}

export function defaultStartMs(now: number): number {
  return roundUpToStep(now + DEFAULT_START_LEAD_MS);
}

// A typed time snapped to the 5-minute grid; anything else is left for the field to flag.
export function snapTime(value: string): string {
  return TIME_OF_DAY_PATTERN.test(value) ? roundTimeOfDay(value, MAILING_TIME_STEP_MINUTES) : value;
}

export type StartProblem = 'invalid' | 'inPast' | 'tooFar';

// A scheduled start must be a real date and time, not behind us, and at most 60 days ahead (SPEC 9).
export function startProblem(wall: WallTime, timeZone: string, now: number): StartProblem | null {
  const ms = fromWallTime(wall, timeZone);
  if (ms === null) return 'invalid';
  if (ms < now) return 'inPast';
  if (ms > now + START_HORIZON_MS) return 'tooFar';
  return null;
}

// The date picker's bounds: today to the last day of the horizon, in the branch's days.
export function pickerBounds(now: number, timeZone: string): { min: string; max: string } {
  return { min: zonedDay(now, timeZone), max: zonedDay(now + START_HORIZON_MS, timeZone) };
}

// "3 h 20 min" parts of a duration in seconds (SPEC 3 `duration`), rounded up to a minute.
export function durationParts(seconds: number): { days: number; hours: number; minutes: number } {
  const total = Math.ceil(Math.max(0, seconds) / 60);
  return { days: Math.floor(total / 1440), hours: Math.floor((total % 1440) / 60), minutes: total % 60 };
}

// The cabinet's one date format (shared/lib/datetime) for a locale ('ru-RU' / 'en-US').
const languageOf = (locale: string) => (locale.startsWith('en') ? 'en' : 'ru');

// A moment on the branch's clocks in the user's language ('10.03.2026 14:05').
export function formatZoned(value: string | number, timeZone: string, locale: string): string {
  return formatDateTime(value, { language: languageOf(locale), timeZone });
}

export function formatZonedTime(value: string | number, timeZone: string, locale: string): string {
  return formatTime(value, { language: languageOf(locale), timeZone });
}

// A branch day ('YYYY-MM-DD') in the user's language ('10.03.2026'), or its month ('март 2026') when
// asked for; it is a calendar date, so no zone applies.
export function formatDay(day: string, locale: string, shape: 'day' | 'month' = 'day'): string {
  return shape === 'month' ? formatMonthKey(day, languageOf(locale)) : formatDayKey(day, languageOf(locale));
}
