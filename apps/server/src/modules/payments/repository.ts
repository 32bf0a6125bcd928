import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { PAY_MODULES, type PayModule } from '@salon/contract/payments';
import { memberChats, type MemberChat } from '../../platform/db/member-chats.js';
import type { Db } from '../../platform/db/client.js';
import { branches, branchMembers } from '../../platform/db/schema.js';
import { paymentAccounts, paymentModulePeriods, paymentNotices, payments } from './schema.js';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentAccountRow = typeof paymentAccounts.$inferSelect;
export interface ModulePeriod {
  module: PayModule;
  paidTill: string;
  testPeriod: boolean;
}
export interface BranchTerms {
  name: string;
  currency: string;
  timeZone: string;
  // The branch row's summary, written before this module kept periods per module.
  activeModules: string[];
  payPeriod: string | null;
}

const isModule = (m: string): m is PayModule => (PAY_MODULES as readonly string[]).includes(m);

export class PaymentsRepository {
  constructor(private readonly db: Db) {}

  async branch(accId: number, db: Db = this.db): Promise<BranchTerms | undefined> {
    const [row] = await db
      .select({
        name: branches.name,
        currency: branches.currency,
        timeZone: branches.timeZone,
        activeModules: branches.activeModules,
        payPeriod: branches.payPeriod,
      })
      .from(branches)
      .where(eq(branches.accId, accId));
    return row;
  }

  async lockBranch(db: Db, accId: number): Promise<void> {
    await db.select({ accId: branches.accId }).from(branches).where(eq(branches.accId, accId)).for('update');
  }

  async account(accId: number): Promise<PaymentAccountRow | undefined> {
    const [row] = await this.db.select().from(paymentAccounts).where(eq(paymentAccounts.accId, accId));
    return row;
  }

  async employeeCount(accId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(branchMembers)
      .where(and(eq(branchMembers.accId, accId), eq(branchMembers.active, true)));
    return Number(row?.n ?? 0);
  }

  // The branch's module periods. A branch paid before this table existed has none: its branch row's
  // active modules and pay period stand for them until the first confirmed payment writes rows.
  // `known`: the branch has payment data at all (module rows, or a pay period on its row).
  async periods(accId: number, db: Db = this.db): Promise<{ rows: ModulePeriod[]; derived: boolean; known: boolean }> {
    const rows = await db
      .select({
        module: paymentModulePeriods.module,
        paidTill: paymentModulePeriods.paidTill,
        testPeriod: paymentModulePeriods.testPeriod,
      })
      .from(paymentModulePeriods)
      .where(eq(paymentModulePeriods.accId, accId));
    const own = rows.filter((r): r is ModulePeriod => isModule(r.module));
    if (own.length > 0) return { rows: own, derived: false, known: true };
    const [branch] = await db
      .select({ activeModules: branches.activeModules, payPeriod: branches.payPeriod })
      .from(branches)
      .where(eq(branches.accId, accId));
    const payPeriod = branch?.payPeriod;
    if (!payPeriod) return { rows: [], derived: true, known: rows.length > 0 };
    return {
      rows: branch.activeModules.filter(isModule).map((module) => ({ module, paidTill: payPeriod, testPeriod: false })),
      derived: true,
      known: true,
    };
  }

  // Module periods of many branches at once (the partner table); a branch without rows stands on its
  // branch row's pay period, as in periods().
  async periodsOfMany(accIds: readonly number[]): Promise<Map<number, ModulePeriod[]>> {
    const out = new Map<number, ModulePeriod[]>();
    if (accIds.length === 0) return out;
    const rows = await this.db
      .select({
        accId: paymentModulePeriods.accId,
        module: paymentModulePeriods.module,
        paidTill: paymentModulePeriods.paidTill,
        testPeriod: paymentModulePeriods.testPeriod,
      })
      .from(paymentModulePeriods)
      .where(inArray(paymentModulePeriods.accId, [...accIds]));
    for (const { accId, ...r } of rows) {
      if (!isModule(r.module)) continue;
      out.set(accId, [...(out.get(accId) ?? []), r as ModulePeriod]);
    }
    const rest = accIds.filter((id) => !out.has(id));
    if (rest.length > 0) {
      const legacy = await this.db
        .select({ accId: branches.accId, activeModules: branches.activeModules, payPeriod: branches.payPeriod })
        .from(branches)
        .where(inArray(branches.accId, rest));
      for (const b of legacy) {
        const payPeriod = b.payPeriod;
        if (!payPeriod) continue;
        out.set(
          b.accId,
          b.activeModules.filter(isModule).map((module) => ({ module, paidTill: payPeriod, testPeriod: false })),
        );
      }
    }
    return out;
  }

