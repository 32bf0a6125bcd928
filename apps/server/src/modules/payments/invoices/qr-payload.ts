// The payment QR code Russian bank apps read (GOST R 56042-2014, «Стандарты финансовых операций.
// Двумерные символы штрихового кода для осуществления платежей физическими лицами»): a header, then
// `Key=value` pairs split by '|'. Header `ST0001` + the encoding tag: 1 = windows-1251, 2 = UTF-8,
// 3 = KOI8-R. We write UTF-8 (`ST00012`): the QR library stores text as UTF-8 bytes, so what is
// encoded is exactly this string with no code-page table of ours, and the bank apps in use read all
// three tags. Required: Name, PersonalAcc, BankName, BIC, CorrespAcc; then PayeeINN, KPP, Purpose and
// Sum (in kopecks, digits only) so the payer's app fills the whole order.

export interface PaymentQrFields {
  // The payee (the seller).
  name: string;
  account: string;
  bankName: string;
  bik: string;
  corrAccount: string;
  inn: string;
  kpp: string | null;
  purpose: string;
  // Roubles; written in kopecks.
  amount: number;
}

export const QR_HEADER = 'ST00012';
// The standard's maximum lengths of the fields we write.
const MAX = { Name: 160, PersonalAcc: 20, BankName: 45, BIC: 9, CorrespAcc: 20, PayeeINN: 12, KPP: 9, Purpose: 210 };

// '|' separates the fields and a line break ends the symbol's text in some readers: neither may
// appear inside a value; runs of spaces are one space.
function clean(value: string): string {
  return value
    .replace(/[|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function field(key: keyof typeof MAX, value: string): string {
  const text = clean(value);
  if (text === '') throw new Error(`payment QR: ${key} is empty`);
  // The purpose is ours to shorten; a requisite cut short would send the money elsewhere.
  if (text.length > MAX[key]) {
    if (key !== 'Purpose') throw new Error(`payment QR: ${key} is longer than ${MAX[key]} characters`);
    return `${key}=${text.slice(0, MAX[key])}`;
  }
  return `${key}=${text}`;
}

export function paymentQrPayload(f: PaymentQrFields): string {
  if (!/^\d{20}$/.test(f.account) || !/^\d{20}$/.test(f.corrAccount) || !/^\d{9}$/.test(f.bik)) {
    throw new Error('payment QR: the accounts are 20 digits and the BIK 9');
  }
  const kopecks = Math.round(f.amount * 100);
  if (!Number.isSafeInteger(kopecks) || kopecks <= 0) throw new Error(`payment QR: bad sum ${f.amount}`);
  const parts = [
    QR_HEADER,
    field('Name', f.name),
    field('PersonalAcc', f.account),
    field('BankName', f.bankName),
    field('BIC', f.bik),
    field('CorrespAcc', f.corrAccount),
    field('PayeeINN', f.inn),
    ...(f.kpp ? [field('KPP', f.kpp)] : []),
    field('Purpose', f.purpose),
    `Sum=${kopecks}`,
  ];
  return parts.join('|');
}

// Reads a payload back into its fields (tests; a support tool checking a scanned code).
export function parsePaymentQr(payload: string): Record<string, string> {
  const [header, ...pairs] = payload.split('|');
  if (header !== QR_HEADER) throw new Error(`not an ${QR_HEADER} payload`);
  return Object.fromEntries(
    pairs.map((pair) => {
      const at = pair.indexOf('=');
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
}
