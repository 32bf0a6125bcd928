import { localParts, zonedToUtc } from '@salon/contract/zoned-time';

// The cabinet's one date and time format (issue 12): every moment is shown on the branch's clocks,
// in the interface language's pattern, whatever the browser's zone and locale are.
//   ru: 26.11.2026 14:05    en: 11/26/2026 14:05   (24-hour in both, so time fields read the same)
// Patterns are assembled here rather than taken from Intl's dateStyle, whose output differs
// between engines ("26.11.2026, 14:05" vs "26.11.2026 14:05").

export type DateTimeLanguage = 'ru' | 'en';
export type DateTimeValue = string | number | Date;

export interface DateTimeOptions {
  // The interface language; anything else reads as ru (the default language).
  language: string | undefined;
  // The branch's IANA zone; unknown or missing zones fall back to UTC rather than break the page.
  timeZone: string | null | undefined;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function dateTimeLanguage(language: string | undefined): DateTimeLanguage {
  return language === 'en' ? 'en' : 'ru';
}

const knownZones = new Map<string, boolean>();

export function safeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC';
  let known = knownZones.get(timeZone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone });
      known = true;
    } catch {
      known = false;
    }
    knownZones.set(timeZone, known);
  }
  return known ? timeZone : 'UTC';
}

function toMs(value: DateTimeValue): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value;
  return Date.parse(value);
}

// 'YYYY-MM-DD' (a calendar day, no zone) in the language's pattern.
export function formatDayKey(day: string, language: string | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const [, y, m, d] = match;
  return dateTimeLanguage(language) === 'en' ? `${m}/${d}/${y}` : `${d}.${m}.${y}`;
}

// 'YYYY-MM-DD' of the zone's day an instant falls on (instead of toISOString().slice(0, 10)).
export function zonedDayKey(value: DateTimeValue, timeZone: string | null | undefined): string | null {
  const ms = toMs(value);
  if (!Number.isFinite(ms)) return null;
  const p = localParts(new Date(ms), safeZone(timeZone));
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

// 'HH:MM' (or 'HH:MM:SS') of the zone's clocks at an instant.
export function zonedTimeKey(value: DateTimeValue, timeZone: string | null | undefined, seconds = false): string | null {
  const ms = toMs(value);
  if (!Number.isFinite(ms)) return null;
  const p = localParts(new Date(ms), safeZone(timeZone));
  return seconds ? `${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}` : `${pad(p.hour)}:${pad(p.minute)}`;
}

// The instant the zone's clocks show day + time ('YYYY-MM-DD', 'HH:MM'); null if either is not one.
// A wall time a clock change skips resolves to the later side of the gap.
export function zonedInstant(day: string, time: string, timeZone: string | null | undefined): number | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const t = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!d || !t || !isDayKey(day)) return null;
  return zonedToUtc(
    { year: Number(d[1]), month: Number(d[2]), day: Number(d[3]), hour: Number(t[1]), minute: Number(t[2]) },
    safeZone(timeZone),
  ).getTime();
}

