import { defaultStatsRange, statsDay } from '@salon/contract/mailing-stats-rules';

// Calendar days of the statistics filter (SPEC 5 date typing, SPEC 9 default range and shortcuts).
// Days are YYYY-MM-DD in the user's calendar; the server reads them as the branch's local days.

export interface DayRange {
  from: string;
  to: string;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TYPED_DATE = /^(\d{2})\.(\d{2})\.(\d{4})$/;

const pad = (n: number) => String(n).padStart(2, '0');

export function isoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

// SPEC 9: from the start of the current year to today.
export function defaultRange(now: Date): DayRange {
  const range = defaultStatsRange(isoDay(now));
  return { from: range.date_start, to: range.date_end };
}

export const RANGE_SHORTCUTS = [
  'last7',
  'last14',
  'currentMonth',
  'previousMonth',
  'currentQuarter',
  'fullQuarter',
  'currentYear',
] as const;
export type RangeShortcut = (typeof RANGE_SHORTCUTS)[number];

const addDays = (date: Date, days: number) => new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);

// SPEC 9 date range shortcuts. "Last 7 days" counts today as one of them. "Current" periods end
// today; "full quarter" is the last quarter that has ended (the current one is not full yet).
export function shortcutRange(shortcut: RangeShortcut, now: Date): DayRange {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const year = today.getFullYear();
  const month = today.getMonth();
  const quarterStart = month - (month % 3);
  switch (shortcut) {
    case 'last7':
      return { from: isoDay(addDays(today, -6)), to: isoDay(today) };
    case 'last14':
      return { from: isoDay(addDays(today, -13)), to: isoDay(today) };
    case 'currentMonth':
      return { from: isoDay(new Date(year, month, 1)), to: isoDay(today) };
    case 'previousMonth':
      return { from: isoDay(new Date(year, month - 1, 1)), to: isoDay(new Date(year, month, 0)) };
    case 'currentQuarter':
      return { from: isoDay(new Date(year, quarterStart, 1)), to: isoDay(today) };
    case 'fullQuarter':
      return { from: isoDay(new Date(year, quarterStart - 3, 1)), to: isoDay(new Date(year, quarterStart, 0)) };
    case 'currentYear':
      return defaultRange(now);
  }
}

// The shortcut a range equals, to mark it as chosen.
export function shortcutOf(range: DayRange, now: Date): RangeShortcut | null {
  return (
    RANGE_SHORTCUTS.find((s) => {
      const candidate = shortcutRange(s, now);
      return candidate.from === range.from && candidate.to === range.to;
    }) ?? null
  );
}

// --- Typing a date as dd.mm.yyyy ---------------------------------------------------------------

// SPEC 5: typing keeps digits and dots and adds the dot after the day and the month itself; a dot
// typed after one digit pads it ("1." → "01."). `previous` tells a deletion from typing: a deleted
// dot must not come straight back.
export function maskDateInput(raw: string, previous = ''): string {
  const kept = raw.replace(/[^\d.]/g, '');
  if (kept.length < previous.length) return kept.slice(0, 10);
  const sizes = [2, 2, 4] as const;
  const parts = ['', '', ''];
  let index = 0;
  for (const char of kept) {
    if (char === '.') {
      if (index < 2 && parts[index] !== '') {
        parts[index] = parts[index]!.padStart(2, '0');
        index += 1;
      }
      continue;
    }
    if (parts[index]!.length === sizes[index]) {
      if (index === 2) break;
      index += 1;
    }
    parts[index] += char;
  }
  // Auto-dot once the day or the month is complete.
  if (index < 2 && parts[index]!.length === sizes[index]) index += 1;
  return parts.slice(0, index + 1).join('.');
}

// dd.mm.yyyy to YYYY-MM-DD; null while the text is not a whole real day.
export function parseTypedDate(text: string): string | null {
  const match = TYPED_DATE.exec(text.trim());
  if (!match) return null;
  return statsDay(`${match[3]}-${match[2]}-${match[1]}`);
}

export function typedDate(iso: string): string {
  const match = ISO_DATE.exec(iso);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : '';
}

// A typed range made whole: a reversed pair is swapped.
export function orderedRange(from: string, to: string): DayRange {
  return from <= to ? { from, to } : { from: to, to: from };
}