  async savePeriods(db: Db, accId: number, rows: readonly ModulePeriod[], now: Date): Promise<void> {
    if (rows.length === 0) return;
    await db
      .insert(paymentModulePeriods)
      .values(rows.map((r) => ({ accId, ...r, updatedAt: now })))
      .onConflictDoUpdate({
        target: [paymentModulePeriods.accId, paymentModulePeriods.module],
        set: { paidTill: sql`excluded.paid_till`, testPeriod: sql`excluded.test_period`, updatedAt: now },
      });
  }

  async insertPayment(row: typeof payments.$inferInsert, db: Db = this.db): Promise<PaymentRow> {
    const [created] = await db.insert(payments).values(row).returning();
    return created!;
  }

  async setProviderPayment(id: number, providerPaymentId: string, confirmationUrl: string | null): Promise<void> {
    await this.db.update(payments).set({ providerPaymentId, confirmationUrl }).where(eq(payments.id, id));
  }

  // Only a pending payment is canceled: a late cancel never undoes a confirmed one. `reason`: the
  // provider's (a declined autopay charge keeps why).
  async cancel(id: number, now: Date, reason: string | null = null): Promise<boolean> {
    const rows = await this.db
      .update(payments)
      .set({ status: 'canceled', confirmedAt: now, ...(reason ? { failureReason: reason } : {}) })
      .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
      .returning({ id: payments.id });
    return rows.length > 0;
  }

  // The provider took another amount, currency or branch than this payment asked: never applied.
  async markMismatch(id: number, now: Date): Promise<void> {
    await this.db
      .update(payments)
      .set({ status: 'mismatch', confirmedAt: now })
      .where(and(eq(payments.id, id), eq(payments.status, 'pending')));
  }

