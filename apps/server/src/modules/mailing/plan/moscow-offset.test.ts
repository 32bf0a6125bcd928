import { expect, it } from 'vitest';
import { utcOffsetToMsk } from '@salon/contract/mailing-plan-rules';
import { describeInServerZones } from '../../../test-support/server-zones.js';
import { timeToMsk } from './moscow-offset.js';

const winter = new Date('2026-01-15T12:00:00Z');
const summer = new Date('2026-07-15T12:00:00Z');

describeInServerZones('time_to_msk', () => {
  it.each([
    ['Europe/Moscow', winter, 0],
    ['Asia/Vladivostok', winter, 7],
    ['Europe/Kaliningrad', winter, -1],
    ['Asia/Yekaterinburg', summer, 2],
    ['Europe/Samara', summer, 1],
    ['Asia/Kamchatka', summer, 9],
    ['Europe/Berlin', winter, -2],
    ['Europe/Berlin', summer, -1],
    ['Europe/London', winter, -3],
    ['America/New_York', winter, -8],
    ['America/New_York', summer, -7],
    ['Asia/Kolkata', winter, 2.5],
    ['Asia/Kathmandu', winter, 2.75],
    ['Pacific/Kiritimati', winter, 11],
    ['Etc/GMT+12', winter, -15],
    ['UTC', summer, -3],
  ])('%s at %s is %d hours from Moscow', (zone, at, hours) => {
    expect(timeToMsk(zone, at)).toBe(hours);
  });

  it.each([
    // Berlin moves at 01:00Z on the last Sundays of March and October.
    ['2026-03-29T00:59:59Z', -2],
    ['2026-03-29T01:00:00Z', -1],
    ['2026-10-25T00:59:59Z', -1],
    ['2026-10-25T01:00:00Z', -2],
  ])('follows Berlin across its clock change at %s', (iso, hours) => {
    expect(timeToMsk('Europe/Berlin', new Date(iso))).toBe(hours);
  });

  it('agrees with the UTC-offset conversion the cabinet uses', () => {
    // Vladivostok is UTC+10 all year.
    expect(timeToMsk('Asia/Vladivostok', summer)).toBe(utcOffsetToMsk(10));
  });
});
