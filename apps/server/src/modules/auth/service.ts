import { randomInt, randomUUID } from 'node:crypto';
import { PIN_MAX_ATTEMPTS, PIN_TTL_MS } from '@salon/contract/constants';
import type { UserInfo } from '@salon/contract/auth';
import type { Clock } from '../../platform/clock.js';
import { hmac } from '../../platform/crypto.js';
import type { AuthContext, Authenticator } from '../../platform/http/auth-context.js';
import { errors } from '../../platform/http/errors.js';
import type { Logger } from '../../platform/logger.js';
import type { RateLimiter, RateRule } from '../../platform/rate-limit/rate-limiter.js';
import type { PinDelivery } from './pin-delivery.js';
import { RefreshTokens } from './refresh-tokens.js';
import type { AuthRepository, UserRow } from './repository.js';
import type { AccessTokens } from './tokens.js';

const MINUTE = 60_000;
// How long a just-replaced refresh token still renews its session (the usual rotation leeway of
// identity providers): long enough for a reload or a retried request, too short to be worth stealing.
export const REFRESH_REUSE_GRACE_MS = 30_000;
// Login limits. The per-id ones never lock the owner out for long: a stranger who knows an id can
// delay the web login by one cooldown, and the owner can always ask the bot itself (/pin).
export const RATE_RULES = {
  // One PIN sent to an id per cooldown (AUTH_PIN_COOLDOWN_SECONDS); a successful login ends it.
  pinCooldownPerId: { name: 'pin-request:id', limit: 1, windowMs: MINUTE } as RateRule,
  // PIN requests for one id from one address (AUTH_PIN_REQUESTS_PER_ID_HOUR).
  pinRequestPerIdIp: { name: 'pin-request:id-ip', limit: 5, windowMs: 60 * MINUTE } as RateRule,
  pinRequestPerIp: { name: 'pin-request:ip', limit: 30, windowMs: 10 * MINUTE },
  pinCheckPerIp: { name: 'pin-check:ip', limit: 60, windowMs: 10 * MINUTE },
  // Wrong guesses at an id's PINs from anywhere. Past it the login page sends that id no more PINs
  // until the hour slides on (the owner uses /pin in the bot meanwhile), so guessing from many
  // addresses stays bounded: 4 digits, at most this many tries an hour plus 5 per PIN the owner asks for.
  pinWrongPerId: { name: 'pin-wrong:id', limit: 10, windowMs: 60 * MINUTE },
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
  // PIN requests for one Telegram id from one address in an hour (RATE_RULES.pinRequestPerIdIp by default).
  pinRequestsPerIdHour?: number;
  // Seconds between two PINs sent to one id from the login page; 0 turns the cooldown off.
  pinCooldownSeconds?: number;
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
  readonly #refreshTokens: RefreshTokens;
  readonly #rules: { cooldown: RateRule; perIdIp: RateRule };

  constructor(private readonly d: AuthServiceDeps) {
    this.#refreshTokens = new RefreshTokens(d.secret);
    this.#rules = {
      cooldown: { ...RATE_RULES.pinCooldownPerId, windowMs: (d.pinCooldownSeconds ?? 60) * 1000 },
      perIdIp: { ...RATE_RULES.pinRequestPerIdIp, limit: d.pinRequestsPerIdHour ?? RATE_RULES.pinRequestPerIdIp.limit },
    };
    if (this.#rules.cooldown.windowMs === 0) this.#rules.cooldown.limit = 0;
    // A delivery channel people can write to (the admin bot) hands out PINs on request: the chat
    // is the proof of identity, so none of the login page's limits apply.
    d.delivery.listenForPinRequests?.((telegramId) => this.pinForChat(telegramId));
  }

  private pinHash(userId: number, pin: string): string {
    return hmac(this.d.secret, `pin:${userId}:${pin}`);
  }

  private sessionExpiry(now: Date): Date {
    return new Date(now.getTime() + this.d.sessionTtlDays * 86_400_000);
  }

  private async newPin(id: number): Promise<string> {
    const pin = String(randomInt(0, 10_000)).padStart(4, '0');
    const now = this.d.clock.now();
    await this.d.repo.savePin(id, this.pinHash(id, pin), now, new Date(now.getTime() + PIN_TTL_MS));
    return pin;
  }

  // The answer is the same whether or not the id belongs to a user, and so is the work: every id
  // gets a PIN row (nobody can read the PINs of unknown ids; checking one just counts a wrong try),
  // and the delivery starts after the answer is on its way.
  async requestPin(telegramId: string, meta: ClientMeta): Promise<void> {
    const id = Number(telegramId);
    const { limiter } = this.d;
    if (!(await limiter.hit(RATE_RULES.pinRequestPerIp, meta.ip))) throw errors.tooManyRequests();
    if (!(await limiter.hit(this.#rules.perIdIp, `${id}@${meta.ip}`))) throw errors.tooManyRequests();
    if ((await limiter.used(RATE_RULES.pinWrongPerId, String(id))) >= RATE_RULES.pinWrongPerId.limit) {
      throw errors.tooManyRequests();
    }
    if (!(await limiter.hit(this.#rules.cooldown, String(id)))) throw errors.tooManyRequests();
    const pin = await this.newPin(id);
    const user = await this.d.repo.findUser(id);
    if (!user || !user.active) return;
    process.nextTick(() => {
      this.d.delivery.deliver(id, pin, user.lang).catch((err: unknown) => {
        this.d.logger.error({ err, telegramId: id }, 'PIN delivery failed');
      });
    });
  }

  // A PIN for the person writing to the admin bot (their chat id is their Telegram id), or null
  // when they have no active cabinet access.
  async pinForChat(telegramId: number): Promise<{ pin: string; lang: string } | null> {
    const user = await this.d.repo.findUser(telegramId);
    if (!user || !user.active) return null;
    return { pin: await this.newPin(telegramId), lang: user.lang };
  }

  async checkPin(telegramId: string, pin: string, meta: ClientMeta): Promise<{ refreshToken: string }> {
    if (!(await this.d.limiter.hit(RATE_RULES.pinCheckPerIp, meta.ip))) throw errors.tooManyRequests();
    const id = Number(telegramId);
    const now = this.d.clock.now();
    const consumed = await this.d.repo.consumePin(id, this.pinHash(id, pin), now, PIN_MAX_ATTEMPTS);
    if (!consumed) {
      const attempts = await this.d.repo.countWrongAttempt(id, now, PIN_MAX_ATTEMPTS);
      if (attempts !== null) await this.d.limiter.hit(RATE_RULES.pinWrongPerId, String(id));
      if (attempts === null || attempts >= PIN_MAX_ATTEMPTS) throw errors.pinExpired();
      throw errors.wrongPin(PIN_MAX_ATTEMPTS - attempts);
    }
    const user = await this.d.repo.findUser(id);
    if (!user || !user.active) throw errors.pinExpired();
    const sessionId = randomUUID();
    const refreshToken = this.#refreshTokens.mint(sessionId);
    await this.d.repo.createSession({
      id: sessionId,
      userId: id,
      refreshHash: this.#refreshTokens.hash(refreshToken),
      now,
      expiresAt: this.sessionExpiry(now),
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    });
    // The owner is in: the next login may ask for a PIN at once.
    await this.d.limiter.reset(this.#rules.cooldown, String(id));
    return { refreshToken };
  }

  async getToken(
    telegramId: string,
    refreshToken: string,
  ): Promise<{ token: string; refreshToken: string; expiresIn: number; user: UserInfo }> {
    const refreshed = await this.refresh(refreshToken, Number(telegramId));
    const user = await this.d.repo.findUser(refreshed.userId);
    if (!user) throw errors.unauthorized();
    return { ...refreshed, user: toUserInfo(user) };
  }

  // Every use of a refresh token replaces it; presenting a replaced one ends the session.
  async refresh(
    refreshToken: string,
    expectedUserId?: number,
  ): Promise<{ token: string; refreshToken: string; expiresIn: number; userId: number }> {
    const now = this.d.clock.now();
    const read = this.#refreshTokens.read(refreshToken);
    if (read.kind === 'forged') throw errors.unauthorized();
    const hash = this.#refreshTokens.hash(refreshToken);
    const session = await this.d.repo.findSession(
      read.kind === 'bound' ? { id: read.sessionId } : { refreshHash: hash },
      now,
    );
    if (!session || !session.live) throw errors.unauthorized();
    if (expectedUserId !== undefined && session.userId !== expectedUserId) throw errors.unauthorized();
    // The token just replaced, presented again within the grace: the client never received the
    // answer of its refresh (the tab reloaded or the network dropped mid-request). It gets a fresh
    // token; the one it never saw is dropped. The grace runs from the first rotation, so it cannot be
    // stretched by repeating.
    const retried =
      session.refreshHash !== hash &&
      session.previousRefreshHash === hash &&
      session.rotatedAt !== null &&
      now.getTime() - session.rotatedAt.getTime() <= REFRESH_REUSE_GRACE_MS;
    if (session.refreshHash !== hash && !retried) {
      await this.d.repo.revokeSession(session.id, now);
      this.d.logger.warn({ sessionId: session.id, userId: session.userId }, 'refresh token reused: session ended');
      throw errors.unauthorized();
    }
    const next = this.#refreshTokens.mint(session.id);
    const rotated = await this.d.repo.rotateRefresh(
      session.id,
      session.refreshHash,
      this.#refreshTokens.hash(next),
      now,
      this.sessionExpiry(now),
      retried ? { hash, rotatedAt: session.rotatedAt! } : undefined,
    );
    // Another refresh with the same token won the race: this one gets nothing, the session lives on.
    if (!rotated) throw errors.unauthorized();
    return {
      token: this.d.tokens.sign(session.userId, session.id, now),
      refreshToken: next,
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
