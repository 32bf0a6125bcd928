import * as chrono from 'chrono-node';
import { addDays, localDay, localParts, zonedToUtc } from '@salon/contract/zoned-time';

// Days and times the client names, read by chrono-node's Russian (and English) parser in the
// branch's zone: the reference is "now" with the zone's offset at that instant, so «завтра» is the
// branch's tomorrow, not the server's. Two gaps of chrono's Russian casual parser are filled by
// parsers added to a clone of it (nothing else is hand-written):
//   - «в 3 часа дня», «к 7 вечера», «в 15 часов»: chrono reads «3 часа»/«15 часов» as a duration
//     (now + 3 hours); with a preposition in front it is a clock time;
//   - «28.11» / «28/11» (day.month without a year), which chrono's Russian parser does not know.

export interface ClockTime {
  hour: number;
  minute: number;
}

export interface When {
  // The branch-local day the client named ('YYYY-MM-DD'), if any.
  day: string | null;
  time: ClockTime | null;
}

const clockTimeParser: chrono.Parser = {
  pattern: () =>
    /(?:в|к|на|с)\s+(\d{1,2})(?:[:.](\d{2}))?\s*(?:(час(?:а|ов|ам|у)?|ч\.?)(?:\s+(утра|дня|вечера|ночи))?|(утра|дня|вечера|ночи))(?![\p{L}])/iu,
  extract: (_context, match) => {
    let hour = Number(match[1]);
    const minute = match[2] ? Number(match[2]) : 0;
    const part = (match[4] ?? match[5] ?? '').toLowerCase();
    if ((part === 'дня' || part === 'вечера') && hour < 12) hour += 12;
    if (part === 'ночи' && hour === 12) hour = 0;
    if (hour > 23 || minute > 59) return null;
    return { hour, minute };
  },
};

const dayMonthParser: chrono.Parser = {
  pattern: () => /(?<![\d.:/])(\d{1,2})\/(\d{1,2})(?![\d.:/])/u,
  extract: (_context, match) => {
    const day = Number(match[1]);
    const month = Number(match[2]);
    if (month < 1 || month > 12 || day < 1 || day > 31) return null;
    return { day, month };
  },
};

// chrono drops a result that reads like a decimal number («28.11»), so a day.month is handed to it
// as «28/11». «в 10.30» is a time and stays as it is.
const DAY_DOT_MONTH = /(^|[^\d.:])(\d{1,2})\.(\d{1,2})(?![\d.:])/gu;
function withDayMonthSlashes(text: string): string {
  return text.replace(DAY_DOT_MONTH, (found, before: string, day: string, month: string, offset: number) => {
    if (/(?:^|\s)(?:в|к|с|до)\s*$/iu.test(text.slice(0, offset + before.length))) return found;
    return `${before}${day}/${month}`;
  });
}

const russian = chrono.ru.casual.clone();
russian.parsers.push(clockTimeParser, dayMonthParser);
const english = chrono.en.casual.clone();

// The zone's offset from UTC at an instant, in minutes (what chrono's `timezone` takes).
export function offsetMinutes(at: Date, timeZone: string): number {
  const p = localParts(at, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  return Math.round((wall - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

function dayOf(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function shiftDay(day: string, days: number): string {
  const [year, month, d] = day.split('-').map(Number) as [number, number, number];
  const next = addDays({ year, month, day: d, hour: 0, minute: 0 }, days);
  return dayOf(next.year, next.month, next.day);
}

export function parseWhen(text: string, now: Date, timeZone: string, lang: 'ru' | 'en' = 'ru'): When {
  const reference = { instant: now, timezone: offsetMinutes(now, timeZone) };
  const input = withDayMonthSlashes(text);
  const ru = russian.parse(input, reference, { forwardDate: true });
  const en = english.parse(input, reference, { forwardDate: true });
  // Both parsers read the text (a Russian client writes «3pm», an English one «28/11»); the
  // answer's language goes first.
  const results = lang === 'en' ? [...en, ...ru] : [...ru, ...en];
  const today = localDay(now, timeZone);
  let day: string | null = null;
  let time: ClockTime | null = null;
  for (const r of results) {
    const s = r.start;
    if (day === null && (s.isCertain('day') || s.isCertain('weekday'))) {
      day = dayOf(s.get('year') ?? 0, s.get('month') ?? 1, s.get('day') ?? 1);
      // A day.month already past this year is next year's («05.01» said in November).
      if (day < today && !s.isCertain('year'))
        day = dayOf((s.get('year') ?? 0) + 1, s.get('month') ?? 1, s.get('day') ?? 1);
    }
    if (time === null && s.isCertain('hour')) time = { hour: s.get('hour') ?? 0, minute: s.get('minute') ?? 0 };
  }
  return { day, time };
}

// The instant a branch-local day and clock time name.
export function instantOf(day: string, time: ClockTime, timeZone: string): Date {
  const [year, month, d] = day.split('-').map(Number) as [number, number, number];
  return zonedToUtc({ year, month, day: d, hour: time.hour, minute: time.minute }, timeZone);
}

// A time without a day: today when it is still ahead, else tomorrow.
export function dayForTime(time: ClockTime, now: Date, timeZone: string): string {
  const today = localDay(now, timeZone);
  return instantOf(today, time, timeZone) > now ? today : shiftDay(today, 1);
}

const locales = { ru: 'ru-RU', en: 'en-GB' } as const;
// Building an Intl formatter costs far more than using one; an answer formats many times.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(lang: 'ru' | 'en', timeZone: string, kind: 'time' | 'day'): Intl.DateTimeFormat {
  const key = `${lang}|${timeZone}|${kind}`;
  let f = formatters.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions =
      kind === 'time'
        ? { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
        : { timeZone, weekday: 'long', day: 'numeric', month: 'long' };
    f = new Intl.DateTimeFormat(locales[lang], options);
    formatters.set(key, f);
  }
  return f;
}

export function formatTime(at: Date, timeZone: string, lang: 'ru' | 'en'): string {
  return formatter(lang, timeZone, 'time').format(at);
}

// «пятница, 28 ноября» / «Friday 28 November» for a branch-local day.
export function formatDay(day: string, lang: 'ru' | 'en'): string {
  const [year, month, d] = day.split('-').map(Number) as [number, number, number];
  // Noon UTC of that calendar date, formatted in UTC: the calendar date itself, whatever the zone.
  return formatter(lang, 'UTC', 'day').format(new Date(Date.UTC(year, month - 1, d, 12)));
}

export function formatDateTime(at: Date, timeZone: string, lang: 'ru' | 'en'): string {
  const day = formatDay(localDay(at, timeZone), lang);
  return `${day}, ${formatTime(at, timeZone, lang)}`;
}
