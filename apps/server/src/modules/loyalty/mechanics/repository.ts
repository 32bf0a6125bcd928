import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../platform/db/client.js';
import { branches } from '../../../platform/db/schema.js';
import { memberChats } from '../../../platform/db/member-chats.js';
import { loyaltyActions, loyaltyInvites, loyaltyLedger, loyaltyPushes, loyaltyReferrals } from '../schema.js';

export type ActionRow = typeof loyaltyActions.$inferSelect;
export type InviteRow = typeof loyaltyInvites.$inferSelect;
export type ReferralRow = typeof loyaltyReferrals.$inferSelect;
export type LedgerRow = typeof loyaltyLedger.$inferSelect;
export type NewLedgerEntry = Omit<typeof loyaltyLedger.$inferInsert, 'id'>;

// A claimed push with what the CRM transaction needs.
export interface ClaimedPush {
  entryId: number;
  accId: number;
  attempts: number;
  phone: string;
  beneficiary: string;
  kind: string;
  amount: number;
  cardTypeId: string;
  cardTypeGroupId: string | null;
  parentName: string;
  childName: string;
  parentPhone: string;
}

// Rights whose holders hear about a friend's request (owners, and admins who asked for notices).
const NOTIFIED_RIGHTS = ['owner', 'all', 'notify'];

// SQL of the invite links, referrals, the append-only ledger and its pushes.
export class MechanicsRepository {
  constructor(readonly db: Db) {}

  with(tx: Db): MechanicsRepository {
    return new MechanicsRepository(tx);
  }

  async action(accId: number, id: number): Promise<ActionRow | null> {
    const [row] = await this.db
      .select()
      .from(loyaltyActions)
      .where(and(eq(loyaltyActions.accId, accId), eq(loyaltyActions.id, id)));
    return row ?? null;
  }

  async actionById(id: number): Promise<ActionRow | null> {
    const [row] = await this.db.select().from(loyaltyActions).where(eq(loyaltyActions.id, id));
    return row ?? null;
  }

  async branchFacts(accId: number): Promise<{ timeZone: string } | null> {
    const [row] = await this.db.select({ timeZone: branches.timeZone }).from(branches).where(eq(branches.accId, accId));
    return row ?? null;
  }

  // --- Invites ---

  // The first code for this action and phone wins; a racing second insert reads the winner's.
  async ensureInvite(row: InviteRow): Promise<string> {
    await this.db
      .insert(loyaltyInvites)
      .values(row)
      .onConflictDoNothing({ target: [loyaltyInvites.actionId, loyaltyInvites.parentPhone] });
    const [found] = await this.db
      .select({ code: loyaltyInvites.code })
      .from(loyaltyInvites)
      .where(and(eq(loyaltyInvites.actionId, row.actionId), eq(loyaltyInvites.parentPhone, row.parentPhone)));
    if (!found) throw new Error(`loyalty: invite of action ${row.actionId} vanished`);
    return found.code;
  }

  async invite(code: string): Promise<InviteRow | null> {
    const [row] = await this.db.select().from(loyaltyInvites).where(eq(loyaltyInvites.code, code));
    return row ?? null;
  }

  // Serialises the accruals of one inviting client's friends (the monthly limit counts them).
  async lockInvite(code: string): Promise<InviteRow | null> {
    const [row] = await this.db.select().from(loyaltyInvites).where(eq(loyaltyInvites.code, code)).for('update');
    return row ?? null;
  }

  // --- Referrals ---

  // One referral per branch and friend: false when the friend was attributed before.
  async addReferral(row: Omit<typeof loyaltyReferrals.$inferInsert, 'id'>): Promise<boolean> {
    const saved = await this.db
      .insert(loyaltyReferrals)
      .values(row)
      .onConflictDoNothing({ target: [loyaltyReferrals.accId, loyaltyReferrals.childPhone] })
      .returning({ id: loyaltyReferrals.id });
    return saved.length > 0;
  }

  async referralOf(accId: number, childPhone: string, lock = false): Promise<ReferralRow | null> {
    const query = this.db
      .select()
      .from(loyaltyReferrals)
      .where(and(eq(loyaltyReferrals.accId, accId), eq(loyaltyReferrals.childPhone, childPhone)));
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  }

  async rejectReferral(id: number, reason: string): Promise<void> {
    await this.db
      .update(loyaltyReferrals)
      .set({ status: 'rejected', rejectReason: reason })
      .where(eq(loyaltyReferrals.id, id));
  }

  async markFirstPaid(id: number, at: Date): Promise<void> {
    await this.db
      .update(loyaltyReferrals)
      .set({ firstPaidAt: at })
      .where(and(eq(loyaltyReferrals.id, id), isNull(loyaltyReferrals.firstPaidAt)));
  }

  // --- Ledger ---

  async entriesOfRecord(accId: number, recordId: string): Promise<LedgerRow[]> {
    return this.db
      .select()
      .from(loyaltyLedger)
      .where(and(eq(loyaltyLedger.accId, accId), eq(loyaltyLedger.recordId, recordId)))
      .orderBy(asc(loyaltyLedger.id));
  }

  // The friend's paid visits so far: records with an accrual that was not taken back.
  async paidVisits(referralId: number): Promise<number> {
    const [row] = await queryRows<{ n: string | number }>(
      this.db,
      sql`
      select count(distinct a.record_id) as n from loyalty_ledger a
      where a.referral_id = ${referralId} and a.kind = 'accrual'
        and not exists (select 1 from loyalty_ledger r
          where r.acc_id = a.acc_id and r.record_id = a.record_id and r.beneficiary = a.beneficiary and r.kind = 'reversal')`,
    );
    return Number(row?.n ?? 0);
  }

