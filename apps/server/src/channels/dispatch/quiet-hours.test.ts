import { afterEach, describe, expect, it } from 'vitest';
import { nextAllowed } from './quiet-hours.js';
import { localDay, zonedToUtc } from '@salon/contract/zoned-time';

const window = { from: '09:00', to: '21:00' };
const originalTz = process.env.TZ;

// The server's own zone must not change any answer: every case runs under several TZ settings.
describe.each(['UTC', 'Asia/Vladivostok', 'America/New_York'])('quiet hours with the server in %s', (serverTz) => {
  afterEach(() => {
    process.env.TZ = originalTz;
  });
  const run = <T>(f: () => T): T => {
    process.env.TZ = serverTz;
    return f();
  };

  it('lets a message inside the window go at once', () => {
    // 12:00 in Moscow (UTC+3)
    const at = new Date('2026-03-10T09:00:00Z');
    expect(run(() => nextAllowed(at, window, 'Europe/Moscow'))).toEqual(at);
  });

  it('holds a late-evening message until the window opens next morning in the branch zone', () => {
    // 23:30 in Vladivostok (UTC+10) → 09:00 next day local = 23:00 UTC of the same UTC day
    const at = new Date('2026-03-10T13:30:00Z');
    expect(run(() => nextAllowed(at, window, 'Asia/Vladivostok')).toISOString()).toBe('2026-03-10T23:00:00.000Z');
  });

  it('holds an early-morning message until the window opens the same local day', () => {
    // 06:15 in Moscow → 09:00 Moscow = 06:00 UTC
    const at = new Date('2026-03-10T03:15:00Z');
    expect(run(() => nextAllowed(at, window, 'Europe/Moscow')).toISOString()).toBe('2026-03-10T06:00:00.000Z');
  });

  it('handles a window over midnight', () => {
    const night = { from: '22:00', to: '02:00' };
    // 01:00 Moscow is inside; 12:00 Moscow waits until 22:00 Moscow (19:00 UTC)
    expect(run(() => nextAllowed(new Date('2026-03-09T22:00:00Z'), night, 'Europe/Moscow')).toISOString()).toBe(
      '2026-03-09T22:00:00.000Z',
    );
    expect(run(() => nextAllowed(new Date('2026-03-10T09:00:00Z'), night, 'Europe/Moscow')).toISOString()).toBe(
      '2026-03-10T19:00:00.000Z',
    );
  });

  it('follows daylight saving in zones that have it', () => {
    // Berlin switches to CEST on 2026-03-29: 09:00 local is 08:00 UTC before and 07:00 UTC after.
    expect(
      run(() => zonedToUtc({ year: 2026, month: 3, day: 28, hour: 9, minute: 0 }, 'Europe/Berlin')).toISOString(),
    ).toBe('2026-03-28T08:00:00.000Z');
    expect(
      run(() => zonedToUtc({ year: 2026, month: 3, day: 30, hour: 9, minute: 0 }, 'Europe/Berlin')).toISOString(),
    ).toBe('2026-03-30T07:00:00.000Z');
    expect(run(() => localDay(new Date('2026-03-10T14:30:00Z'), 'Asia/Vladivostok'))).toBe('2026-03-11');
  });

  it('lets anything go when there is no window', () => {
    const at = new Date('2026-03-10T23:59:00Z');
    expect(run(() => nextAllowed(at, null, 'Europe/Moscow'))).toEqual(at);
  });
});
