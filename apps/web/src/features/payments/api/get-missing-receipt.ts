import { missingReceipt } from '@salon/contract/payments';
import { api } from '../../../shared/api/api';
import type { MissingReceiptRequest } from '../receipt-rules';

// POST /get_missing_receipt?date&amount {fiscal_number, payment_id} → {url} (null: not issued yet),
// given up after `timeoutMs` (SPEC 7: 10 s).
export function getMissingReceipt({ body, query }: MissingReceiptRequest, timeoutMs: number) {
  return api.request({
    method: 'POST',
    path: '/get_missing_receipt',
    query,
    body,
    schema: missingReceipt,
    signal: AbortSignal.timeout(timeoutMs),
  });
}

// Whether a receipt page answers within `timeoutMs`. It is on another site, so the answer cannot be
// read (no-cors): reaching it is what counts; a network failure or the time-out says no.
export async function probeReceiptLink(url: string, timeoutMs: number): Promise<boolean> {
  try {
    await fetch(url, {
      mode: 'no-cors',
      credentials: 'omit',
      cache: 'no-store',
      signal: AbortSignal.timeout(timeoutMs),
    });
    return true;
  } catch {
    return false;
  }
}
