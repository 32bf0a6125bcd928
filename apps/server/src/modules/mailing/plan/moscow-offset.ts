import { localParts } from '@salon/contract/zoned-time';

const MOSCOW = 'Europe/Moscow';

// The zone's offset from UTC at an instant, in minutes (from the zone data, not the server's TZ).
function offsetMinutes(at: Date, timeZone: string): number {
  const p = localParts(at, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

// SPEC 3 time_to_msk / SPEC 9 "the time zone is sent as an offset relative to Moscow time": hours
// the branch is ahead of Moscow at that instant (Vladivostok +7, Kaliningrad -1, Berlin -2 in winter
// and -1 in summer). Fractional for half- and quarter-hour zones (Kolkata +2.5).
export function timeToMsk(timeZone: string, at: Date): number {
  return (offsetMinutes(at, timeZone) - offsetMinutes(at, MOSCOW)) / 60;
}
