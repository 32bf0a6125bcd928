import { and, asc, desc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { PAY_MODULES, type PayModule } from '@salon/contract/payments';
import type { Db } from '../../platform/db/client.js';
import { branches, branchMembers } from '../../platform/db/schema.js';
import { paymentAccounts, paymentModulePeriods, payments } from './schema.js';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentAccountRow = typeof paymentAccounts.$inferSelect;
export interface ModulePeriod {
  module: PayModule;
  paidTill: string;
  testPeriod: boolean;
}
export interface BranchTerms {
  currency: string;
  timeZone: string;
  // The branch row's summary, written before this module kept periods per module.
  activeModules: string[];
  payPeriod: string | null;
}

const isModule = (m: string): m is PayModule => (PAY_MODULES as readonly string[]).includes(m);

export class PaymentsRepository {
  constructor(private readonly db: Db) {}

  async branch(accId: number): Promise<BranchTerms | undefined> {
    const [row] = await this.db
      .select({
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
  async periods(accId: number, db: Db = this.db): Promise<{ rows: ModulePeriod[]; derived: boolean }> {
    const rows = await db
      .select({
        module: paymentModulePeriods.module,
        paidTill: paymentModulePeriods.paidTill,
        testPeriod: paymentModulePeriods.testPeriod,
      })
      .from(paymentModulePeriods)
      .where(eq(paymentModulePeriods.accId, accId));
    const own = rows.filter((r): r is ModulePeriod => isModule(r.module));
    if (own.length > 0) return { rows: own, derived: false };
    const [branch] = await db
      .select({ activeModules: branches.activeModules, payPeriod: branches.payPeriod })
      .from(branches)
      .where(eq(branches.accId, accId));
    const payPeriod = branch?.payPeriod;
    if (!payPeriod) return { rows: [], derived: true };
    return {
      rows: branch.activeModules.filter(isModule).map((module) => ({ module, paidTill: payPeriod, testPeriod: false })),
      derived: true,
    };
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

  async insertPayment(row: typeof payments.$inferInsert): Promise<PaymentRow> {
    const [created] = await this.db.insert(payments).values(row).returning();
    return created!;
  }

  async setProviderPayment(id: number, providerPaymentId: string, confirmationUrl: string | null): Promise<void> {
    await this.db.update(payments).set({ providerPaymentId, confirmationUrl }).where(eq(payments.id, id));
  }

  // Only a pending payment is canceled: a late cancel never undoes a confirmed one.
  async cancel(id: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(payments)
      .set({ status: 'canceled', confirmedAt: now })
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

  async lastSucceeded(accId: number): Promise<PaymentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.accId, accId), eq(payments.status, 'succeeded')))
      .orderBy(desc(payments.confirmedAt), desc(payments.id))
      .limit(1);
    return row;
  }

  history(accId: number): Promise<PaymentRow[]> {
    return this.db
      .select()
      .from(payments)
      .where(and(eq(payments.accId, accId), eq(payments.status, 'succeeded')))
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
      .where(and(eq(payments.status, 'pending'), isNull(payments.providerPaymentId), lt(payments.createdAt, before)))
      .returning({ id: payments.id });
    return rows.length;
  }
}
