import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { partnerLeads, partnerPromoCodes } from '../schema.js';

export type LeadRow = typeof partnerLeads.$inferSelect;
export type NewLead = Omit<typeof partnerLeads.$inferInsert, 'id'>;

// pg_advisory_xact_lock(namespace, hashtext(phone)): two partners registering one phone at the same
// moment are judged one after the other, so only the first gets it.
const PHONE_LOCK_NAMESPACE = 0x1ead;

// The partners' leads (SPEC 3 Leads). The payments side calls markPaid and linkBranch inside its own
// transactions, so those take the transaction they run in.
export class LeadsRepository {
  constructor(private readonly db: Db) {}

  // Newest first.
  async listOf(code: string): Promise<LeadRow[]> {
    return this.db
      .select()
      .from(partnerLeads)
      .where(eq(partnerLeads.promoCode, code))
      .orderBy(desc(partnerLeads.createdAt), desc(partnerLeads.id));
  }

  async countOf(code: string): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(partnerLeads).where(eq(partnerLeads.promoCode, code));
    return Number(row?.n ?? 0);
  }

  // Runs `work` in a transaction that holds the phone's lock.
  async underPhoneLock<T>(phone: string, work: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${PHONE_LOCK_NAMESPACE}, hashtext(${phone}))`);
      return work(tx);
    });
  }

  // The phone's latest registration by any partner: the one whose protection lasts longest.
  async latestByPhone(tx: Db, phone: string): Promise<LeadRow | undefined> {
    const [row] = await tx
      .select()
      .from(partnerLeads)
      .where(eq(partnerLeads.phone, phone))
      .orderBy(desc(partnerLeads.createdAt), desc(partnerLeads.id))
      .limit(1);
    return row;
  }

  async insert(tx: Db, lead: NewLead): Promise<void> {
    await tx.insert(partnerLeads).values(lead);
  }

  // A brought branch paid: its leads are 'paid' (status 1).
  async markPaid(tx: Db, accId: number): Promise<void> {
    await tx.update(partnerLeads).set({ status: 1 }).where(eq(partnerLeads.accId, accId));
  }

  // A branch connected through `code`: the code owner's unlinked leads with one of its phones (digits
  // with the country code, as stored) are now that branch, on test (status 5). Leads of other
  // partners keep theirs.
  async linkBranch(tx: Db, p: { accId: number; code: string; phones: string[] }): Promise<void> {
    if (p.phones.length === 0) return;
    const owner = tx
      .select({ userId: partnerPromoCodes.userId })
      .from(partnerPromoCodes)
      .where(eq(partnerPromoCodes.code, p.code));
    await tx
      .update(partnerLeads)
      .set({ accId: p.accId, status: 5 })
      .where(
        and(inArray(partnerLeads.userId, owner), inArray(partnerLeads.phone, p.phones), isNull(partnerLeads.accId)),
      );
  }
}
