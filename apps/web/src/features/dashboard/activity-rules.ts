import type { DashboardActivity } from '@salon/contract/dashboard';
import { formatDayKey, formatMonthKey } from '../../shared/lib/datetime';

export interface ActivityPoint {
  label: string;
  sent: number;
  bookings: number;
}

export interface ActivityTotals {
  sent: number;
  bookings: number;
  earned: number;
}

// A long period before the first message is a flat line that squeezes the rest of the chart: the
// chart starts a little before the first bucket with activity (SPEC 9's default period is all time,
// from 2020). A period with no activity at all keeps its buckets.
const LEAD_IN_BUCKETS = 2;

function fromFirstActivity(points: DashboardActivity['points']): DashboardActivity['points'] {
  const first = points.findIndex((p) => p.sent > 0 || p.bookings > 0 || p.earned > 0);
  return first <= LEAD_IN_BUCKETS ? points : points.slice(first - LEAD_IN_BUCKETS);
}

// The chart's points: a day reads '26.11' / '11/26', a month 'нояб. 2026' / 'Nov 2026'.
export function activityPoints(activity: DashboardActivity, language: string | undefined): ActivityPoint[] {
  return fromFirstActivity(activity.points).map((point) => ({
    label:
      activity.group_by === 'month'
        ? formatMonthKey(point.period, language, true)
        : shortDay(formatDayKey(point.period, language), language),
    sent: point.sent,
    bookings: point.bookings,
  }));
}

// '26.11.2026' → '26.11'; '11/26/2026' → '11/26'.
function shortDay(text: string, language: string | undefined): string {
  return language === 'en' ? text.replace(/\/\d{4}$/, '') : text.replace(/\.\d{4}$/, '');
}

export function activityTotals(activity: DashboardActivity): ActivityTotals {
  return activity.points.reduce(
    (sum, point) => ({
      sent: sum.sent + point.sent,
      bookings: sum.bookings + point.bookings,
      earned: sum.earned + point.earned,
    }),
    { sent: 0, bookings: 0, earned: 0 },
  );
}
