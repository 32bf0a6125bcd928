import { PAY_MODULES, type Invoice, type PayData, type PayModule } from '@salon/contract/payments';
import type { BillData } from '@salon/contract/settings';

// SPEC 4 Pay: invoices are for legal entities and in roubles; pay data's create_bill says whether
// the branch may have them at all.
export function invoiceOffered(data: Pick<PayData, 'create_bill' | 'currency'>): boolean {
  return data.create_bill && data.currency === 'RUB';
}

export type BillDataField = 'inn' | 'name';

// An invoice needs the buyer's INN and name (the KPP is for organisations only, so it may be empty);
// what is missing is named so the modal can send the owner to Settings → billing data.
export function missingBillData(bill: Pick<BillData, 'inn' | 'name'>): BillDataField[] {
  const missing: BillDataField[] = [];
  if (bill.inn.trim() === '') missing.push('inn');
  if (bill.name.trim() === '') missing.push('name');
  return missing;
}

// The invoice's lines: one per module for the months bought, in the wire order.
export function invoiceItems(invoice: Pick<Invoice, 'modules' | 'length'>): { module: PayModule; months: number }[] {
  return PAY_MODULES.filter((m) => invoice.modules.includes(m)).map((module) => ({ module, months: invoice.length }));
}

// Newest first (the server's order is not promised).
export function sortInvoices(invoices: readonly Invoice[]): Invoice[] {
  const at = (value: string) => {
    const ms = Date.parse(value);
    return Number.isFinite(ms) ? ms : 0;
  };
  return [...invoices].sort((a, b) => at(b.created_at) - at(a.created_at) || b.invoice_id - a.invoice_id);
}

// The name the browser saves the PDF under when the answer does not name it.
export function invoiceFileName(invoice: Pick<Invoice, 'number' | 'invoice_id'>): string {
  const safe = invoice.number.replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '');
  return `invoice-${safe || invoice.invoice_id}.pdf`;
}