  async hasParentAccrual(referralId: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: loyaltyLedger.id })
      .from(loyaltyLedger)
      .where(
        and(
          eq(loyaltyLedger.referralId, referralId),
          eq(loyaltyLedger.beneficiary, 'parent'),
          eq(loyaltyLedger.kind, 'accrual'),
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  // Other friends the inviting client was paid for in [from, to), not taken back.
  async parentFriendsPaid(actionId: number, parentPhone: string, exceptReferral: number, from: Date, to: Date) {
    const [row] = await queryRows<{ n: string | number }>(
      this.db,
      sql`
      select count(distinct a.referral_id) as n from loyalty_ledger a
      where a.action_id = ${actionId} and a.phone = ${parentPhone} and a.beneficiary = 'parent'
        and a.kind = 'accrual' and a.referral_id <> ${exceptReferral}
        and a.created_at >= ${from.toISOString()}::timestamptz and a.created_at < ${to.toISOString()}::timestamptz
        and not exists (select 1 from loyalty_ledger r
          where r.acc_id = a.acc_id and r.record_id = a.record_id and r.beneficiary = a.beneficiary and r.kind = 'reversal')`,
    );
    return Number(row?.n ?? 0);
  }

  // The entry, and its push when it moves points; a replay (the unique key is taken) adds nothing.
  async addEntry(entry: NewLedgerEntry, now: Date): Promise<number | null> {
    const [saved] = await this.db
      .insert(loyaltyLedger)
      .values(entry)
      .onConflictDoNothing({
        target: [loyaltyLedger.accId, loyaltyLedger.recordId, loyaltyLedger.beneficiary, loyaltyLedger.kind],
      })
      .returning({ id: loyaltyLedger.id });
    if (!saved) return null;
    if (entry.amount !== 0) {
      await this.db
        .insert(loyaltyPushes)
        .values({ entryId: saved.id, accId: entry.accId, status: 'pending', nextAt: now });
    }
    return saved.id;
  }

  // Accruals and reversals of a client on a record ({bonus_add}, {bonus_withdraw}).
  async recordSums(accId: number, recordId: string, phone: string): Promise<{ add: number; withdraw: number }> {
    const rows = await this.db
      .select({ kind: loyaltyLedger.kind, sum: sql<string | number>`coalesce(sum(${loyaltyLedger.amount}), 0)` })
      .from(loyaltyLedger)
      .where(and(eq(loyaltyLedger.accId, accId), eq(loyaltyLedger.recordId, recordId), eq(loyaltyLedger.phone, phone)))
      .groupBy(loyaltyLedger.kind);
    const of = (kind: string) => Number(rows.find((r) => r.kind === kind)?.sum ?? 0);
    return { add: of('accrual'), withdraw: Math.abs(of('reversal')) };
  }

  // --- Pushes ---

  // Claims due pushes: each is leased (next_at moved on) so a crashed pusher's rows come back later,
  // and rows another pusher holds are skipped.
  async claimPushes(now: Date, leaseMs: number, limit: number): Promise<ClaimedPush[]> {
    const until = new Date(now.getTime() + leaseMs);
    const claimed = await queryRows<{ entry_id: string | number; attempts: number }>(
      this.db,
      sql`
      update loyalty_pushes set next_at = ${until.toISOString()}::timestamptz, attempts = attempts + 1
      where entry_id in (
        select entry_id from loyalty_pushes
        where status = 'pending' and next_at <= ${now.toISOString()}::timestamptz
        order by next_at, entry_id limit ${limit}
        for update skip locked)
      returning entry_id, attempts`,
    );
    if (claimed.length === 0) return [];
    const attempts = new Map(claimed.map((c) => [Number(c.entry_id), Number(c.attempts)]));
    const rows = await this.db
      .select({
        entryId: loyaltyLedger.id,
        accId: loyaltyLedger.accId,
        phone: loyaltyLedger.phone,
        beneficiary: loyaltyLedger.beneficiary,
        kind: loyaltyLedger.kind,
        amount: loyaltyLedger.amount,
        cardTypeId: loyaltyLedger.cardTypeId,
        cardTypeGroupId: loyaltyActions.cardTypeGroupId,
        parentName: loyaltyInvites.parentName,
        childName: loyaltyReferrals.childName,
        parentPhone: loyaltyReferrals.parentPhone,
      })
      .from(loyaltyLedger)
      .innerJoin(loyaltyReferrals, eq(loyaltyReferrals.id, loyaltyLedger.referralId))
      .innerJoin(loyaltyActions, eq(loyaltyActions.id, loyaltyLedger.actionId))
      .leftJoin(loyaltyInvites, eq(loyaltyInvites.code, loyaltyReferrals.inviteCode))
      .where(inArray(loyaltyLedger.id, [...attempts.keys()]))
      .orderBy(asc(loyaltyLedger.id));
    return rows.map((r) => ({ ...r, parentName: r.parentName ?? '', attempts: attempts.get(r.entryId) ?? 1 }));
  }

  async pushed(entryId: number, at: Date): Promise<void> {
    await this.db
      .update(loyaltyPushes)
      .set({ status: 'pushed', pushedAt: at, lastError: null })
      .where(eq(loyaltyPushes.entryId, entryId));
  }

  async pushFailed(entryId: number, error: string, nextAt: Date | null): Promise<void> {
    await this.db
      .update(loyaltyPushes)
      .set(nextAt ? { lastError: error, nextAt } : { lastError: error, status: 'failed' })
      .where(eq(loyaltyPushes.entryId, entryId));
  }

  // --- Admins ---

  async notifiedChats(accId: number): Promise<number[]> {
    return (await memberChats(this.db, accId, NOTIFIED_RIGHTS)).map((m) => m.chatId);
  }
}
