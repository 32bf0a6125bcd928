import { expect, it } from 'vitest';
import { describeInServerZones } from '../../../test-support/server-zones.js';
import { parsePlanFields } from './parse-summary.js';

describeInServerZones('parse answer planning fields', () => {
  it('plans from the earliest allowed start, about an hour ahead', () => {
    // 12:03 in Vladivostok → 13:05 local = 03:05Z; 250 at 100 a day, 10 s apart.
    const fields = parsePlanFields(
      { count: 250, batchLen: 100, betweenTime: 10 },
      { now: new Date('2026-03-10T02:03:00Z'), timeZone: 'Asia/Vladivostok', existing: [] },
    );
    expect(fields).toEqual({
      count: 250,
      // 03:05Z on the 10th to 14:08:20Z on the 11th
      duration: 35 * 3600 + 3 * 60 + 20,
      send_days: 3,
      time_to_msk: 7,
      sendout_batch_len: 100,
      allowed_start: '2026-03-10T03:05:00.000Z',
    });
  });

  it('falls back to the estimate when no start is allowed', () => {
    const fields = parsePlanFields(
      { count: 250, batchLen: 100, betweenTime: 10 },
      { now: new Date('2026-03-10T02:03:00Z'), timeZone: 'Europe/Kaliningrad', existing: [], quoteForDay: 50 },
    );
    expect(fields).toEqual({
      count: 250,
      duration: 2 * 86_400 + 49 * 10 + 10,
      send_days: 3,
      time_to_msk: -1,
      sendout_batch_len: 100,
      allowed_start: null,
    });
  });
});
