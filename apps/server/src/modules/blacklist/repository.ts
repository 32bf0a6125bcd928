import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { RecipientPolicy } from '../../channels/dispatch/recipient-policy.js';
import type { Db } from '../../platform/db/client.js';
import { blacklist } from './schema.js';

// The dispatcher's blacklist check (channels/dispatch/recipient-policy.ts), read in its claiming
// statement: this module owns the table, so the SQL that reads it lives here.
export function blacklistPolicy(): Pick<RecipientPolicy, 'blocked'> {
  return {
    blocked: (accId: SQL, phone: SQL) =>
      sql<boolean>`exists (select 1 from ${blacklist} b where b.acc_id = ${accId} and b.phone = ${phone})`,
  };
}

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
