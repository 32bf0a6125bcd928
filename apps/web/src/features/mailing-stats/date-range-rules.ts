import { defaultStatsRange } from '@salon/contract/mailing-stats-rules';
import type { DayRange } from '../../shared/lib/day-range';

// Calendar days of the statistics filter (SPEC 9 default range and shortcuts). Days are
// YYYY-MM-DD in the user's calendar; the server reads them as the branch's local days.

export type { DayRange };

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
