import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/logger.js';
import { startFakeProviderServer, type FakeProviderServer } from '../../test-support/fake-provider-server.js';
import { smsBalance } from './sms-balance.js';

// The time-out of the balance call, against a real (fake) sms.ru that answers too late.
describe('smsBalance time-out', () => {
  let fake: FakeProviderServer;
  const lines: string[] = [];
  const logger = createLogger(
    'warn',
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    }),
  );

  beforeAll(async () => {
    fake = await startFakeProviderServer(
      () =>
        new Promise((resolve) =>
          setTimeout(() => resolve({ json: { status: 'OK', status_code: 100, balance: 10 } }), 2_000),
        ),
    );
  });
  afterAll(async () => {
    await fake.close();
  });

  it('answers unavailable within the time-out and logs why', async () => {
    const started = Date.now();
    const answer = await smsBalance(
      { smsDriver: 'gateways', gatewayUrls: { smsru: fake.baseUrl }, logger, timeoutMs: 150 },
      { accId: 7, providerId: 2, credentials: { apiKey: 'KEY' }, now: new Date('2026-03-10T09:00:00Z') },
    );
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(answer).toEqual({
      provider: 'smsru',
      balance: null,
      currency: null,
      status: 'unavailable',
      checked_at: '2026-03-10T09:00:00.000Z',
    });
    expect(lines.join('')).toContain('SMS balance unavailable');
    expect(lines.join('')).not.toContain('KEY');
  });
});
