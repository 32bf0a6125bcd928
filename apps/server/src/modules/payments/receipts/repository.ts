import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import type { PaymentRow } from '../repository.js';
import { payments } from '../schema.js';
import type { StoredReceipt } from './view.js';

export class ReceiptsRepository {
  constructor(private readonly db: Db) {}

  // Only the branch's own payment: another branch's is as unknown as a missing one.
  async paymentOfBranch(accId: number, provider: string, providerPaymentId: string): Promise<PaymentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.accId, accId),
          eq(payments.provider, provider),
          eq(payments.providerPaymentId, providerPaymentId),
        ),
      );
    return row;
  }

  async saveReceipt(id: number, receipt: StoredReceipt): Promise<void> {
    await this.db.update(payments).set({ receipt }).where(eq(payments.id, id));
  }
}
