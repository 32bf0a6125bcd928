import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../seed/demo.js';
import { DB_KINDS } from '../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../test-support/harness.js';

// The adjustable clock is the whole install's: reading it needs a session, moving it an owner.
describe.each(DB_KINDS)('dev clock routes (%s)', (kind) => {
  let app: TestApp;
  let owner: string;
  let admin: string;

  beforeAll(async () => {
    app = await startTestApp(kind, { DEV_CLOCK: 'adjustable' });
    owner = (await app.login(DEMO_USERS.owner, '10.42.0.1')).token;
    admin = (await app.login(DEMO_USERS.templatesAdmin, '10.42.0.2')).token;
  });
  afterAll(async () => {
    await app?.close();
  });

  const move = (token?: string) =>
    app.request({ method: 'POST', url: '/api/dev/clock', token, body: { advance_ms: 60_000 } });

  it('refuses both calls without a token', async () => {
    expect((await app.request({ method: 'GET', url: '/api/dev/clock' })).statusCode).toBe(401);
    expect((await move()).statusCode).toBe(401);
  });

  it('shows the time to a member and lets only an owner move it', async () => {
    const before = await app.request({ method: 'GET', url: '/api/dev/clock', token: admin });
    expect(before.json()).toMatchObject({ ok: true, offset_ms: 0 });
    const refused = await move(admin);
    expect([refused.statusCode, refused.json()]).toEqual([
      403,
      { ok: false, status: 'Fail rights', detail: 'dev_clock' },
    ]);
    const moved = await move(owner);
    expect(moved.json()).toMatchObject({ ok: true, offset_ms: 60_000 });
  });
});
