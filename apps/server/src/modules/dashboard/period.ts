import { DASHBOARD_DAILY_MAX_DAYS, DASHBOARD_DEFAULT_START } from '@salon/contract/dashboard';
import { STATUS } from '@salon/contract/status';
import { localDay, zonedToUtc } from '@salon/contract/zoned-time';
import { errors } from '../../platform/http/errors.js';

// The activity chart reads at most this many days back from the period's end (about seven years),
// so a range of decades cannot make the server walk it.
export const ACTIVITY_MAX_DAYS = 7 * 366;

// A period of the branch's local days [start, end] and the instants [from, to) they span.
export interface Period {
  accId: number;
  timeZone: string;
  start: string;
  end: string;
  from: Date;
  to: Date;
}

const DAY_MS = 86_400_000;
const utcDay = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const midnight = (day: string, timeZone: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return zonedToUtc({ year, month, day: date, hour: 0, minute: 0 }, timeZone);
};
const nextDay = (day: string) => dayOf(utcDay(day) + DAY_MS);

// SPEC 9: 2020-01-01 … today in the branch's zone by default. The contract has checked each day is
// real; a start after the end is refused here, under the field that names it.
export function periodOf(
  branch: { accId: number; timeZone: string },
  query: { date_start?: string | null | undefined; date_end?: string | null | undefined },
  now: Date,
  where: 'querystring' | 'body' = 'querystring',
): Period {
  const start = query.date_start ?? DASHBOARD_DEFAULT_START;
  const end = query.date_end ?? localDay(now, branch.timeZone);
  if (start > end) throw errors.invalid(STATUS.badRequest, [{ path: `${where}.date_end`, code: 'invalid_range' }]);
  return withDays(branch, start, end);
}

function withDays(branch: { accId: number; timeZone: string }, start: string, end: string): Period {
  return {
    accId: branch.accId,
    timeZone: branch.timeZone,
    start,
    end,
    from: midnight(start, branch.timeZone),
    to: midnight(nextDay(end), branch.timeZone),
  };
}

export interface Buckets {
  unit: 'day' | 'month';
  // The period the chart covers (its start cut to ACTIVITY_MAX_DAYS before the end).
  period: Period;
  // Every bucket's label in order: YYYY-MM-DD or YYYY-MM.
  labels: string[];
}

// Days up to DASHBOARD_DAILY_MAX_DAYS, months beyond; every bucket of the period is listed.
export function bucketsOf(period: Period): Buckets {
  const earliest = dayOf(utcDay(period.end) - (ACTIVITY_MAX_DAYS - 1) * DAY_MS);
  const cut = period.start < earliest ? withDays(period, earliest, period.end) : period;
  const days = Math.round((utcDay(cut.end) - utcDay(cut.start)) / DAY_MS) + 1;
  if (days <= DASHBOARD_DAILY_MAX_DAYS) {
    return {
      unit: 'day',
      period: cut,
      labels: Array.from({ length: days }, (_, i) => dayOf(utcDay(cut.start) + i * DAY_MS)),
    };
  }
  const labels: string[] = [];
  let [year, month] = cut.start.split('-').map(Number) as [number, number];
  const last = cut.end.slice(0, 7);
  for (;;) {
    const label = `${year}-${String(month).padStart(2, '0')}`;
    labels.push(label);
    if (label >= last) break;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return { unit: 'month', period: cut, labels };
}
