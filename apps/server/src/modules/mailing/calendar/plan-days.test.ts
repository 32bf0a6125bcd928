import { describe, expect, it } from 'vitest';
import { busyDays, storedPlanDays } from './plan-days.js';

describe('stored plan days', () => {
  const days = [
    { day: '2026-03-11', from: new Date('2026-03-11T05:00:00Z'), to: new Date('2026-03-11T05:02:00Z'), count: 2 },
    { day: '2026-03-12', from: new Date('2026-03-11T19:00:00Z'), to: new Date('2026-03-11T19:01:00Z'), count: 1 },
  ];

  it('keeps ISO instants in the column and reads them back as the same days', () => {
    const stored = storedPlanDays(days);
    expect(stored[0]).toEqual({
      day: '2026-03-11',
      from: '2026-03-11T05:00:00.000Z',
      to: '2026-03-11T05:02:00.000Z',
      count: 2,
    });
    expect(busyDays(JSON.parse(JSON.stringify(stored)))).toEqual(days);
  });

  it('leaves out what is not a day instead of failing the calendar', () => {
    expect(busyDays(null)).toEqual([]);
    expect(busyDays({ day: '2026-03-11' })).toEqual([]);
    const mixed = [
      ...storedPlanDays(days.slice(0, 1)),
      { day: '2026-03-12', from: 'soon', to: '2026-03-11T19:01:00Z', count: 1 },
      { day: '2026-03-13', from: '2026-03-12T19:00:00Z', to: '2026-03-12T19:01:00Z' },
      'x',
    ];
    expect(busyDays(mixed)).toEqual(days.slice(0, 1));
  });
});
