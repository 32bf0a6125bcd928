import type { PaymentHistoryRow } from '@salon/contract/payments';
import type { PaymentRow } from '../repository.js';

// What payments.receipt keeps once the receipt was fetched (get_missing_receipt): the link and the
// fiscal data. `fiscal_number` is the fiscal document number (ФД), the number a receipt is known by.
export interface StoredReceipt {
  receipt_link: string;
  fiscal_number: string | null;
  fiscal_storage_number: string | null;
  fiscal_attribute: string | null;
  registered_at: string | null;
}

export function storedReceipt(value: unknown): StoredReceipt | null {
  if (typeof value !== 'object' || value === null) return null;
  const r = value as Record<string, unknown>;
  if (typeof r.receipt_link !== 'string') return null;
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    receipt_link: r.receipt_link,
    fiscal_number: text(r.fiscal_number),
    fiscal_storage_number: text(r.fiscal_storage_number),
    fiscal_attribute: text(r.fiscal_attribute),
    registered_at: text(r.registered_at),
  };
}

// The history row's receipt: a payment the provider took has one to ask for (payment_id is the
// provider's id, which /get_missing_receipt takes); the link once it was fetched.
export function historyReceipt(row: PaymentRow): PaymentHistoryRow['receipt'] {
  if (!row.providerPaymentId) return null;
  const stored = storedReceipt(row.receipt);
  return {
    receipt_link: stored?.receipt_link ?? null,
    payment_id: row.providerPaymentId,
    fiscal_number: stored?.fiscal_number ?? null,
    upd_url: null,
  };
}
