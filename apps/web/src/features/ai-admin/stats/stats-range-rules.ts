import { HANDOVER_REASONS, type HandoverReason } from '@salon/contract/ai-chat';
import type { AiStatsResponse } from '@salon/contract/ai-stats';
import type { DayRange } from '../../../shared/lib/day-range';

// Calendar days 'YYYY-MM-DD' of the branch; `today` is the branch's today.
export type { DayRange };

// SPEC 9 range shortcuts the AI statistics offer.
export const STATS_SHORTCUTS = ['last7', 'last14', 'currentMonth', 'previousMonth'] as const;
export type StatsShortcut = (typeof STATS_SHORTCUTS)[number];

const pad = (n: number) => String(n).padStart(2, '0');
const parts = (day: string) => day.split('-').map(Number) as [number, number, number];
const keyOf = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
// Day arithmetic on UTC dates: no zone or clock change can shift a calendar day.
const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));

export function addDays(day: string, days: number): string {
  const [y, m, d] = parts(day);
  return keyOf(utc(y, m, d + days));
}

// The page opens on the current month so far.
export function defaultStatsRange(today: string): DayRange {
  return shortcutRange('currentMonth', today);
}

// "Last 7 days" counts today as one of them; "previous month" is the whole month before this one.
export function shortcutRange(shortcut: StatsShortcut, today: string): DayRange {
  const [y, m] = parts(today);
  switch (shortcut) {
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last14':
      return { from: addDays(today, -13), to: today };
    case 'currentMonth':
      return { from: keyOf(utc(y, m, 1)), to: today };
    case 'previousMonth':
      return { from: keyOf(utc(y, m - 1, 1)), to: keyOf(utc(y, m, 0)) };
  }
}

export function shortcutOf(range: DayRange, today: string): StatsShortcut | null {
  return (
    STATS_SHORTCUTS.find((s) => {
      const candidate = shortcutRange(s, today);
      return candidate.from === range.from && candidate.to === range.to;
    }) ?? null
  );
}

// The handover reasons that happened, most frequent first.
export function handoverBreakdown(
  reasons: Partial<Record<HandoverReason, number>>,
): { reason: HandoverReason; count: number }[] {
  return HANDOVER_REASONS.map((reason) => ({ reason, count: reasons[reason] ?? 0 }))
    .filter((row) => row.count > 0)
    .sort((a, b) => b.count - a.count);
}

// Nothing happened in the range: the page explains instead of drawing zeros.
export function isEmptyStats(stats: AiStatsResponse): boolean {
  const t = stats.totals;
  return t.conversations === 0 && t.bookings === 0 && t.moved === 0 && t.cancelled === 0 && t.revenue === 0;
}

// Seconds as whole minutes and seconds for "2 min 05 s"; under a minute only seconds.
export function durationParts(seconds: number): { minutes: number; seconds: number } {
  const whole = Math.max(0, Math.round(seconds));
  return { minutes: Math.floor(whole / 60), seconds: whole % 60 };
}
