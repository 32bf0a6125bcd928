import { hmac, randomToken, safeEqual } from '../../platform/crypto.js';

export type ReadRefresh =
  // Issued by us for this session; whether it is still the session's current token is the DB's say.
  | { kind: 'bound'; sessionId: string }
  // A token from before rotation (plain random): found by its hash alone.
  | { kind: 'legacy' }
  | { kind: 'forged' };

const SESSION_ID = /^[0-9a-f-]{36}$/;

// Refresh tokens `rt1.<session id>.<nonce>.<mac>`. They rotate on every use and only the current
// one's hash is stored; the MAC proves that an older token was really issued for its session, so
// presenting one is a reuse (a copy was stolen, or the thief already rotated it) and ends the
// session — while a made-up token naming someone's session id does nothing.
export class RefreshTokens {
  constructor(private readonly secret: Buffer) {}

  mint(sessionId: string): string {
    const body = `rt1.${sessionId}.${randomToken(16)}`;
    return `${body}.${this.mac(body)}`;
  }

  read(token: string): ReadRefresh {
    if (!token.startsWith('rt1.')) return { kind: 'legacy' };
    const parts = token.split('.');
    const [, sessionId, nonce, mac] = parts;
    if (parts.length !== 4 || !sessionId || !nonce || !mac || !SESSION_ID.test(sessionId)) return { kind: 'forged' };
    if (!safeEqual(this.mac(`rt1.${sessionId}.${nonce}`), mac)) return { kind: 'forged' };
    return { kind: 'bound', sessionId };
  }

  // What the sessions table keeps: a keyed hash, never the token.
  hash(token: string): string {
    return hmac(this.secret, `refresh:${token}`);
  }

  private mac(body: string): string {
    return hmac(this.secret, `refresh-mac:${body}`);
  }
}
