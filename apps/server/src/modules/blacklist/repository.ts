import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { blacklist } from '../../channels/schema.js';

export class BlacklistRepository {
  constructor(private readonly db: Db) {}

  async list(accId: number): Promise<string[]> {
    const rows = await this.db
      .select({ phone: blacklist.phone })
      .from(blacklist)
      .where(eq(blacklist.accId, accId))
      .orderBy(asc(blacklist.createdAt), asc(blacklist.phone));
    return rows.map((r) => r.phone);
  }

  async add(accId: number, phone: string): Promise<boolean> {
    const rows = await this.db
      .insert(blacklist)
      .values({ accId, phone })
      .onConflictDoNothing()
      .returning({ phone: blacklist.phone });
    return rows.length > 0;
  }

  async remove(accId: number, phone: string): Promise<boolean> {
    const rows = await this.db
      .delete(blacklist)
      .where(and(eq(blacklist.accId, accId), eq(blacklist.phone, phone)))
      .returning({ phone: blacklist.phone });
    return rows.length > 0;
  }
}
