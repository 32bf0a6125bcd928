// Zod-free rules of send-out planning (SPEC 3 Mailing, SPEC 5 Mailing, SPEC 9 Mailing), shared by the
// cabinet's launch step and calendar and the server's planner. The day-by-day arithmetic in a branch's
// IANA zone lives on the server (apps/server/src/modules/mailing/plan); only what both sides need is here.

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

// A sending window of the day in local 'HH:MM' times; from > to runs over midnight, from = to is the
// whole day (ours: the spec's default window never has from = to, so an equal pair can only mean "always").
export interface SendingWindow {
  from: string;
  to: string;
}

// SPEC 9 defaults '00:00', '23:00', 10: the window used when the branch has no sending schedule
// (SPEC 7 /settings/system_messages message_sending_schedule null), and 10 s between messages.
export const DEFAULT_SENDING_WINDOW: SendingWindow = { from: '00:00', to: '23:00' };
export const DEFAULT_BETWEEN_TIME = 10;

// SPEC 5 "time between messages is limited to 0..max" (max not shown). Ours: 600 s, so the default
// 23-hour window still sends 138 messages a day at the slowest pace.
export const MIN_BETWEEN_TIME = 0;
export const MAX_BETWEEN_TIME = 600;

// Sanity caps of ours (the spec shows none): a send-out of at most 100 000 recipients, 100 000 a day.
export const SENDOUT_COUNT_MAX = 100_000;
export const BATCH_LEN_MAX = 100_000;

// SPEC 9: times are rounded to 5 minutes; the default start is about 1 hour ahead.
export const MAILING_TIME_STEP_MINUTES = 5;
export const DEFAULT_START_LEAD_MS = HOUR_MS;

// SPEC 9 periods. 86395000 ms: a picked calendar day ends at its start + this (23:59:55), the last
// moment the cabinet's date picker offers. 5184000000 ms (60 days): the latest start ahead of now
// (ours: the spec gives the number only; it is also the calendar's look-ahead). 7 days: the calendar
// still lists send-outs that ended up to this long ago (ours, same reason).
export const DAY_END_OFFSET_MS = 86_395_000;
export const START_HORIZON_MS = 5_184_000_000;
export const CALENDAR_PAST_DAYS = 7;

// Status texts of /allowed_to_run (ours: the spec names the field only). The cabinet maps them to
// messages; the quota one carries the day ('quota exceeded on 2026-03-10').
export const PLAN_STATUS = {
  allowed: 'allowed',
  crosses: 'crosses another send-out',
  quotaExceeded: 'quota exceeded on',
  aboveQuota: 'daily limit above the quota',
  startInPast: 'start in the past',
  startTooFar: 'start too far ahead',
  betweenTimeOutOfRange: 'time between messages out of range',
  outsideWindow: 'outside the sending window',
  invalid: 'invalid send-out',
} as const;
export function quotaExceededStatus(day: string): string {
  return `${PLAN_STATUS.quotaExceeded} ${day}`;
}
// The day out of a 'quota exceeded on DAY' status, or null for any other status.
export function quotaExceededDay(status: string): string | null {
  const prefix = `${PLAN_STATUS.quotaExceeded} `;
  return status.startsWith(prefix) ? status.slice(prefix.length) : null;
}

export function isBetweenTimeAllowed(seconds: number, max = MAX_BETWEEN_TIME): boolean {
  return Number.isInteger(seconds) && seconds >= MIN_BETWEEN_TIME && seconds <= max;
}

// --- rounding (SPEC 9: 5 minutes) ---

// An instant rounded up to the next 5-minute step (itself when already on one). Steps are counted in
// UTC, which is the same as local wall time in every zone in use: all offsets are whole quarter-hours.
export function roundUpToStep(ms: number, stepMinutes = MAILING_TIME_STEP_MINUTES): number {
  const step = stepMinutes * MINUTE_MS;
  return Math.ceil(ms / step) * step;
}

// SPEC 9 "default start about 1 hour ahead", on a 5-minute step.
export function defaultStart(now: number): number {
  return roundUpToStep(now + DEFAULT_START_LEAD_MS);
}

export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export function minutesOfDay(hhmm: string): number {
  if (!TIME_OF_DAY_PATTERN.test(hhmm)) throw new RangeError(`not a time of day: ${hhmm}`);
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}

export function formatTimeOfDay(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

// A typed 'HH:MM' rounded to the nearest 5-minute step (ours: half a step rounds up); a time past
// 23:55 stays on the same day at 23:55 rather than wrapping to tomorrow's 00:00.
export function roundTimeOfDay(hhmm: string, stepMinutes = MAILING_TIME_STEP_MINUTES): string {
  const rounded = Math.round(minutesOfDay(hhmm) / stepMinutes) * stepMinutes;
  return formatTimeOfDay(Math.min(rounded, 1440 - stepMinutes));
}

// --- send days (SPEC 9: the daily limit is the parsed batch length) ---

// The last day's share: SPEC 3 Calendar sendout `remainder`.
export function sendoutRemainder(count: number, dailyLimit: number): number {
  return dailyLimit > 0 ? count % dailyLimit : 0;
}

// Full days of dailyLimit messages, plus one extra day for a remainder (SPEC 9).
export function sendDays(count: number, dailyLimit: number): number {
  if (count <= 0) return 0;
  return Math.floor(count / dailyLimit) + (sendoutRemainder(count, dailyLimit) > 0 ? 1 : 0);
}

// --- the Moscow offset (SPEC 9: the time zone is sent as an offset relative to Moscow time) ---

// Moscow has kept UTC+3 all year since 2014.
export const MOSCOW_UTC_OFFSET_HOURS = 3;
// SPEC 9: the time zone list runs from UTC-12:00 to UTC+14:00.
export const UTC_OFFSET_MIN_HOURS = -12;
export const UTC_OFFSET_MAX_HOURS = 14;
export const TIME_TO_MSK_MIN = UTC_OFFSET_MIN_HOURS - MOSCOW_UTC_OFFSET_HOURS;
export const TIME_TO_MSK_MAX = UTC_OFFSET_MAX_HOURS - MOSCOW_UTC_OFFSET_HOURS;

// Hours ahead of Moscow (Vladivostok UTC+10 → +7, Kaliningrad UTC+2 → -1).
export function utcOffsetToMsk(utcOffsetHours: number): number {
  return utcOffsetHours - MOSCOW_UTC_OFFSET_HOURS;
}
export function mskToUtcOffset(timeToMsk: number): number {
  return timeToMsk + MOSCOW_UTC_OFFSET_HOURS;
}

// 'UTC+05:30' ↔ 5.5, as in the cabinet's time zone list.
export function formatUtcOffset(hours: number): string {
  const sign = hours < 0 ? '-' : '+';
  const total = Math.round(Math.abs(hours) * 60);
  return `UTC${sign}${formatTimeOfDay(total)}`;
}
export function parseUtcOffset(label: string): number | null {
  const m = /^UTC([+-])(\d{2}):(\d{2})$/.exec(label);
  if (!m) return null;
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  if (Number(m[3]) >= 60) return null;
  const hours = ((m[1] === '-' ? -1 : 1) * minutes) / 60;
  return hours >= UTC_OFFSET_MIN_HOURS && hours <= UTC_OFFSET_MAX_HOURS ? hours : null;
}

// --- calendar days ---

export const CALENDAR_DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

// A real 'YYYY-MM-DD' date (no 2026-02-30).
export function isCalendarDay(value: string): boolean {
  if (!CALENDAR_DAY_PATTERN.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
