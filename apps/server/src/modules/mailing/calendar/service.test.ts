import { expect, it } from 'vitest';
import { describeInServerZones } from '../../../test-support/server-zones.js';
import { launchStart } from './launch-start.js';
import { calendarRange } from './service.js';

describeInServerZones('calendar range and launch start', () => {
  it('covers whole months from the current local one to the month the 60-day horizon ends in', () => {
    // 2026-03-31 20:00Z is already April 1st in Vladivostok; +60 days is May 31st there.
    expect(calendarRange(new Date('2026-03-31T20:00:00Z'), 'Asia/Vladivostok')).toEqual({
      fromDay: '2026-04-01',
      toDay: '2026-05-31',
    });
    expect(calendarRange(new Date('2026-03-31T20:00:00Z'), 'Europe/Moscow')).toEqual({
      fromDay: '2026-03-01',
      toDay: '2026-05-31',
    });
    // Across the new year.
    expect(calendarRange(new Date('2026-11-15T09:00:00Z'), 'Asia/Yekaterinburg')).toEqual({
      fromDay: '2026-11-01',
      toDay: '2027-01-31',
    });
  });

  it('starts an immediate launch now and puts a scheduled one on the next 5-minute step', () => {
    const now = new Date('2026-03-10T09:00:07Z');
    expect(launchStart(false, new Date('2026-03-11T10:00:00Z'), now)).toEqual(now);
    expect(launchStart(true, null, now)).toEqual(now);
    expect(launchStart(true, new Date('2026-03-11T10:00:00Z'), now)).toEqual(new Date('2026-03-11T10:00:00Z'));
    expect(launchStart(true, new Date('2026-03-11T10:00:01Z'), now)).toEqual(new Date('2026-03-11T10:05:00Z'));
  });
});
