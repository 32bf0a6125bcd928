import type { BusyDay } from '../plan/calendar.js';

// sendouts.plan_days as stored: the plan's sending days with ISO instants, in sending order.
export interface StoredPlanDay {
  day: string;
  from: string;
  to: string;
  count: number;
}

export function storedPlanDays(days: readonly BusyDay[]): StoredPlanDay[] {
  return days.map((d) => ({ day: d.day, from: d.from.toISOString(), to: d.to.toISOString(), count: d.count }));
}

function isStoredDay(value: unknown): value is StoredPlanDay {
  if (!value || typeof value !== 'object') return false;
  const d = value as Record<string, unknown>;
  return (
    typeof d.day === 'string' &&
    typeof d.from === 'string' &&
    typeof d.to === 'string' &&
    typeof d.count === 'number' &&
    !Number.isNaN(Date.parse(d.from)) &&
    !Number.isNaN(Date.parse(d.to))
  );
}

// The jsonb column back as busy days; an entry that is not a day (a hand-edited row) is left out
// rather than failing the whole calendar of the branch.
export function busyDays(value: unknown): BusyDay[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(isStoredDay)
    .map((d) => ({ day: d.day, from: new Date(d.from), to: new Date(d.to), count: d.count }));
}
