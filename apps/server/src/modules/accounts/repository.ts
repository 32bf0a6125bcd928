import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { agreements, banners, branchMembers, branches, consultants, headerBanners, infoBlocks, users } from './schema.js';

export type BranchRow = typeof branches.$inferSelect & { rights: string[] };
export type ConsultantRow = typeof consultants.$inferSelect;

export class AccountsRepository {
  constructor(private readonly db: Db) {}

  async branchesOf(userId: number): Promise<BranchRow[]> {
    const rows = await this.db
      .select({ branch: branches, rights: branchMembers.rights })
      .from(branchMembers)
      .innerJoin(branches, eq(branches.accId, branchMembers.accId))
      .where(and(eq(branchMembers.userId, userId), eq(branchMembers.active, true)))
      .orderBy(asc(branches.accId));
    return rows.map((r) => ({ ...r.branch, rights: r.rights }));
  }

  async user(userId: number) {
    const rows = await this.db.select().from(users).where(eq(users.telegramId, userId));
    return rows[0];
  }

  async consultant(userId: number): Promise<ConsultantRow | undefined> {
    const rows = await this.db.select().from(consultants).where(eq(consultants.userId, userId));
    return rows[0];
  }

  async agreements(userId: number) {
    const rows = await this.db.select().from(agreements).where(eq(agreements.userId, userId));
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

  async incrementInfoBlock(userId: number, blockName: string): Promise<void> {
    await this.db
      .insert(infoBlocks)
      .values({ userId, blockName, count: 1 })
      .onConflictDoUpdate({
        target: [infoBlocks.userId, infoBlocks.blockName],
        set: { count: sql`${infoBlocks.count} + 1` },
      });
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

  async setLang(userId: number, lang: string): Promise<void> {
    await this.db.update(users).set({ lang }).where(eq(users.telegramId, userId));
  }
}
