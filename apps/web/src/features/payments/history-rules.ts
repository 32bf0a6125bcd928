import type { PaymentHistoryRow } from '@salon/contract/payments';
import { isDayKey } from '../../shared/lib/datetime';

// The receipt a row links to: the receipt itself, else the update document (SPEC 7 order).
export function receiptHref(row: Pick<PaymentHistoryRow, 'receipt'>): string | null {
  const receipt = row.receipt;
  if (!receipt) return null;
  for (const href of [receipt.receipt_link, receipt.upd_url]) {
    if (href && /^https?:\/\//i.test(href)) return href;
  }
  return null;
}

// A row's date is either a calendar day or an instant; an instant is shown on the branch's clocks.
export function historyDateKind(date: string): 'day' | 'instant' {
  return isDayKey(date) ? 'day' : 'instant';
}

// Newest first, whatever order the server answered in.
export function sortHistory(rows: readonly PaymentHistoryRow[]): PaymentHistoryRow[] {
  const at = (date: string) => {
    const ms = Date.parse(date);
    return Number.isFinite(ms) ? ms : 0;
  };
  return [...rows].sort((a, b) => at(b.date) - at(a.date));
}
