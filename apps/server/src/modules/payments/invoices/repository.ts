import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { branches } from '../../../platform/db/schema.js';
import { paymentInvoices, payments } from '../schema.js';

export type InvoiceRow = typeof paymentInvoices.$inferSelect;
export type NewInvoice = Omit<typeof paymentInvoices.$inferInsert, 'id' | 'number'>;
export type InvoiceWithBranch = InvoiceRow & { branchName: string };

const withBranch = {
  id: paymentInvoices.id,
  accId: paymentInvoices.accId,
  number: paymentInvoices.number,
  inn: paymentInvoices.inn,
  kpp: paymentInvoices.kpp,
  name: paymentInvoices.name,
  amount: paymentInvoices.amount,
  currency: paymentInvoices.currency,
  months: paymentInvoices.months,
  modules: paymentInvoices.modules,
  plan: paymentInvoices.plan,
  status: paymentInvoices.status,
  createdAt: paymentInvoices.createdAt,
  paidAt: paymentInvoices.paidAt,
  branchName: branches.name,
};

export class InvoicesRepository {
  constructor(private readonly db: Db) {}

  // The human number is the row's own sequence value: unique, increasing, no counter of ours to race
  // on. The row is written with a placeholder and numbered in the same transaction, so no reader ever
  // sees the placeholder.
  async create(row: NewInvoice): Promise<InvoiceRow> {
    return this.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(paymentInvoices)
        .values({ ...row, number: `new-${randomUUID()}` })
        .returning({ id: paymentInvoices.id });
      const [numbered] = await tx
        .update(paymentInvoices)
        .set({ number: String(created!.id) })
        .where(eq(paymentInvoices.id, created!.id))
        .returning();
      return numbered!;
    });
  }

  list(accId: number): Promise<InvoiceWithBranch[]> {
    return this.db
      .select(withBranch)
      .from(paymentInvoices)
      .innerJoin(branches, eq(branches.accId, paymentInvoices.accId))
      .where(eq(paymentInvoices.accId, accId))
      .orderBy(desc(paymentInvoices.createdAt), desc(paymentInvoices.id));
  }

  // Only the branch's own: another branch's invoice is as unknown as a missing one.
  async ofBranch(accId: number, id: number): Promise<InvoiceWithBranch | undefined> {
    const [row] = await this.db
      .select(withBranch)
      .from(paymentInvoices)
      .innerJoin(branches, eq(branches.accId, paymentInvoices.accId))
      .where(and(eq(paymentInvoices.accId, accId), eq(paymentInvoices.id, id)));
    return row;
  }

  async byNumber(number: string, db: Db = this.db): Promise<InvoiceWithBranch | undefined> {
    const [row] = await db
      .select(withBranch)
      .from(paymentInvoices)
      .innerJoin(branches, eq(branches.accId, paymentInvoices.accId))
      .where(eq(paymentInvoices.number, number));
    return row;
  }

  // Issued → paid once: the caller extends the modules only when this returned true, in the same
  // transaction (a replayed or concurrent call finds it paid and changes nothing).
  async markPaid(tx: Db, id: number, now: Date): Promise<boolean> {
    const rows = await tx
      .update(paymentInvoices)
      .set({ status: 'paid', paidAt: now })
      .where(and(eq(paymentInvoices.id, id), eq(paymentInvoices.status, 'issued')))
      .returning({ id: paymentInvoices.id });
    return rows.length > 0;
  }

  // The paid invoice as a payment of the history (type 'invoice'), applied at once. Keyed by the
  // invoice number, so it can exist only once.
  async recordPayment(tx: Db, invoice: InvoiceRow, now: Date): Promise<number> {
    const [row] = await tx
      .insert(payments)
      .values({
        accId: invoice.accId,
        provider: 'invoice',
        idempotenceKey: `invoice:${invoice.number}`,
        type: 'invoice',
        status: 'succeeded',
        amount: invoice.amount,
        currency: invoice.currency,
        months: invoice.months,
        modules: invoice.modules,
        plan: invoice.plan,
        createdAt: invoice.createdAt,
        confirmedAt: now,
        appliedAt: now,
      })
      .returning({ id: payments.id });
    return row!.id;
  }
}
