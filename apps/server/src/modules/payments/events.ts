import type { Db } from '../../platform/db/client.js';

export interface PaymentPaidEvent {
  paymentId: number;
  accId: number;
  amount: number;
  currency: string;
  paidAt: Date;
}

export interface PaymentRefundedEvent {
  paymentId: number;
  accId: number;
  // What was refunded (the whole payment today).
  amount: number;
  refundedAt: Date;
}

/**
 * What other modules learn of money that moved (the partner programme accrues and reverses its
 * share). Called inside the transaction that applied the payment or the refund, once per payment:
 * a listener's writes commit or roll back with it.
 */
export interface PaymentEvents {
  paid(tx: Db, e: PaymentPaidEvent): Promise<void>;
  refunded(tx: Db, e: PaymentRefundedEvent): Promise<void>;
}
