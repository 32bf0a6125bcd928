import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PIN_MAX_ATTEMPTS, PIN_TTL_MS } from '@salon/contract/constants';
import { DEMO_USERS } from '../../seed/demo.js';
import { DB_KINDS } from '../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../test-support/harness.js';
import { REFRESH_REUSE_GRACE_MS } from './service.js';

const OWNER = DEMO_USERS.owner;

describe.each(DB_KINDS)('login by Telegram id and PIN (%s)', (kind) => {
  let app: TestApp;
  let ipSeq = 0;
  // Each test gets its own client address so the per-IP limits of one test do not leak into the next.
  const ip = () => `10.0.0.${++ipSeq}`;

  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(async () => {
    await app.close();
  });
  // One PIN per id per minute: each test starts past the previous one's cooldown.
  beforeEach(() => app.clock.advance(61_000));

  const askPin = (userId: unknown, from = ip()) =>
    app.request({ method: 'POST', url: '/api/tg/auth', body: { user_id: userId }, ip: from });
  const checkPin = (userId: unknown, pin: string, from = ip()) =>
    app.request({ method: 'POST', url: `/api/tg/check_pin?pin=${pin}`, body: { user_id: userId }, ip: from });
  const wrongPin = (right: string) => String((Number(right) + 1) % 10_000).padStart(4, '0');

  it('sends a 4-digit PIN to a known user and turns it into a session', async () => {
    const res = await askPin(OWNER);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const pin = app.pins.last(OWNER)!;
    expect(pin).toMatch(/^\d{4}$/);

    const checked = await checkPin(String(OWNER), pin);
    expect(checked.statusCode).toBe(200);
    const { refresh_token } = checked.json<{ refresh_token: string }>();
    expect(refresh_token.length).toBeGreaterThanOrEqual(43);

    const token = await app.request({
      method: 'POST',
      url: '/api/get_token',
      body: { user_id: String(OWNER), refresh_token },
    });
    expect(token.statusCode).toBe(200);
    expect(token.json()).toMatchObject({ ok: true, expires_in: 900, user: { user_id: String(OWNER), lang: 'ru' } });
  });

  it('answers an unknown id exactly as a known one and sends nothing', async () => {
    const before = app.pins.sent.length;
    const res = await askPin(987654321);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(app.pins.sent.length).toBe(before);
  });

  it('does the same work for an unknown id as for a known one: a PIN row, and a wrong guess counts', async () => {
    const unknown = 987654322;
    await askPin(unknown);
    await askPin(DEMO_USERS.templatesAdmin);
    const rows = await app.runtime.database.db.execute(
      sql`select user_id from login_pins where user_id in (${unknown}, ${DEMO_USERS.templatesAdmin})`,
    );
    expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(2);
    // A guess at either answers alike: nothing tells which id has an account.
    const known = await checkPin(DEMO_USERS.templatesAdmin, wrongPin(app.pins.last(DEMO_USERS.templatesAdmin)!));
    const stranger = await checkPin(unknown, '0000');
    expect(known.json()).toEqual({ ok: false, status: 'Wrong pin', detail: String(PIN_MAX_ATTEMPTS - 1) });
    expect(stranger.json()).toEqual(known.json());
  });

  it.each([['0123456'], ['1234'], ['1234567890123'], ['12a456'], [''], [null]])(
    'refuses the malformed Telegram id %j and sends nothing',
    async (bad) => {
      const before = app.pins.sent.length;
      const res = await askPin(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, status: 'Bad request' });
      expect(app.pins.sent.length).toBe(before);
    },
  );

  it('refuses a PIN that is not 4 digits', async () => {
    const res = await checkPin(OWNER, '12a4');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'Bad request' });
  });

  it('counts wrong tries and burns the PIN after the fifth', async () => {
    await askPin(OWNER);
    const pin = app.pins.last(OWNER)!;
    for (let i = 1; i < PIN_MAX_ATTEMPTS; i++) {
      const res = await checkPin(OWNER, wrongPin(pin));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ ok: false, status: 'Wrong pin', detail: String(PIN_MAX_ATTEMPTS - i) });
    }
    const fifth = await checkPin(OWNER, wrongPin(pin));
    expect(fifth.json()).toMatchObject({ status: 'Pin expired' });
    const right = await checkPin(OWNER, pin);
    expect(right.statusCode).toBe(401);
    expect(right.json()).toMatchObject({ status: 'Pin expired' });
  });

  it('lets a PIN live five minutes', async () => {
    await askPin(OWNER);
    const pin = app.pins.last(OWNER)!;
    app.clock.advance(PIN_TTL_MS + 1000);
    const res = await checkPin(OWNER, pin);
    expect(res.json()).toMatchObject({ status: 'Pin expired' });
  });

  it('accepts a PIN once, even when two checks race', async () => {
    await askPin(OWNER);
    const pin = app.pins.last(OWNER)!;
    const [a, b] = await Promise.all([checkPin(OWNER, pin), checkPin(OWNER, pin)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 401]);
    const again = await checkPin(OWNER, pin);
    expect(again.statusCode).toBe(401);
  });

  it('replaces the previous PIN when a new one is asked for', async () => {
    await askPin(OWNER);
    const first = app.pins.last(OWNER)!;
    app.clock.advance(61_000);
    expect((await askPin(OWNER)).statusCode).toBe(200);
    const second = app.pins.last(OWNER)!;
    if (first !== second) {
      expect((await checkPin(OWNER, first)).statusCode).toBe(401);
    }
    expect((await checkPin(OWNER, second)).statusCode).toBe(200);
  });

  it('holds PIN requests for one id back for a minute, whoever asks, and no longer', async () => {
    const id = DEMO_USERS.partnerConsultant;
    expect((await askPin(id)).statusCode).toBe(200);
    const held = await askPin(id);
    expect(held.statusCode).toBe(429);
    expect(held.json()).toMatchObject({ ok: false, status: 'Too many requests' });
    // Strangers asking from everywhere, once a minute, never lock the owner out for the hour.
    for (let i = 0; i < 8; i++) {
      app.clock.advance(61_000);
      expect((await askPin(id)).statusCode).toBe(200);
    }
    expect(app.pins.sent.filter((s) => s.telegramId === id)).toHaveLength(9);
  });

  it('limits PIN requests for one id from one address to five an hour', async () => {
    const id = DEMO_USERS.salonConsultant;
    const from = ip();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      codes.push((await askPin(id, from)).statusCode);
      app.clock.advance(61_000);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await askPin(id)).statusCode).toBe(200);
  });

  it('lets the owner ask again at once after logging in', async () => {
    const id = DEMO_USERS.sendOutOwner;
    await app.login(id, ip());
    expect((await askPin(id)).statusCode).toBe(200);
  });

  it('stops sending PINs to an id after ten wrong guesses an hour, from whatever addresses', async () => {
    const id = DEMO_USERS.templatesAdmin;
    app.clock.advance(3_600_000);
    for (let round = 0; round < 2; round++) {
      expect((await askPin(id)).statusCode).toBe(200);
      const pin = app.pins.last(id)!;
      for (let i = 0; i < PIN_MAX_ATTEMPTS; i++) await checkPin(id, wrongPin(pin));
      app.clock.advance(61_000);
    }
    expect((await askPin(id)).statusCode).toBe(429);
    app.clock.advance(3_600_000);
    expect((await askPin(id)).statusCode).toBe(200);
  });

  it('counts PIN checks in a sliding window: a window edge lets no second batch through', async () => {
    const from = ip();
    const now = app.clock.now().getTime();
    const tenMinutes = 600_000;
    // Three seconds before a 10-minute boundary, where a fixed window would start counting anew.
    app.clock.advance(tenMinutes - (now % tenMinutes) - 3000);
    for (let i = 0; i < 60; i++) expect((await checkPin(700200 + i, '0000', from)).statusCode).toBe(401);
    expect((await checkPin(700300, '0000', from)).statusCode).toBe(429);
    app.clock.advance(6000);
    expect((await checkPin(700301, '0000', from)).statusCode).toBe(429);
    app.clock.advance(tenMinutes);
    expect((await checkPin(700302, '0000', from)).statusCode).toBe(401);
  });

  it('limits PIN requests per IP address, known ids or not', async () => {
    app.clock.advance(3_600_000);
    const from = ip();
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await askPin(700000 + i, from)).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes[30]).toBe(429);
    // Another address is not affected.
    expect((await askPin(700100)).statusCode).toBe(200);
  });

  describe('tokens', () => {
    it('refuses a missing, malformed or forged token', async () => {
      const { token } = await app.login(OWNER, ip());
      expect((await app.request({ method: 'GET', url: '/api/accounts' })).statusCode).toBe(401);
      const malformed = await app.request({ method: 'GET', url: '/api/accounts', token: 'nonsense' });
      expect(malformed.statusCode).toBe(401);
      expect(malformed.json()).toMatchObject({ ok: false, status: 'Unauthorized' });
      const [v, body, sig] = token.split('.');
      const claims = JSON.parse(Buffer.from(body!, 'base64url').toString()) as { sub: number };
      claims.sub = DEMO_USERS.sendOutOwner;
      const forged = `${v}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${sig}`;
      const res = await app.request({ method: 'GET', url: '/api/accounts', token: forged });
      expect(res.statusCode).toBe(401);
    });

    it('expires an access token after its lifetime and refreshes it with the refresh token', async () => {
      const { token, refreshToken } = await app.login(OWNER, ip());
      expect((await app.request({ method: 'GET', url: '/api/accounts', token })).statusCode).toBe(200);
      app.clock.advance(901_000);
      const expired = await app.request({ method: 'GET', url: '/api/accounts', token });
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual({ ok: false, status: 'Expired token', detail: 'token_expired' });

      const refreshed = await app.request({ method: 'GET', url: `/api/upd_token?token=${refreshToken}` });
      expect(refreshed.statusCode).toBe(200);
      const fresh = refreshed.json<{ token: string }>().token;
      expect((await app.request({ method: 'GET', url: '/api/accounts', token: fresh })).statusCode).toBe(200);
    });

    it('rotates the refresh token on every use; reusing a replaced one ends the whole session', async () => {
      const { refreshToken: first } = await app.login(OWNER, ip());
      const upd = (t: string) => app.request({ method: 'GET', url: `/api/upd_token?token=${encodeURIComponent(t)}` });
      const once = await upd(first);
      expect(once.statusCode).toBe(200);
      const second = once.json<{ refresh_token: string }>().refresh_token;
      expect(second).not.toBe(first);
      const twice = await upd(second);
      expect(twice.statusCode).toBe(200);
      const { token, refresh_token: third } = twice.json<{ token: string; refresh_token: string }>();
      expect((await app.request({ method: 'GET', url: '/api/accounts', token })).statusCode).toBe(200);

      // The first token again: someone else holds a copy, so the session ends for everyone.
      expect((await upd(first)).statusCode).toBe(401);
      expect((await upd(third)).statusCode).toBe(401);
      expect((await app.request({ method: 'GET', url: '/api/accounts', token })).statusCode).toBe(401);
    });

    it('renews with the token just replaced within the grace (a lost answer), and ends the session after it', async () => {
      const upd = (t: string) => app.request({ method: 'GET', url: `/api/upd_token?token=${encodeURIComponent(t)}` });
      const { refreshToken: first } = await app.login(OWNER, ip());
      const lost = await upd(first);
      expect(lost.statusCode).toBe(200);
      // The tab reloaded before it stored the answer: it presents `first` again, seconds later.
      app.clock.advance(5_000);
      const retried = await upd(first);
      expect(retried.statusCode).toBe(200);
      const { token, refresh_token: kept } = retried.json<{ token: string; refresh_token: string }>();
      expect((await app.request({ method: 'GET', url: '/api/accounts', token })).statusCode).toBe(200);
      // The answer it never saw is dropped; the one it kept goes on.
      const next = await upd(kept);
      expect(next.statusCode).toBe(200);

      // Past the grace the same replaced token is a copy in other hands: the session ends.
      const { refreshToken: other } = await app.login(OWNER, ip());
      expect((await upd(other)).statusCode).toBe(200);
      app.clock.advance(REFRESH_REUSE_GRACE_MS + 1_000);
      expect((await upd(other)).statusCode).toBe(401);
      const spent = next.json<{ refresh_token: string }>().refresh_token;
      expect((await upd(spent)).statusCode).toBe(200);
    });

    it('does not end a session for a made-up token that names it', async () => {
      const { refreshToken } = await app.login(OWNER, ip());
      const [v, sid] = refreshToken.split('.');
      const forged = `${v}.${sid}.AAAAAAAAAAAAAAAAAAAAAA.${'A'.repeat(43)}`;
      expect((await app.request({ method: 'GET', url: `/api/upd_token?token=${forged}` })).statusCode).toBe(401);
      expect((await app.request({ method: 'GET', url: `/api/upd_token?token=${refreshToken}` })).statusCode).toBe(200);
    });

    it('revokes the session on logout: access and refresh tokens stop working', async () => {
      const { token, refreshToken } = await app.login(OWNER, ip());
      const out = await app.request({ method: 'POST', url: '/api/logout', token });
      expect(out.statusCode).toBe(200);
      expect((await app.request({ method: 'GET', url: '/api/accounts', token })).statusCode).toBe(401);
      expect((await app.request({ method: 'GET', url: `/api/upd_token?token=${refreshToken}` })).statusCode).toBe(401);
    });

    it('ends a deactivated user’s access at the next request', async () => {
      const id = DEMO_USERS.sendOutOwner;
      const { token, refreshToken } = await app.login(id, ip());
      expect((await app.request({ method: 'GET', url: '/api/accounts', token })).statusCode).toBe(200);
      await app.runtime.database.db.execute(sql`update users set active = false where telegram_id = ${id}`);
      try {
        expect((await app.request({ method: 'GET', url: '/api/accounts', token })).statusCode).toBe(401);
        expect((await app.request({ method: 'GET', url: `/api/upd_token?token=${refreshToken}` })).statusCode).toBe(
          401,
        );
      } finally {
        await app.runtime.database.db.execute(sql`update users set active = true where telegram_id = ${id}`);
      }
    });

    it('refuses get_token for another user id than the session’s', async () => {
      const { refreshToken } = await app.login(OWNER, ip());
      const res = await app.request({
        method: 'POST',
        url: '/api/get_token',
        body: { user_id: String(DEMO_USERS.templatesAdmin), refresh_token: refreshToken },
      });
      expect(res.statusCode).toBe(401);
    });

    it('tells who the bearer is', async () => {
      const { token } = await app.login(DEMO_USERS.salonConsultant, ip());
      const res = await app.request({ method: 'POST', url: '/api/get_info', token });
      expect(res.json()).toEqual({
        ok: true,
        user: { user_id: String(DEMO_USERS.salonConsultant), name: 'Elena Smirnova', avatar_url: null, lang: 'en' },
      });
    });
  });
});
