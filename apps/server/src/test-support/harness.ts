import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { ManualClock } from '../platform/clock.js';
import { loadConfig } from '../platform/config.js';
import { createLogger } from '../platform/logger.js';
import type { PinDelivery } from '../modules/auth/pin-delivery.js';
import { startRuntime, type Runtime } from '../runtime.js';
import { createTestDatabase, type DbKind } from './databases.js';

// Captures PINs the way a Telegram user would read them from the bot.
export class PinInbox implements PinDelivery {
  readonly kind = 'telegram-bot' as const;
  readonly sent: { telegramId: number; pin: string }[] = [];
  async deliver(telegramId: number, pin: string): Promise<void> {
    this.sent.push({ telegramId, pin });
  }
  last(telegramId: number): string | undefined {
    return this.sent.filter((s) => s.telegramId === telegramId).at(-1)?.pin;
  }
}

export interface TestApp {
  runtime: Runtime;
  clock: ManualClock;
  pins: PinInbox;
  request(options: {
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    url: string;
    token?: string;
    body?: unknown;
    ip?: string;
    headers?: Record<string, string>;
  }): Promise<LightMyRequestResponse>;
  login(telegramId: number, ip?: string): Promise<{ token: string; refreshToken: string }>;
  close(): Promise<void>;
}

// The real server (routes, services, repositories, migrations, demo seed) on a real database,
// driven through HTTP injection. Only the Telegram boundary is replaced by an inbox.
export async function startTestApp(
  kind: DbKind,
  env: Record<string, string> = {},
  role: 'api' | 'all' = 'api',
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'salon-test-'));
  const db = await createTestDatabase(kind);
  const clock = new ManualClock('2026-03-10T09:00:00Z');
  const pins = new PinInbox();
  const runtime = await startRuntime({
    config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env }),
    role,
    // DEV_CLOCK=adjustable: the runtime's own AdjustableClock (the dev clock routes need it).
    clock: env.DEV_CLOCK === 'adjustable' ? undefined : clock,
    logger: createLogger(env.LOG_LEVEL ?? 'silent'),
    database: db.database,
    pinDelivery: pins,
    queue: false,
    listen: false,
  });
  const http = runtime.http!;

  const app: TestApp = {
    runtime,
    clock,
    pins,
    request({ method, url, token, body, ip, headers }) {
      return http.inject({
        method,
        url,
        remoteAddress: ip ?? '127.0.0.1',
        headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        ...(body === undefined ? {} : { payload: body as object }),
      });
    },
    async login(telegramId, ip) {
      const asked = await app.request({ method: 'POST', url: '/api/tg/auth', body: { user_id: telegramId }, ip });
      if (asked.statusCode !== 200) throw new Error(`PIN request failed: ${asked.body}`);
      const pin = pins.last(telegramId);
      if (!pin) throw new Error(`no PIN was sent to ${telegramId}`);
      const checked = await app.request({
        method: 'POST',
        url: `/api/tg/check_pin?pin=${pin}`,
        body: { user_id: telegramId },
        ip,
      });
      const firstRefreshToken = checked.json<{ refresh_token: string }>().refresh_token;
      const got = await app.request({
        method: 'POST',
        url: '/api/get_token',
        body: { user_id: String(telegramId), refresh_token: firstRefreshToken },
      });
      // Refresh tokens rotate: the one check_pin gave was spent by get_token.
      const answer = got.json<{ token: string; refresh_token: string }>();
      return { token: answer.token, refreshToken: answer.refresh_token };
    },
    async close() {
      await runtime.stop();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return app;
}
