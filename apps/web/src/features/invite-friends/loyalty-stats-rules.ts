import type { LoyaltyAnalyticsSort } from '@salon/contract/loyalty';
import { zonedDayKey } from '../../shared/lib/datetime';
import type { ColumnSort } from '../../shared/ui/sort-header';

// The statistics tab's state (SPEC 7 GET /loyalty/loyalty_analytics; SPEC 9 default range).

export interface StatsRange {
  // 'YYYY-MM-DD' days of the branch's calendar.
  from: string;
  to: string;
}

export interface LoyaltyStatsState {
  // null: the default range (the current year to today), which the server works out on its clock
  // in the branch's zone and answers in date_from / date_to.
  range: StatsRange | null;
  sort: ColumnSort<LoyaltyAnalyticsSort>;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

// SPEC 9: January 1 of the current year to today, in the branch's zone.
export function defaultRange(now: Date, timeZone: string): StatsRange {
  const today = zonedDayKey(now, timeZone) ?? now.toISOString().slice(0, 10);
  return { from: `${today.slice(0, 4)}-01-01`, to: today };
}

// The range the fields show: the chosen one, else the server's answer, else the browser's guess.
export function shownRange(
  state: LoyaltyStatsState,
  answered: { date_from: string; date_to: string } | undefined,
  now: Date,
  timeZone: string,
): StatsRange {
  if (state.range) return state.range;
  if (answered && ISO_DAY.test(answered.date_from) && ISO_DAY.test(answered.date_to))
    return { from: answered.date_from, to: answered.date_to };
  return defaultRange(now, timeZone);
}

// A start after the end moves the end with it, and the other way round.
export function withFrom(range: StatsRange, from: string): StatsRange {
  if (!ISO_DAY.test(from)) return range;
  return from > range.to ? { from, to: from } : { ...range, from };
}
export function withTo(range: StatsRange, to: string): StatsRange {
  if (!ISO_DAY.test(to)) return range;
  return to < range.from ? { from: to, to } : { ...range, to };
}

// SPEC 9 "Default stats sort: date descending" (the first activation date).
export const DEFAULT_LOYALTY_SORT: ColumnSort<LoyaltyAnalyticsSort> = {
  column: 'dateFirstActivateTemplate',
  desc: true,
};

// The sorted column flips; another starts descending (the largest first), the title ascending.
export function nextSort(
  current: ColumnSort<LoyaltyAnalyticsSort>,
  column: LoyaltyAnalyticsSort,
): ColumnSort<LoyaltyAnalyticsSort> {
  if (current.column === column) return { column, desc: !current.desc };
  return { column, desc: column !== 'templateName' };
}

export function initialStatsState(): LoyaltyStatsState {
  return { range: null, sort: DEFAULT_LOYALTY_SORT };
}

// The query of GET /loyalty/loyalty_analytics; the default range is left to the server.
export function analyticsQueryOf(state: LoyaltyStatsState) {
  return {
    date_from: state.range?.from,
    date_to: state.range?.to,
    sort: state.sort.column,
    order: state.sort.desc ? ('desc' as const) : ('asc' as const),
  };
}

// SPEC 3 analytics ratios are fractions 0…1; the table shows percents.
export function ratioPercent(fraction: number): number {
  if (!Number.isFinite(fraction)) return 0;
  return Math.round(fraction * 1000) / 10;
}
