import { describe, expect, it } from 'vitest';
import { AccessTokens } from './tokens.js';

describe('access tokens', () => {
  const tokens = new AccessTokens(Buffer.from('a'.repeat(48)), 900);
  const now = new Date('2026-05-01T10:00:00Z');

  it('round-trips the claims until the lifetime ends', () => {
    const token = tokens.sign(111111, 'sid-1', now);
    expect(tokens.verify(token, new Date(now.getTime() + 899_000))).toMatchObject({
      ok: true,
      claims: { sub: 111111, sid: 'sid-1' },
    });
    expect(tokens.verify(token, new Date(now.getTime() + 900_000))).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a token signed with another secret or altered', () => {
    const other = new AccessTokens(Buffer.from('b'.repeat(48)), 900);
    expect(tokens.verify(other.sign(1, 's', now), now)).toEqual({ ok: false, reason: 'signature' });
    const token = tokens.sign(111111, 'sid-1', now);
    const tampered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    expect(tokens.verify(tampered, now).ok).toBe(false);
    expect(tokens.verify('at1.e30', now)).toEqual({ ok: false, reason: 'malformed' });
  });
});
