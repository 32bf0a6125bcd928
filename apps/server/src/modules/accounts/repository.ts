import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { agreements, banners, headerBanners, infoBlocks } from './schema.js';
import { branches, branchMembers, users } from '../../platform/db/schema.js';

export type BranchRow = typeof branches.$inferSelect & { rights: string[] };
export type BannerRow = typeof banners.$inferSelect;

// Prepared once: the accounts load runs on every page open and every 30 minutes per tab.
function prepareBranchesOf(db: Db) {
  return db
    .select({ branch: branches, rights: branchMembers.rights })
    .from(branchMembers)
    .innerJoin(branches, eq(branches.accId, branchMembers.accId))
    .where(and(eq(branchMembers.userId, sql.placeholder('userId')), eq(branchMembers.active, true)))
    .orderBy(asc(branches.accId))
    .prepare('branches_of');
}

// The user with agreements and one info-block count, in one round trip.
function prepareProfile(db: Db) {
  return db
    .select({
      user: users,
      mandatory: agreements.mandatory,
      optional: agreements.optional,
      infoBlockCount: infoBlocks.count,
    })
    .from(users)
    .leftJoin(agreements, eq(agreements.userId, users.telegramId))
    .leftJoin(
      infoBlocks,
      and(eq(infoBlocks.userId, users.telegramId), eq(infoBlocks.blockName, sql.placeholder('blockName'))),
    )
    .where(eq(users.telegramId, sql.placeholder('userId')))
    .prepare('account_profile');
}

export class AccountsRepository {
  readonly #branchesOf: ReturnType<typeof prepareBranchesOf>;
  readonly #profile: ReturnType<typeof prepareProfile>;

  constructor(private readonly db: Db) {
    this.#branchesOf = prepareBranchesOf(db);
    this.#profile = prepareProfile(db);
  }

  async branchesOf(userId: number): Promise<BranchRow[]> {
    const rows = await this.#branchesOf.execute({ userId });
    return rows.map((r) => ({ ...r.branch, rights: r.rights }));
  }

  async profile(userId: number, blockName: string | undefined) {
    const rows = await this.#profile.execute({ userId, blockName: blockName ?? '' });
    return rows[0];
  }

  async saveAgreements(userId: number, mandatory: boolean, optional: boolean, now: Date) {
    await this.db
      .insert(agreements)
      .values({ userId, mandatory, optional, updatedAt: now })
      .onConflictDoUpdate({ target: agreements.userId, set: { mandatory, optional, updatedAt: now } });
  }

  async activeBanners() {
    return this.db.select().from(banners).where(eq(banners.active, true)).orderBy(asc(banners.id));
  }

  async infoBlockCount(userId: number, blockName: string): Promise<number> {
    const rows = await this.db
      .select({ count: infoBlocks.count })
      .from(infoBlocks)
      .where(and(eq(infoBlocks.userId, userId), eq(infoBlocks.blockName, blockName)));
    return rows[0]?.count ?? 0;
  }

  async incrementInfoBlock(userId: number, blockName: string): Promise<boolean> {
    const rows = await this.db
      .insert(infoBlocks)
      .values({ userId, blockName, count: 1 })
      .onConflictDoUpdate({
        target: [infoBlocks.userId, infoBlocks.blockName],
        set: { count: sql`${infoBlocks.count} + 1` },
      })
      .returning({ count: infoBlocks.count });
    return rows.length > 0;
  }

  async latestHeaderBanner() {
    const rows = await this.db
      .select()
      .from(headerBanners)
      .where(eq(headerBanners.active, true))
      .orderBy(desc(headerBanners.id))
      .limit(1);
    return rows[0];
  }

  // The branch's pay summary, written by the payments module in its own transaction (`db`).
  async setPayState(
    db: Db,
    accId: number,
    state: { payPeriod: string | null; payStatus: boolean; activeModules: string[] },
  ): Promise<void> {
    await db.update(branches).set(state).where(eq(branches.accId, accId));
  }

  async setLang(userId: number, lang: string): Promise<void> {
    await this.db.update(users).set({ lang }).where(eq(users.telegramId, userId));
  }
}
