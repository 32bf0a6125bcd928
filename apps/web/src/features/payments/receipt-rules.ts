import { RECEIPT_TIMEOUT_MS, type PaymentHistoryRow } from '@salon/contract/payments';
import { receiptHref } from './history-rules';

export interface MissingReceiptRequest {
  body: { fiscal_number: string | null; payment_id: string };
  query: { date: string; amount: number };
}

export interface ReceiptSources {
  // Whether the link answers within the time-out (SPEC 7: 10 s).
  probe: (url: string, timeoutMs: number) => Promise<boolean>;
  // POST /get_missing_receipt with the same time-out; throws on a failure.
  ask: (request: MissingReceiptRequest, timeoutMs: number) => Promise<{ url: string | null }>;
}

export type ReceiptOutcome = { kind: 'open'; url: string } | { kind: 'notReady' };

const isWebUrl = (value: string) => /^https?:\/\/\S+$/i.test(value.trim());

// SPEC 7: a row's receipt link (or update document) is tried first; when it does not answer in
// time, or there is none, the server is asked for the missing receipt. A null URL there means the
// fiscal service has not issued it yet. Anything else failing is the caller's common error (SPEC 8).
export async function findReceipt(
  row: Pick<PaymentHistoryRow, 'receipt' | 'date' | 'amount'>,
  sources: ReceiptSources,
): Promise<ReceiptOutcome> {
  const receipt = row.receipt;
  if (!receipt) return { kind: 'notReady' };
  const href = receiptHref(row);
  if (href && (await sources.probe(href, RECEIPT_TIMEOUT_MS))) return { kind: 'open', url: href };
  const answer = await sources.ask(
    {
      body: { fiscal_number: receipt.fiscal_number, payment_id: receipt.payment_id },
      query: { date: row.date, amount: row.amount },
    },
    RECEIPT_TIMEOUT_MS,
  );
  if (answer.url === null) return { kind: 'notReady' };
  if (!isWebUrl(answer.url)) throw new Error('The receipt address is not a web URL');
  return { kind: 'open', url: answer.url.trim() };
}
