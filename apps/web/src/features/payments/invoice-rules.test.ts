import { describe, expect, it } from 'vitest';
import type { Invoice } from '@salon/contract/payments';
import { invoiceFileName, invoiceItems, invoiceOffered, missingBillData, sortInvoices } from './invoice-rules';

const invoice = (patch: Partial<Invoice>): Invoice => ({
  invoice_id: 1,
  number: '1002-1',
  inn: '7707083893',
  cost: 8940,
  currency: 'RUB',
  length: 3,
  modules: ['WA', 'TG'],
  pdf_url: '/invoice_pdf?invoice_id=1',
  branches: [{ branch_id: 1002, amount: 8940, name: 'Екатеринбург' }],
  status: 'issued',
  created_at: '2026-11-26T10:00:00Z',
  paid_at: null,
  ...patch,
});

describe('invoiceOffered', () => {
  it('offers invoices to rouble branches the server allows', () => {
    expect(invoiceOffered({ create_bill: true, currency: 'RUB' })).toBe(true);
  });

  it('never offers them in dollars or when the server says no', () => {
    expect(invoiceOffered({ create_bill: true, currency: 'USD' })).toBe(false);
    expect(invoiceOffered({ create_bill: false, currency: 'RUB' })).toBe(false);
  });
});

describe('missingBillData', () => {
  it('needs the INN and the name, not the KPP', () => {
    expect(missingBillData({ inn: '7707083893', name: 'ООО «Ромашка»' })).toEqual([]);
    expect(missingBillData({ inn: '', name: 'ООО «Ромашка»' })).toEqual(['inn']);
    expect(missingBillData({ inn: '7707083893', name: '  ' })).toEqual(['name']);
    expect(missingBillData({ inn: '', name: '' })).toEqual(['inn', 'name']);
  });
});

describe('invoiceItems', () => {
  it('lists each module for the months bought, in the wire order', () => {
    expect(invoiceItems({ modules: ['loyalty', 'WA'], length: 6 })).toEqual([
      { module: 'WA', months: 6 },
      { module: 'loyalty', months: 6 },
    ]);
  });
});

describe('sortInvoices', () => {
  it('puts the newest first, and the later id first on the same moment', () => {
    const list = [
      invoice({ invoice_id: 1, created_at: '2026-10-01T10:00:00Z' }),
      invoice({ invoice_id: 3, created_at: '2026-11-26T10:00:00Z' }),
      invoice({ invoice_id: 2, created_at: '2026-11-26T10:00:00Z' }),
    ];
    expect(sortInvoices(list).map((i) => i.invoice_id)).toEqual([3, 2, 1]);
  });
});

describe('invoiceFileName', () => {
  it('keeps letters, digits and dashes of the number', () => {
    expect(invoiceFileName({ number: '1002-7', invoice_id: 7 })).toBe('invoice-1002-7.pdf');
    expect(invoiceFileName({ number: 'Счёт № 15/2026', invoice_id: 15 })).toBe('invoice-Счёт-15-2026.pdf');
    expect(invoiceFileName({ number: '///', invoice_id: 9 })).toBe('invoice-9.pdf');
  });
});
