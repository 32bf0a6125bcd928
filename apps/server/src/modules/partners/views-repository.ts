import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { branches, users } from '../../platform/db/schema.js';
import { ledgerColumns, toLedgerOp } from './money-repository.js';
import type { LedgerOp } from './money-rules.js';
import {
  partnerAdmins,
  partnerAttributions,
  partnerLeads,
  partnerOperations,
  partnerPayouts,
  partnerPromoCodes,
} from './schema.js';

export type PromoCodeRow = typeof partnerPromoCodes.$inferSelect;

export interface LedgerLine extends LedgerOp {
  accId: number;
  branchName: string;
  promoCode: string;
  firstPayment: boolean;
  operationAt: Date;
}

export interface AttributedBranch {
  accId: number;
  name: string;
  payStatus: boolean;
  payPeriod: string | null;
  comment: string | null;
  attributedAt: Date;
}

// What the partner pages read (SQL only).
export class ViewsRepository {
  constructor(private readonly db: Db) {}

  async userName(userId: number): Promise<string> {
    const [row] = await this.db.select({ name: users.name }).from(users).where(eq(users.telegramId, userId));
    return row?.name ?? '';
  }

  async promoCode(code: string, db: Db = this.db): Promise<PromoCodeRow | undefined> {
    const [row] = await db.select().from(partnerPromoCodes).where(eq(partnerPromoCodes.code, code));
    return row;
  }

  codesOf(userId: number): Promise<PromoCodeRow[]> {
    return this.db
      .select()
      .from(partnerPromoCodes)
      .where(eq(partnerPromoCodes.userId, userId))
      .orderBy(asc(partnerPromoCodes.createdAt), asc(partnerPromoCodes.code));
  }

  // Duplicates are refused by the primary key (two requests at once: one wins).
  async insertPromoCode(row: typeof partnerPromoCodes.$inferInsert): Promise<boolean> {
    const rows = await this.db
      .insert(partnerPromoCodes)
      .values(row)
      .onConflictDoNothing()
      .returning({ code: partnerPromoCodes.code });
    return rows.length > 0;
  }

  admins(code: string): Promise<{ name: string; telegramId: number }[]> {
    return this.db
      .select({ name: partnerAdmins.name, telegramId: partnerAdmins.telegramId })
      .from(partnerAdmins)
      .where(eq(partnerAdmins.promoCode, code))
      .orderBy(asc(partnerAdmins.createdAt));
  }

  attributed(code: string): Promise<AttributedBranch[]> {
    return this.db
      .select({
        accId: partnerAttributions.accId,
        name: branches.name,
        payStatus: branches.payStatus,
        payPeriod: branches.payPeriod,
        comment: partnerAttributions.comment,
        attributedAt: partnerAttributions.attributedAt,
      })
      .from(partnerAttributions)
      .innerJoin(branches, eq(branches.accId, partnerAttributions.accId))
      .where(eq(partnerAttributions.promoCode, code))
      .orderBy(asc(partnerAttributions.accId));
  }

  async insertAttribution(tx: Db, accId: number, code: string, now: Date): Promise<boolean> {
    const rows = await tx
      .insert(partnerAttributions)
      .values({ accId, promoCode: code, attributedAt: now })
      .onConflictDoNothing()
      .returning({ accId: partnerAttributions.accId });
    return rows.length > 0;
  }

  // The code's ledger with its branches' names, newest first.
  async lines(code: string): Promise<LedgerLine[]> {
    const rows = await this.db
      .select({
        ...ledgerColumns,
        accId: partnerOperations.accId,
        branchName: branches.name,
        promoCode: partnerOperations.promoCode,
        firstPayment: partnerOperations.firstPayment,
        operationAt: partnerOperations.operationAt,
      })
      .from(partnerOperations)
      .leftJoin(partnerPayouts, eq(partnerPayouts.id, partnerOperations.payoutId))
      .leftJoin(branches, eq(branches.accId, partnerOperations.accId))
      .where(eq(partnerOperations.promoCode, code))
      .orderBy(sql`${partnerOperations.operationAt} desc`, sql`${partnerOperations.id} desc`);
    return rows.map((r) => ({
      ...toLedgerOp(r),
      accId: r.accId,
      branchName: r.branchName ?? '',
      promoCode: r.promoCode,
      firstPayment: r.firstPayment,
      operationAt: r.operationAt,
    }));
  }

  async leadsCount(code: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(partnerLeads)
      .where(eq(partnerLeads.promoCode, code));
    return Number(row?.n ?? 0);
  }

  // Salons that paid for the first time between the two instants, per partner: the leader board.
  async firstPaymentsByPartner(from: Date, till: Date): Promise<Map<number, number>> {
    const rows = await this.db
      .select({ userId: partnerOperations.userId, n: sql<number>`count(distinct ${partnerOperations.accId})::int` })
      .from(partnerOperations)
      .where(
        and(
          eq(partnerOperations.kind, 'accrual'),
          eq(partnerOperations.firstPayment, true),
          gte(partnerOperations.operationAt, from),
          lt(partnerOperations.operationAt, till),
        ),
      )
      .groupBy(partnerOperations.userId);
    return new Map(rows.map((r) => [r.userId, Number(r.n)]));
  }
}