  async byProviderId(provider: string, providerPaymentId: string): Promise<PaymentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)));
    return row;
  }

  // Marks the payment succeeded and applied once: the caller extends the periods only when this
  // returned true, in the same transaction.
  async markApplied(db: Db, id: number, now: Date): Promise<boolean> {
    const rows = await db
      .update(payments)
      .set({ status: 'succeeded', confirmedAt: now, appliedAt: now })
      .where(and(eq(payments.id, id), isNull(payments.appliedAt)))
      .returning({ id: payments.id });
    return rows.length > 0;
  }

  // Bonus days granted (a partner's withdrawal) are no plan the branch chose.
  async lastSucceeded(accId: number): Promise<PaymentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.accId, accId),
          eq(payments.status, 'succeeded'),
          ne(payments.type, 'binding'),
          ne(payments.type, 'bonus'),
        ),
      )
      .orderBy(desc(payments.confirmedAt), desc(payments.id))
      .limit(1);
    return row;
  }

  // A card binding bought nothing: it is not in the history.
  history(accId: number): Promise<PaymentRow[]> {
    return this.db
      .select()
      .from(payments)
      .where(and(eq(payments.accId, accId), eq(payments.status, 'succeeded'), ne(payments.type, 'binding')))
      .orderBy(desc(payments.confirmedAt), desc(payments.id));
  }

  // Pending payments the provider knows, created between `from` and `before`: the sweep re-reads them.
  stalePending(provider: string, from: Date, before: Date, limit: number): Promise<PaymentRow[]> {
    return this.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.provider, provider),
          eq(payments.status, 'pending'),
          isNotNull(payments.providerPaymentId),
          gt(payments.createdAt, from),
          lt(payments.createdAt, before),
        ),
      )
      .orderBy(asc(payments.createdAt))
      .limit(limit);
  }

  // A create that never reached the provider's answer (a crash between our insert and theirs): the
  // payer never got the link, so nothing can be paid on it.
  async cancelUnsent(before: Date, now: Date): Promise<number> {
    const rows = await this.db
      .update(payments)
      .set({ status: 'canceled', confirmedAt: now })
      .where(
        and(
          eq(payments.status, 'pending'),
          isNull(payments.providerPaymentId),
          lt(payments.createdAt, before),
          // An autopay charge is retried with its own key by the dunning sweep.
          ne(payments.type, 'autopay'),
        ),
      )
      .returning({ id: payments.id });
    return rows.length;
  }

  // --- Autopay and dunning ---

  // Inserts a payment unless one with its idempotence key exists (two sweeps at once: one charge).
  async insertPaymentOnce(row: typeof payments.$inferInsert): Promise<PaymentRow | undefined> {
    const [created] = await this.db.insert(payments).values(row).onConflictDoNothing().returning();
    return created;
  }

  byIdempotenceKey(key: string): Promise<PaymentRow | undefined> {
    return this.db
      .select()
      .from(payments)
      .where(eq(payments.idempotenceKey, key))
      .then((rows) => rows[0]);
  }

  // The autopay charges made for one paid-till day (its tries).
  autopayTries(accId: number, dueDay: string): Promise<PaymentRow[]> {
    return this.db
      .select()
      .from(payments)
      .where(and(eq(payments.accId, accId), eq(payments.type, 'autopay'), eq(payments.dueDay, dueDay)))
      .orderBy(asc(payments.id));
  }

  // A confirmed card binding turns autopay on with its card and plan (in the confirming transaction).
  async saveAutopay(
    db: Db,
    accId: number,
    card: { paymentMethodId: string; last4: string | null; months: number; modules: string[] },
    now: Date,
  ): Promise<void> {
    const set = {
      autopay: true,
      paymentMethodId: card.paymentMethodId,
      last4: card.last4,
      autopayMonths: card.months,
      autopayModules: card.modules,
      updatedAt: now,
    };
    await db
      .insert(paymentAccounts)
      .values({ accId, ...set })
      .onConflictDoUpdate({ target: paymentAccounts.accId, set });
  }

  // Autopay off: the saved card is forgotten, so nothing can be charged on it any more.
  async autopayOff(accId: number, now: Date): Promise<void> {
    await this.db
      .update(paymentAccounts)
      .set({ autopay: false, paymentMethodId: null, last4: null, updatedAt: now })
      .where(eq(paymentAccounts.accId, accId));
  }

  async markRefunded(id: number, amount: number, now: Date): Promise<void> {
    await this.db
      .update(payments)
      .set({ refundedAt: now, refundAmount: amount })
      .where(and(eq(payments.id, id), isNull(payments.refundedAt)));
  }

  // Confirmed card bindings whose refund did not go through yet.
  unrefundedBindings(limit: number): Promise<PaymentRow[]> {
    return this.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.type, 'binding'),
          eq(payments.status, 'succeeded'),
          isNull(payments.refundedAt),
          isNotNull(payments.providerPaymentId),
        ),
      )
      .orderBy(asc(payments.id))
      .limit(limit);
  }

  // Branches with payment data (module periods, or a pay period on the branch row): the others are
  // never gated (gating.ts).
  async branchesWithPayData(): Promise<{ accId: number; timeZone: string; currency: string }[]> {
    return this.db
      .select({ accId: branches.accId, timeZone: branches.timeZone, currency: branches.currency })
      .from(branches)
      .where(
        or(
          isNotNull(branches.payPeriod),
          sql`exists (select 1 from ${paymentModulePeriods} where ${paymentModulePeriods.accId} = ${branches.accId})`,
        ),
      )
      .orderBy(asc(branches.accId));
  }

  // The branch row's summary as it is now (the sweep rewrites it only when it changed).
  async branchPayState(accId: number, db: Db = this.db) {
    const [row] = await db
      .select({ payPeriod: branches.payPeriod, payStatus: branches.payStatus, activeModules: branches.activeModules })
      .from(branches)
      .where(eq(branches.accId, accId));
    return row;
  }

  // The branch's owners (rights owner or all) who may get the admin bot's messages, with their
  // interface language.
  owners(accId: number): Promise<MemberChat[]> {
    return memberChats(this.db, accId, ['owner', 'all']);
  }

  // Claims a dunning message: true once per (branch, kind, key), so it is sent at most once.
  async claimNotice(accId: number, kind: string, key: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .insert(paymentNotices)
      .values({ accId, kind, key, sentAt: now })
      .onConflictDoNothing()
      .returning({ key: paymentNotices.key });
    return rows.length > 0;
  }

  notices(accId: number, kinds: readonly string[]): Promise<{ kind: string; key: string }[]> {
    return this.db
      .select({ kind: paymentNotices.kind, key: paymentNotices.key })
      .from(paymentNotices)
      .where(and(eq(paymentNotices.accId, accId), inArray(paymentNotices.kind, [...kinds])));
  }
}
