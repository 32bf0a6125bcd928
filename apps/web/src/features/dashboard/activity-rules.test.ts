import { describe, expect, it } from 'vitest';
import { activityPoints, activityTotals } from './activity-rules';

describe('dashboard activity', () => {
  const daily = {
    group_by: 'day' as const,
    points: [
      { period: '2026-11-25', sent: 4, bookings: 1, earned: 1500 },
      { period: '2026-11-26', sent: 2, bookings: 0, earned: 0 },
    ],
  };

  it('labels days without the year in the interface language', () => {
    expect(activityPoints(daily, 'ru').map((p) => p.label)).toEqual(['25.11', '26.11']);
    expect(activityPoints(daily, 'en').map((p) => p.label)).toEqual(['11/25', '11/26']);
    expect(activityPoints(daily, 'ru')[0]).toMatchObject({ sent: 4, bookings: 1 });
  });

  it('labels months with the month name and year', () => {
    const monthly = { group_by: 'month' as const, points: [{ period: '2026-11', sent: 1, bookings: 0, earned: 0 }] };
    expect(activityPoints(monthly, 'en')[0]?.label).toBe('Nov 2026');
    expect(activityPoints(monthly, 'ru')[0]?.label).toMatch(/2026/);
  });

  it('starts the chart shortly before the first activity; an idle period keeps its buckets', () => {
    const zero = (period: string) => ({ period, sent: 0, bookings: 0, earned: 0 });
    const points = ['2020-01', '2020-02', '2020-03', '2020-04', '2020-05'].map(zero);
    points[4] = { period: '2020-05', sent: 3, bookings: 1, earned: 900 };
    const monthly = { group_by: 'month' as const, points };
    expect(activityPoints(monthly, 'en').map((p) => p.label)).toEqual(['Mar 2020', 'Apr 2020', 'May 2020']);
    const idle = { group_by: 'month' as const, points: points.slice(0, 4) };
    expect(activityPoints(idle, 'en')).toHaveLength(4);
  });

  it('sums the period', () => {
    expect(activityTotals(daily)).toEqual({ sent: 6, bookings: 1, earned: 1500 });
    expect(activityTotals({ group_by: 'day', points: [] })).toEqual({ sent: 0, bookings: 0, earned: 0 });
  });
});
