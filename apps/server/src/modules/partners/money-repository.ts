import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { LedgerOp, OperationKind } from './money-rules.js';
import { consultants, partnerAttributions, partnerOperations, partnerPayouts, partnerPromoCodes } from './schema.js';

export type OperationRow = typeof partnerOperations.$inferSelect;
export type PayoutRow = typeof partnerPayouts.$inferSelect;

export interface AttributedTerms {
  promoCode: string;
  userId: number;
  oneTimePayRate: number;
  regularPayRate: number;
}

// The columns a ledger line is read with (the money service's and the pages' reads alike).
export const ledgerColumns = {
  id: partnerOperations.id,
  kind: partnerOperations.kind,
  income: partnerOperations.incomeAmount,
  accrued: partnerOperations.accruedAmount,
  payableFrom: partnerOperations.payableFrom,
  period: partnerOperations.period,
  payoutId: partnerOperations.payoutId,
  payoutStatus: partnerPayouts.status,
};

export function toLedgerOp(row: {
  id: number;
  kind: string;
  income: number;
  accrued: number;
  payableFrom: string;
  period: string;
  payoutId: number | null;
  payoutStatus: string | null;
}): LedgerOp {
  return {
    id: row.id,
    kind: row.kind === 'reversal' ? 'reversal' : 'accrual',
    income: Number(row.income),
    accrued: Number(row.accrued),
    payableFrom: row.payableFrom,
    period: row.period,
    payoutId: row.payoutId,
    payoutPaid: row.payoutStatus === 'paid',
  };
}

// The partner's ledger and its payouts (SQL only; the rules are in money-rules.ts).
export class MoneyRepository {
  constructor(private readonly db: Db) {}

  // The code that brought the branch and its owner's rates, if any brought it.
  async attributionOf(tx: Db, accId: number): Promise<AttributedTerms | undefined> {
    const [row] = await tx
      .select({
        promoCode: partnerAttributions.promoCode,
        userId: partnerPromoCodes.userId,
        oneTimePayRate: consultants.oneTimePayRate,
        regularPayRate: consultants.regularPayRate,
      })
      .from(partnerAttributions)
      .innerJoin(partnerPromoCodes, eq(partnerPromoCodes.code, partnerAttributions.promoCode))
      .innerJoin(consultants, eq(consultants.userId, partnerPromoCodes.userId))
      .where(eq(partnerAttributions.accId, accId));
    return row && { ...row, oneTimePayRate: Number(row.oneTimePayRate), regularPayRate: Number(row.regularPayRate) };
  }

  // The one-time discount (a fraction) the partner of the code that brought the branch gives on its
  // first payment; 0 when no code brought it.
  async oneTimeDiscountOf(accId: number): Promise<number> {
    const [row] = await this.db
      .select({ discount: consultants.oneTimeDiscount })
      .from(partnerAttributions)
      .innerJoin(partnerPromoCodes, eq(partnerPromoCodes.code, partnerAttributions.promoCode))
      .innerJoin(consultants, eq(consultants.userId, partnerPromoCodes.userId))
      .where(eq(partnerAttributions.accId, accId));
    return row ? Number(row.discount) : 0;
  }

  async hasAccrual(tx: Db, accId: number): Promise<boolean> {
    const rows = await tx
      .select({ id: partnerOperations.id })
      .from(partnerOperations)
      .where(and(eq(partnerOperations.accId, accId), eq(partnerOperations.kind, 'accrual')))
      .limit(1);
    return rows.length > 0;
  }

  // Once per (payment, kind): a replay inserts nothing.
  async insertOperation(
    tx: Db,
    row: Omit<typeof partnerOperations.$inferInsert, 'id' | 'kind'> & { kind: OperationKind },
  ): Promise<boolean> {
    const rows = await tx
      .insert(partnerOperations)
      .values(row)
      .onConflictDoNothing()
      .returning({ id: partnerOperations.id });
    return rows.length > 0;
  }

  async accrualOfPayment(tx: Db, paymentId: number): Promise<OperationRow | undefined> {
    const [row] = await tx
      .select()
      .from(partnerOperations)
      .where(and(eq(partnerOperations.paymentId, paymentId), eq(partnerOperations.kind, 'accrual')));
    return row;
  }

  ledger(promoCode: string, db: Db = this.db): Promise<LedgerOp[]> {
    return db
      .select(ledgerColumns)
      .from(partnerOperations)
      .leftJoin(partnerPayouts, eq(partnerPayouts.id, partnerOperations.payoutId))
      .where(eq(partnerOperations.promoCode, promoCode))
      .orderBy(asc(partnerOperations.id))
      .then((rows) => rows.map(toLedgerOp));
  }

  // Two withdrawals of one code at once: the second waits and then sees the ops taken.
  async lockCode(tx: Db, promoCode: string): Promise<void> {
    await tx
      .select({ code: partnerPromoCodes.code })
      .from(partnerPromoCodes)
      .where(eq(partnerPromoCodes.code, promoCode))
      .for('update');
  }

  async insertPayout(tx: Db, row: Omit<typeof partnerPayouts.$inferInsert, 'id'>): Promise<number> {
    const [created] = await tx.insert(partnerPayouts).values(row).returning({ id: partnerPayouts.id });
    return created!.id;
  }

  async takeOperations(tx: Db, opIds: readonly number[], payoutId: number): Promise<number> {
    const rows = await tx
      .update(partnerOperations)
      .set({ payoutId })
      .where(and(inArray(partnerOperations.id, [...opIds]), isNull(partnerOperations.payoutId)))
      .returning({ id: partnerOperations.id });
    return rows.length;
  }

  async payout(id: number): Promise<PayoutRow | undefined> {
    const [row] = await this.db.select().from(partnerPayouts).where(eq(partnerPayouts.id, id));
    return row;
  }

  // Requested → paid once; a repeat changes nothing.
  async markPayoutPaid(id: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(partnerPayouts)
      .set({ status: 'paid', paidAt: now })
      .where(and(eq(partnerPayouts.id, id), eq(partnerPayouts.status, 'requested')))
      .returning({ id: partnerPayouts.id });
    return rows.length > 0;
  }

  payouts(promoCode: string): Promise<PayoutRow[]> {
    return this.db
      .select()
      .from(partnerPayouts)
      .where(eq(partnerPayouts.promoCode, promoCode))
      .orderBy(desc(partnerPayouts.requestedAt), desc(partnerPayouts.id));
  }

  // Bonus days a salon partner got in total, over all its codes.
  async bonusDaysGranted(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ days: sql<number>`coalesce(sum(${partnerPayouts.days}), 0)::int` })
      .from(partnerPayouts)
      .where(and(eq(partnerPayouts.userId, userId), eq(partnerPayouts.kind, 'bonus_days')));
    return Number(row?.days ?? 0);
  }
}
