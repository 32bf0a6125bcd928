import type { PayCurrency } from '@salon/contract/payments';

// The payment-provider port (ARCHITECTURE.md "src/payments"): create a payment and send the payer to
// the provider's checkout, read a payment back (a notification is only a hint to re-read), charge a
// saved method (autopay), refund. Drivers: YooKassa (drivers/yookassa) and the sandbox checkout
// (drivers/sandbox), the embedded default. Nothing here knows our tables.

export type ProviderPaymentStatus = 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';

export interface ReceiptItem {
  description: string;
  quantity: number;
  // The price of one unit (YooKassa's item amount); the items' sum must equal the payment's amount.
  amount: number;
}

export interface CreatePayment {
  // Sent as the provider's idempotence key: a retried create returns the same payment.
  idempotenceKey: string;
  amount: number;
  currency: PayCurrency;
  description: string;
  // Where the payer comes back to after the checkout.
  returnUrl: string;
  // Save the card for later charges without the payer (autopay).
  savePaymentMethod: boolean;
  // 54-FZ receipt: the customer's e-mail or phone and the items (one per module).
  receipt: { email?: string | undefined; phone?: string | undefined; items: ReceiptItem[] } | null;
  // Our ids, echoed back in the notification and on re-read.
  metadata: Record<string, string>;
}

export interface ProviderPayment {
  id: string;
  status: ProviderPaymentStatus;
  paid: boolean;
  amount: number;
  currency: PayCurrency;
  metadata: Record<string, string>;
  // The checkout page to send the payer to (pending payments).
  confirmationUrl: string | null;
  // Saved for autopay (first payment with savePaymentMethod).
  paymentMethod: { id: string; saved: boolean; last4: string | null } | null;
  cancellationReason: string | null;
}

export interface ProviderNotification {
  // The payment the notification is about; the caller re-reads it before acting.
  paymentId: string;
  event: string;
}

// A provider refusal or an unreachable provider (time-out, 5xx after retries). `code` is the
// provider's own (YooKassa's `invalid_request`, `not_found`, …; 'timeout', 'network', 'server_error'
// when it did not answer), `retryable` whether the same call (same idempotence key) may succeed later.
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly code: string = retryable ? 'unavailable' : 'refused',
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

// A payment's 54-FZ receipt as the fiscal data operator registered it: the fiscal storage number
// (ФН), the fiscal document number (ФД) and the fiscal sign (ФП) name it at the tax service.
export interface ProviderReceipt {
  status: 'pending' | 'succeeded' | 'canceled';
  fiscalStorageNumber: string | null;
  fiscalDocumentNumber: string | null;
  fiscalAttribute: string | null;
  registeredAt: string | null;
  // A page of the provider's own that shows the receipt (the sandbox); null: the caller builds the
  // link from the fiscal data.
  url: string | null;
}

export interface PaymentProvider {
  readonly name: 'yookassa' | 'sandbox';
  create(payment: CreatePayment): Promise<ProviderPayment>;
  get(paymentId: string): Promise<ProviderPayment | null>;
  // Autopay: a charge of a saved method without the payer.
  chargeSaved(
    payment: Omit<CreatePayment, 'returnUrl' | 'savePaymentMethod'> & { paymentMethodId: string },
  ): Promise<ProviderPayment>;
  refund(paymentId: string, amount: number, idempotenceKey: string): Promise<void>;
  // The receipt registered for a payment (its sale receipt, not a refund's); null: none was made.
  receiptOf(paymentId: string): Promise<ProviderReceipt | null>;
  // Reads a notification's body once the sender is trusted (the route checks the sender first);
  // null for a body that is not one.
  parseNotification(body: unknown): ProviderNotification | null;
}
