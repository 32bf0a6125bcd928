import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { payments } from '../schema.js';
import type { PaymentRow } from '../repository.js';

export class RefundsRepository {
  constructor(private readonly db: Db) {}

  async byId(id: number): Promise<PaymentRow | undefined> {
    const [row] = await this.db.select().from(payments).where(eq(payments.id, id));
    return row;
  }

  // Refunded once: the caller moves the periods back only when this returned true, in the same
  // transaction.
  async markRefunded(tx: Db, id: number, amount: number, now: Date): Promise<boolean> {
    const rows = await tx
      .update(payments)
      .set({ refundedAt: now, refundAmount: amount })
      .where(and(eq(payments.id, id), isNull(payments.refundedAt)))
      .returning({ id: payments.id });
    return rows.length > 0;
  }
}
