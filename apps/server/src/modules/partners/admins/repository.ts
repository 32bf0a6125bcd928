import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { users } from '../../../platform/db/schema.js';
import { partnerAdmins } from '../schema.js';

export type PartnerAdminRow = typeof partnerAdmins.$inferSelect;

// Partner admins of one promo code (SPEC 6). PartnerProfiles reads the same rows for what a user holds.
export class PartnerAdminsRepository {
  constructor(private readonly db: Db) {}

  async list(code: string): Promise<PartnerAdminRow[]> {
    return this.db
      .select()
      .from(partnerAdmins)
      .where(eq(partnerAdmins.promoCode, code))
      .orderBy(asc(partnerAdmins.createdAt), asc(partnerAdmins.telegramId));
  }

  // A partner admin signs in like anyone else, so it becomes a user if it is not one; false when it
  // already administers the code.
  async add(admin: { code: string; telegramId: number; name: string; access: boolean; now: Date }): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(partnerAdmins)
        .values({
          promoCode: admin.code,
          telegramId: admin.telegramId,
          name: admin.name,
          access: admin.access,
          createdAt: admin.now,
        })
        .onConflictDoNothing()
        .returning({ telegramId: partnerAdmins.telegramId });
      if (inserted.length === 0) return false;
      await tx
        .insert(users)
        .values({ telegramId: admin.telegramId, name: admin.name, lang: 'ru', createdAt: admin.now })
        .onConflictDoNothing();
      return true;
    });
  }

  async update(code: string, telegramId: number, change: { name: string; access: boolean }): Promise<boolean> {
    const rows = await this.db
      .update(partnerAdmins)
      .set(change)
      .where(and(eq(partnerAdmins.promoCode, code), eq(partnerAdmins.telegramId, telegramId)))
      .returning({ telegramId: partnerAdmins.telegramId });
    return rows.length > 0;
  }

  async remove(code: string, telegramId: number): Promise<boolean> {
    const rows = await this.db
      .delete(partnerAdmins)
      .where(and(eq(partnerAdmins.promoCode, code), eq(partnerAdmins.telegramId, telegramId)))
      .returning({ telegramId: partnerAdmins.telegramId });
    return rows.length > 0;
  }
}
