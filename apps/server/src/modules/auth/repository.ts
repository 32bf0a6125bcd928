import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { branchMembers, users } from '../../platform/db/schema.js';
import { loginPins, sessions } from './schema.js';

export interface UserRow {
  telegramId: number;
  name: string;
  avatarUrl: string | null;
  lang: string;
  active: boolean;
}

export interface RefreshSessionRow {
  id: string;
  userId: number;
  refreshHash: string;
  previousRefreshHash: string | null;
  rotatedAt: Date | null;
  // Not revoked, not expired, and its user active.
  live: boolean;
}

export interface RequestAuthRow {
  userActive: boolean;
  memberRights: string[] | null;
  memberActive: boolean | null;
}

// One round trip per request: the session is live, the user active, and the branch membership.
// Prepared once: this runs on every authenticated call.
function prepareRequestAuth(db: Db) {
  return db
    .select({ userActive: users.active, memberRights: branchMembers.rights, memberActive: branchMembers.active })
    .from(sessions)
    .innerJoin(users, eq(users.telegramId, sessions.userId))
    .leftJoin(
      branchMembers,
      and(eq(branchMembers.userId, sessions.userId), eq(branchMembers.accId, sql.placeholder('accId'))),
    )
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('request_auth');
}

export class AuthRepository {
  readonly #requestAuth: ReturnType<typeof prepareRequestAuth>;

  constructor(private readonly db: Db) {
    this.#requestAuth = prepareRequestAuth(db);
  }

  async findUser(telegramId: number): Promise<UserRow | undefined> {
    const rows = await this.db
      .select({
        telegramId: users.telegramId,
        name: users.name,
        avatarUrl: users.avatarUrl,
        lang: users.lang,
        active: users.active,
      })
      .from(users)
      .where(eq(users.telegramId, telegramId));
    return rows[0];
  }

  // A new request replaces the previous PIN and its attempt count.
  async savePin(userId: number, pinHash: string, createdAt: Date, expiresAt: Date): Promise<void> {
    await this.db
      .insert(loginPins)
      .values({ userId, pinHash, attempts: 0, createdAt, expiresAt })
      .onConflictDoUpdate({ target: loginPins.userId, set: { pinHash, attempts: 0, createdAt, expiresAt } });
  }

  // Single use, race-free: only one of two concurrent checks of the same PIN can delete the row.
  async consumePin(userId: number, pinHash: string, now: Date, maxAttempts: number): Promise<boolean> {
    const rows = await this.db
      .delete(loginPins)
      .where(
        and(
          eq(loginPins.userId, userId),
          eq(loginPins.pinHash, pinHash),
          gt(loginPins.expiresAt, now),
          lt(loginPins.attempts, maxAttempts),
        ),
      )
      .returning({ userId: loginPins.userId });
    return rows.length === 1;
  }

  // Counts a wrong try on a live PIN; returns the attempts made, or null when there is no live PIN.
  async countWrongAttempt(userId: number, now: Date, maxAttempts: number): Promise<number | null> {
    const rows = await this.db
      .update(loginPins)
      .set({ attempts: sql`${loginPins.attempts} + 1` })
      .where(and(eq(loginPins.userId, userId), gt(loginPins.expiresAt, now), lt(loginPins.attempts, maxAttempts)))
      .returning({ attempts: loginPins.attempts });
    const attempts = rows[0]?.attempts;
    if (attempts === undefined) return null;
    if (attempts >= maxAttempts) await this.db.delete(loginPins).where(eq(loginPins.userId, userId));
    return attempts;
  }

  async createSession(row: {
    id: string;
    userId: number;
    refreshHash: string;
    now: Date;
    expiresAt: Date;
    ip: string | null;
    userAgent: string | null;
  }): Promise<void> {
    await this.db.insert(sessions).values({
      id: row.id,
      userId: row.userId,
      refreshHash: row.refreshHash,
      createdAt: row.now,
      lastUsedAt: row.now,
      expiresAt: row.expiresAt,
      ip: row.ip,
      userAgent: row.userAgent,
    });
  }

  // A session as a refresh finds it, by id (current tokens) or by refresh hash (older plain tokens).
  async findSession(by: { id: string } | { refreshHash: string }, now: Date): Promise<RefreshSessionRow | undefined> {
    const rows = await this.db
      .select({
        id: sessions.id,
        userId: sessions.userId,
        refreshHash: sessions.refreshHash,
        previousRefreshHash: sessions.previousRefreshHash,
        rotatedAt: sessions.rotatedAt,
        live: sql<boolean>`(${sessions.revokedAt} is null and ${sessions.expiresAt} > ${now.toISOString()} and ${users.active})`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.telegramId, sessions.userId))
      .where('id' in by ? eq(sessions.id, by.id) : eq(sessions.refreshHash, by.refreshHash));
    const row = rows[0];
    return row && { ...row, live: Boolean(row.live) };
  }

  // Swaps the refresh token of a live session of an active user, only if `oldHash` is still the
  // current one (of two racing refreshes with one token, one wins); the idle expiry slides forward.
  // `previous` is the token the client may still present within the grace (see AuthService.refresh).
  async rotateRefresh(
    id: string,
    oldHash: string,
    newHash: string,
    now: Date,
    newExpiresAt: Date,
    previous: { hash: string; rotatedAt: Date } = { hash: oldHash, rotatedAt: now },
  ): Promise<boolean> {
    const rows = await this.db
      .update(sessions)
      .set({
        refreshHash: newHash,
        previousRefreshHash: previous.hash,
        rotatedAt: previous.rotatedAt,
        lastUsedAt: now,
        expiresAt: newExpiresAt,
      })
      .where(
        and(
          eq(sessions.id, id),
          eq(sessions.refreshHash, oldHash),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
          sql`exists (select 1 from ${users} where ${users.telegramId} = ${sessions.userId} and ${users.active})`,
        ),
      )
      .returning({ id: sessions.id });
    return rows.length === 1;
  }

  async revokeSession(id: string, now: Date): Promise<void> {
    await this.db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, id));
  }

  async loadRequestAuth(
    sessionId: string,
    userId: number,
    accId: number | undefined,
    now: Date,
  ): Promise<RequestAuthRow | undefined> {
    // acc_id 0 matches no branch: the membership columns come back null.
    const rows = await this.#requestAuth.execute({ sessionId, userId, accId: accId ?? 0, now: now.toISOString() });
    return rows[0];
  }

  async purgeExpired(now: Date): Promise<void> {
    await this.db.delete(loginPins).where(lt(loginPins.expiresAt, now));
    await this.db
      .delete(sessions)
      .where(or(lt(sessions.expiresAt, now), lt(sessions.revokedAt, new Date(now.getTime() - 86_400_000))));
  }
}
