import { DASHBOARD_DEFAULT_START } from '@salon/contract/dashboard-rules';
import type { DayRange } from '../../shared/lib/day-range';

// The dashboard's period: the branch's local days [from, to] (SPEC 9: 2020-01-01 … today by default).
// Days are 'YYYY-MM-DD'; "today" is the branch's today, so every shortcut is counted on its calendar.

export type { DayRange };

export const PERIOD_SHORTCUTS = ['last7', 'last30', 'currentMonth', 'previousMonth', 'currentYear', 'allTime'] as const;
export type PeriodShortcut = (typeof PERIOD_SHORTCUTS)[number];

const pad = (n: number) => String(n).padStart(2, '0');

function parseDay(day: string): { y: number; m: number; d: number } {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return { y, m, d };
}

// A calendar day built from (possibly overflowing) parts: day 0 is the previous month's last day.
function dayOf(y: number, m: number, d: number): string {
  const date = new Date(Date.UTC(y, m - 1, d));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

// SPEC 9: all time, from DASHBOARD_DEFAULT_START to today.
export function defaultPeriod(today: string): DayRange {
  return { from: DASHBOARD_DEFAULT_START, to: today };
}

export function isDefaultPeriod(range: DayRange, today: string): boolean {
  const all = defaultPeriod(today);
  return range.from === all.from && range.to === all.to;
}

// "Last N days" count today as one of them; "current" periods end today.
export function shortcutPeriod(shortcut: PeriodShortcut, today: string): DayRange {
  const { y, m, d } = parseDay(today);
  switch (shortcut) {
    case 'last7':
      return { from: dayOf(y, m, d - 6), to: today };
    case 'last30':
      return { from: dayOf(y, m, d - 29), to: today };
    case 'currentMonth':
      return { from: dayOf(y, m, 1), to: today };
    case 'previousMonth':
      return { from: dayOf(y, m - 1, 1), to: dayOf(y, m, 0) };
    case 'currentYear':
      return { from: dayOf(y, 1, 1), to: today };
    case 'allTime':
      return defaultPeriod(today);
  }
}

// The shortcut a period equals, to name it on the selector.
export function shortcutOfPeriod(range: DayRange, today: string): PeriodShortcut | null {
  return (
    PERIOD_SHORTCUTS.find((s) => {
      const candidate = shortcutPeriod(s, today);
      return candidate.from === range.from && candidate.to === range.to;
    }) ?? null
  );
}

// The wire's date_start / date_end (contract dashboardPeriodQuery).
export function periodQuery(range: DayRange): { date_start: string; date_end: string } {
  return { date_start: range.from, date_end: range.to };
}
