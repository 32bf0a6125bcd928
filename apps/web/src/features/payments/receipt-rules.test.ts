import { describe, expect, it } from 'vitest';
import { RECEIPT_TIMEOUT_MS, type PaymentHistoryRow } from '@salon/contract/payments';
import { findReceipt, type MissingReceiptRequest, type ReceiptSources } from './receipt-rules';

const row = (receipt: PaymentHistoryRow['receipt']): PaymentHistoryRow => ({
  date: '2026-11-01T10:00:00Z',
  modules: ['WA'],
  type: 'card',
  amount: 4470,
  currency: 'RUB',
  period: 3,
  receipt,
});
const receipt = (receipt_link: string | null, upd_url: string | null = null) => ({
  receipt_link,
  upd_url,
  payment_id: 'pay-1',
  fiscal_number: 'fn-9',
});

// A recording stand-in for the two network calls (the link and our server's answer).
function sources(reachable: boolean, answer: { url: string | null } | Error) {
  const calls: { probed: [string, number][]; asked: [MissingReceiptRequest, number][] } = { probed: [], asked: [] };
  const s: ReceiptSources = {
    probe: (url, timeoutMs) => {
      calls.probed.push([url, timeoutMs]);
      return Promise.resolve(reachable);
    },
    ask: (request, timeoutMs) => {
      calls.asked.push([request, timeoutMs]);
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
  };
  return { s, calls };
}

describe('findReceipt', () => {
  it('opens the receipt link when it answers in time, without asking the server', async () => {
    const { s, calls } = sources(true, { url: 'https://other.ru' });
    await expect(findReceipt(row(receipt('https://check.ru/r/1')), s)).resolves.toEqual({
      kind: 'open',
      url: 'https://check.ru/r/1',
    });
    expect(calls.probed).toEqual([['https://check.ru/r/1', RECEIPT_TIMEOUT_MS]]);
    expect(calls.asked).toEqual([]);
  });

  it('tries the update document when there is no receipt link', async () => {
    const { s, calls } = sources(true, { url: null });
    await expect(findReceipt(row(receipt(null, 'https://upd.ru/1')), s)).resolves.toEqual({
      kind: 'open',
      url: 'https://upd.ru/1',
    });
    expect(calls.probed.map(([url]) => url)).toEqual(['https://upd.ru/1']);
  });

  it('asks for the missing receipt when the link does not answer, with the payment and its date and amount', async () => {
    const { s, calls } = sources(false, { url: 'https://check.ru/r/2' });
    await expect(findReceipt(row(receipt('https://check.ru/r/1')), s)).resolves.toEqual({
      kind: 'open',
      url: 'https://check.ru/r/2',
    });
    expect(calls.asked).toEqual([
      [
        {
          body: { fiscal_number: 'fn-9', payment_id: 'pay-1' },
          query: { date: '2026-11-01T10:00:00Z', amount: 4470 },
        },
        RECEIPT_TIMEOUT_MS,
      ],
    ]);
  });

  it('asks at once when the row has no link at all', async () => {
    const { s, calls } = sources(true, { url: null });
    await expect(findReceipt(row(receipt(null)), s)).resolves.toEqual({ kind: 'notReady' });
    expect(calls.probed).toEqual([]);
    expect(calls.asked).toHaveLength(1);
  });

  it('says "not ready yet" for a null answer and for a row with no receipt', async () => {
    expect(await findReceipt(row(receipt('https://check.ru/r/1')), sources(false, { url: null }).s)).toEqual({
      kind: 'notReady',
    });
    const { s, calls } = sources(true, { url: 'https://x.ru' });
    expect(await findReceipt(row(null), s)).toEqual({ kind: 'notReady' });
    expect(calls.asked).toEqual([]);
  });

  it('fails on a server failure or an answer that is not a web address', async () => {
    await expect(findReceipt(row(receipt(null)), sources(false, new Error('502')).s)).rejects.toThrow('502');
    await expect(findReceipt(row(receipt(null)), sources(false, { url: 'javascript:alert(1)' }).s)).rejects.toThrow();
  });
});
