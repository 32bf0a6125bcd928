import { hmac, safeEqual } from '../../platform/crypto.js';

export interface AccessClaims {
  // Telegram id of the user.
  sub: number;
  // Session id: revoking the session revokes every access token it issued.
  sid: string;
  iat: number;
  exp: number;
}

export type VerifyResult =
  { ok: true; claims: AccessClaims } | { ok: false; reason: 'malformed' | 'signature' | 'expired' };

// Short-lived access tokens signed with HMAC-SHA256: `at1.<claims>.<signature>`, all base64url.
export class AccessTokens {
  constructor(
    private readonly secret: Buffer,
    readonly ttlSeconds: number,
  ) {}

  sign(sub: number, sid: string, now: Date): string {
    const iat = Math.floor(now.getTime() / 1000);
    const claims: AccessClaims = { sub, sid, iat, exp: iat + this.ttlSeconds };
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `at1.${body}.${hmac(this.secret, `at1.${body}`)}`;
  }

  verify(token: string, now: Date): VerifyResult {
    const parts = token.split('.');
    if (parts.length !== 3 || parts[0] !== 'at1' || !parts[1] || !parts[2]) return { ok: false, reason: 'malformed' };
    if (!safeEqual(hmac(this.secret, `at1.${parts[1]}`), parts[2])) return { ok: false, reason: 'signature' };
    let claims: AccessClaims;
    try {
      claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as AccessClaims;
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    if (typeof claims.sub !== 'number' || typeof claims.sid !== 'string' || typeof claims.exp !== 'number') {
      return { ok: false, reason: 'malformed' };
    }
    if (claims.exp <= Math.floor(now.getTime() / 1000)) return { ok: false, reason: 'expired' };
    return { ok: true, claims };
  }
}
