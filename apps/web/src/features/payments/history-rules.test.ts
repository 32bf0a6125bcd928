import { describe, expect, it } from 'vitest';
import type { PaymentHistoryRow } from '@salon/contract/payments';
import { historyDateKind, receiptHref, sortHistory } from './history-rules';

const row = (patch: Partial<PaymentHistoryRow>): PaymentHistoryRow => ({
  date: '2026-11-01T10:00:00Z',
  modules: ['WA'],
  type: 'card',
  amount: 1490,
  currency: 'RUB',
  period: 1,
  receipt: null,
  ...patch,
});
const receipt = (receipt_link: string | null, upd_url: string | null) => ({
  receipt_link,
  upd_url,
  payment_id: 'p1',
  fiscal_number: null,
});

describe('receiptHref', () => {
  it('links the receipt, else the update document, else nothing', () => {
    expect(receiptHref(row({ receipt: receipt('https://check.ru/r/1', 'https://upd.ru/1') }))).toBe(
      'https://check.ru/r/1',
    );
    expect(receiptHref(row({ receipt: receipt(null, 'https://upd.ru/1') }))).toBe('https://upd.ru/1');
    expect(receiptHref(row({ receipt: receipt(null, null) }))).toBeNull();
    expect(receiptHref(row({ receipt: null }))).toBeNull();
  });

  it('does not link something that is not a web address', () => {
    expect(receiptHref(row({ receipt: receipt('javascript:alert(1)', null) }))).toBeNull();
  });
});

describe('history dates', () => {
  it('tells a calendar day from an instant', () => {
    expect(historyDateKind('2026-11-01')).toBe('day');
    expect(historyDateKind('2026-11-01T10:00:00Z')).toBe('instant');
  });

  it('lists the newest payment first', () => {
    const rows = [
      row({ date: '2026-01-05T00:00:00Z' }),
      row({ date: '2026-11-01' }),
      row({ date: '2026-06-01T12:00:00Z' }),
    ];
    expect(sortHistory(rows).map((r) => r.date)).toEqual([
      '2026-11-01',
      '2026-06-01T12:00:00Z',
      '2026-01-05T00:00:00Z',
    ]);
  });
});
