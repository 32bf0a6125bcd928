import { randomInt, randomUUID } from 'node:crypto';
import { PIN_MAX_ATTEMPTS, PIN_TTL_MS } from '@salon/contract/constants';
import type { UserInfo } from '@salon/contract/auth';
import type { Clock } from '../../platform/clock.js';
import { hmac, randomToken } from '../../platform/crypto.js';
import type { AuthContext, Authenticator } from '../../platform/http/auth-context.js';
import { errors } from '../../platform/http/errors.js';
import type { Logger } from '../../platform/logger.js';
import type { RateLimiter, RateRule } from '../../platform/rate-limit/rate-limiter.js';
import type { PinDelivery } from './pin-delivery.js';
import type { AuthRepository, UserRow } from './repository.js';
import type { AccessTokens } from './tokens.js';

const MINUTE = 60_000;
export const RATE_RULES = {
  pinRequestPerId: { name: 'pin-request:id', limit: 5, windowMs: 60 * MINUTE } as RateRule,
  pinRequestPerIp: { name: 'pin-request:ip', limit: 30, windowMs: 10 * MINUTE },
  pinCheckPerIp: { name: 'pin-check:ip', limit: 60, windowMs: 10 * MINUTE },
} satisfies Record<string, RateRule>;

export interface AuthServiceDeps {
  repo: AuthRepository;
  limiter: RateLimiter;
  clock: Clock;
  tokens: AccessTokens;
  delivery: PinDelivery;
  secret: Buffer;
  sessionTtlDays: number;
  logger: Logger;
  // PIN requests one Telegram id may make in an hour (RATE_RULES.pinRequestPerId by default).
  pinRequestsPerIdHour?: number;
}

export interface ClientMeta {
  ip: string;
  userAgent: string | null;
}

export function toUserInfo(user: UserRow): UserInfo {
  return {
    user_id: String(user.telegramId),
    name: user.name,
    avatar_url: user.avatarUrl,
    lang: user.lang === 'en' ? 'en' : 'ru',
  };
}

export class AuthService implements Authenticator {
  constructor(private readonly d: AuthServiceDeps) {}

  private pinHash(userId: number, pin: string): string {
    return hmac(this.d.secret, `pin:${userId}:${pin}`);
  }

  private refreshHash(token: string): string {
    return hmac(this.d.secret, `refresh:${token}`);
  }

  private sessionExpiry(now: Date): Date {
    return new Date(now.getTime() + this.d.sessionTtlDays * 86_400_000);
  }

  // The answer is the same whether or not the id belongs to a user, and the delivery runs
  // after the answer, so neither the body nor the timing tells who has an account.
  async requestPin(telegramId: string, meta: ClientMeta): Promise<void> {
    const id = Number(telegramId);
    const withinIp = await this.d.limiter.hit(RATE_RULES.pinRequestPerIp, meta.ip);
    const perId = {
      ...RATE_RULES.pinRequestPerId,
      limit: this.d.pinRequestsPerIdHour ?? RATE_RULES.pinRequestPerId.limit,
    };
    const withinId = await this.d.limiter.hit(perId, telegramId);
    if (!withinIp || !withinId) throw errors.tooManyRequests();
    const user = await this.d.repo.findUser(id);
    if (!user || !user.active) return;
    const pin = String(randomInt(0, 10_000)).padStart(4, '0');
    const now = this.d.clock.now();
    await this.d.repo.savePin(id, this.pinHash(id, pin), now, new Date(now.getTime() + PIN_TTL_MS));
    void this.d.delivery.deliver(id, pin, user.lang).catch((err: unknown) => {
      this.d.logger.error({ err, telegramId: id }, 'PIN delivery failed');
    });
  }

  async checkPin(telegramId: string, pin: string, meta: ClientMeta): Promise<{ refreshToken: string }> {
    if (!(await this.d.limiter.hit(RATE_RULES.pinCheckPerIp, meta.ip))) throw errors.tooManyRequests();
    const id = Number(telegramId);
    const now = this.d.clock.now();
    const consumed = await this.d.repo.consumePin(id, this.pinHash(id, pin), now, PIN_MAX_ATTEMPTS);
    if (!consumed) {
      const attempts = await this.d.repo.countWrongAttempt(id, now, PIN_MAX_ATTEMPTS);
      if (attempts === null || attempts >= PIN_MAX_ATTEMPTS) throw errors.pinExpired();
      throw errors.wrongPin(PIN_MAX_ATTEMPTS - attempts);
    }
    const user = await this.d.repo.findUser(id);
    if (!user || !user.active) throw errors.pinExpired();
    const refreshToken = randomToken(32);
    await this.d.repo.createSession({
      id: randomUUID(),
      userId: id,
      refreshHash: this.refreshHash(refreshToken),
      now,
      expiresAt: this.sessionExpiry(now),
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    });
    return { refreshToken };
  }

  async getToken(
    telegramId: string,
    refreshToken: string,
  ): Promise<{ token: string; expiresIn: number; user: UserInfo }> {
    const { token, expiresIn, userId } = await this.refresh(refreshToken);
    if (String(userId) !== telegramId) throw errors.unauthorized();
    const user = await this.d.repo.findUser(userId);
    if (!user) throw errors.unauthorized();
    return { token, expiresIn, user: toUserInfo(user) };
  }

  async refresh(refreshToken: string): Promise<{ token: string; expiresIn: number; userId: number }> {
    const now = this.d.clock.now();
    const session = await this.d.repo.useSession(this.refreshHash(refreshToken), now, this.sessionExpiry(now));
    if (!session) throw errors.unauthorized();
    return {
      token: this.d.tokens.sign(session.userId, session.id, now),
      expiresIn: this.d.tokens.ttlSeconds,
      userId: session.userId,
    };
  }

  async logout(sessionId: string): Promise<void> {
    await this.d.repo.revokeSession(sessionId, this.d.clock.now());
  }

  async userInfo(userId: number): Promise<UserInfo> {
    const user = await this.d.repo.findUser(userId);
    if (!user) throw errors.unauthorized();
    return toUserInfo(user);
  }

  async authenticate(token: string, accId: number | undefined): Promise<AuthContext> {
    const now = this.d.clock.now();
    const verified = this.d.tokens.verify(token, now);
    if (!verified.ok) throw verified.reason === 'expired' ? errors.expiredToken() : errors.unauthorized();
    const { sub, sid } = verified.claims;
    const row = await this.d.repo.loadRequestAuth(sid, sub, accId, now);
    // A revoked session or a deactivated user ends access at the next request.
    if (!row || !row.userActive) throw errors.unauthorized();
    const context: AuthContext = { userId: sub, sessionId: sid };
    if (accId !== undefined) {
      if (!row.memberRights || !row.memberActive) throw errors.accessDenied();
      context.branch = { accId, rights: row.memberRights };
    }
    return context;
  }

  async purgeExpired(): Promise<void> {
    const now = this.d.clock.now();
    await this.d.repo.purgeExpired(now);
    await this.d.limiter.purgeBefore(new Date(now.getTime() - 2 * 86_400_000));
  }
}
