import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Runs a block of tests once per server time zone, so code that must plan in a branch's own zone
// proves the server's TZ changes nothing. Node rereads process.env.TZ on every Date call.
export const SERVER_ZONES = ['UTC', 'Asia/Vladivostok'] as const;

export function describeInServerZones(title: string, body: () => void): void {
  describe.each(SERVER_ZONES)(`${title} (server TZ %s)`, (serverTz) => {
    const original = process.env.TZ;
    beforeAll(() => {
      process.env.TZ = serverTz;
    });
    afterAll(() => {
      if (original === undefined) delete process.env.TZ;
      else process.env.TZ = original;
    });

    it('really runs under that server zone', () => {
      expect(new Date('2026-03-10T00:00:00Z').getTimezoneOffset()).toBe(serverTz === 'UTC' ? 0 : -600);
    });

    body();
  });
}