export function isDayKey(day: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

// '26.11.2026' / '11/26/2026' on the branch's clocks; the raw text if it is not a moment.
export function formatDate(value: DateTimeValue, options: DateTimeOptions): string {
  const day = zonedDayKey(value, options.timeZone);
  return day === null ? String(value) : formatDayKey(day, options.language);
}

// '14:05' (24-hour in both languages) on the branch's clocks.
export function formatTime(value: DateTimeValue, options: DateTimeOptions & { seconds?: boolean }): string {
  return zonedTimeKey(value, options.timeZone, options.seconds ?? false) ?? String(value);
}

// '26.11.2026 14:05' / '11/26/2026 14:05' on the branch's clocks.
export function formatDateTime(value: DateTimeValue, options: DateTimeOptions & { seconds?: boolean }): string {
  const day = zonedDayKey(value, options.timeZone);
  if (day === null) return String(value);
  return `${formatDayKey(day, options.language)} ${formatTime(value, options)}`;
}

const LOCALES: Record<DateTimeLanguage, string> = { ru: 'ru-RU', en: 'en-US' };

// 'ноябрь 2026' / 'November 2026' of a calendar month ('YYYY-MM' or 'YYYY-MM-DD'), for headings.
export function formatMonthKey(month: string, language: string | undefined, short = false): string {
  const match = /^(\d{4})-(\d{2})/.exec(month);
  if (!match) return month;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return new Intl.DateTimeFormat(LOCALES[dateTimeLanguage(language)], {
    timeZone: 'UTC',
    month: short ? 'short' : 'long',
    year: 'numeric',
  }).format(date);
}

// Short weekday name of a calendar day ('пн' / 'Mon').
export function formatWeekday(day: string, language: string | undefined): string {
  if (!isDayKey(day)) return day;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(LOCALES[dateTimeLanguage(language)], { timeZone: 'UTC', weekday: 'short' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

// The placeholder of a typed date: 'ДД.ММ.ГГГГ' / 'MM/DD/YYYY' (taken from the caller's translation
// would be nicer, but the pattern itself is what the parser below accepts).
export function datePattern(language: string | undefined): string {
  return dateTimeLanguage(language) === 'en' ? 'MM/DD/YYYY' : 'ДД.ММ.ГГГГ';
}

// A typed date in the language's pattern -> 'YYYY-MM-DD'; null if it is not a real day.
export function parseDayText(text: string, language: string | undefined): string | null {
  const en = dateTimeLanguage(language) === 'en';
  const match = (en ? /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/ : /^\s*(\d{1,2})\.(\d{1,2})\.(\d{4})\s*$/).exec(text);
  if (!match) return null;
  const [a, b, y] = [Number(match[1]), Number(match[2]), match[3] ?? ''];
  const [month, day] = en ? [a, b] : [b, a];
  const key = `${y}-${pad(month)}-${pad(day)}`;
  return isDayKey(key) ? key : null;
}

// A typed 24-hour time ('9:5' is not one, '9:05' and '09:05' are) -> 'HH:MM'; null otherwise.
export function parseTimeText(text: string): string | null {
  const match = /^\s*(\d{1,2}):(\d{2})\s*$/.exec(text);
  if (!match) return null;
  const [hour, minute] = [Number(match[1]), Number(match[2])];
  if (hour > 23 || minute > 59) return null;
  return `${pad(hour)}:${pad(minute)}`;
}

// Keeps what is typed into a date field to digits and the language's separators, inserting the
// separators as the digits come ('26112026' -> '26.11.2026').
export function maskDayText(text: string, language: string | undefined): string {
  const sep = dateTimeLanguage(language) === 'en' ? '/' : '.';
  const digits = text.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}${sep}${digits.slice(2)}`;
  return `${digits.slice(0, 2)}${sep}${digits.slice(2, 4)}${sep}${digits.slice(4)}`;
}

// Same for a time field ('1405' -> '14:05').
export function maskTimeText(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  if (digits.length <= 2) return digits;
  return `${digits.slice(0, 2)}:${digits.slice(2)}`;
}

// '26.11.2026 14:05' typed as digits ('261120261405') in a date-and-time field.
export function maskDateTimeText(text: string, language: string | undefined): string {
  const digits = text.replace(/\D/g, '').slice(0, 12);
  const day = maskDayText(digits.slice(0, 8), language);
  return digits.length <= 8 ? day : `${day} ${maskTimeText(digits.slice(8))}`;
}

// A typed day and time in the language's pattern, or an ISO local 'YYYY-MM-DDTHH:MM', -> 'YYYY-MM-DDTHH:MM'.
export function parseDateTimeText(text: string, language: string | undefined): string | null {
  const iso = /^\s*(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})\s*$/.exec(text);
  if (iso) return iso[1] && iso[2] && isDayKey(iso[1]) && parseTimeText(iso[2]) ? `${iso[1]}T${iso[2]}` : null;
  const match = /^\s*(\S+)\s+(\S+)\s*$/.exec(text);
  if (!match) return null;
  const day = parseDayText(match[1] ?? '', language);
  const time = parseTimeText(match[2] ?? '');
  return day && time ? `${day}T${time}` : null;
}
