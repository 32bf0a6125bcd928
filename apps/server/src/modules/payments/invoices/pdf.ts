import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { paymentQrPayload } from './qr-payload.js';
import { formatRubles, rublesInWords } from './sum-in-words.js';

// The invoice for a legal entity as a PDF («Счёт на оплату»): the seller's bank requisites, the
// title with the number and day, seller and buyer, one line per module, the total, the VAT line,
// the sum in words and the bank QR code (ST00012) with the same requisites and sum. Built from the
// stored invoice only, with the document's dates set to its day, so a download next month is the
// same file byte for byte.

export interface InvoiceSeller {
  name: string;
  inn: string;
  kpp: string | null;
  bankName: string;
  bik: string;
  corrAccount: string;
  account: string;
  // Percent included in the prices, or null: «Без налога (НДС)».
  vatRate: number | null;
}

export interface InvoiceDocument {
  number: string;
  // YYYY-MM-DD
  day: string;
  seller: InvoiceSeller;
  buyer: { name: string; inn: string; kpp: string | null };
  // One per module: the title, the period bought («3 мес. + 4 дн.»), the sum.
  items: { title: string; period: string; amount: number }[];
  total: number;
}

// DejaVu has Cyrillic and «№»; pdfkit's built-in fonts have neither. Resolved through the package
// from this file, so the same lookup works from src (tsx, vitest) and from the transpiled dist.
const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | undefined;
function loadFonts(): { regular: Buffer; bold: Buffer } {
  fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fonts;
}

const MONTHS_GENITIVE = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
];

export function longDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return `${d} ${MONTHS_GENITIVE[m - 1]} ${y} г.`;
}

export function shortDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}.${m}.${y}`;
}

// VAT included in a sum at a rate: sum × rate / (100 + rate), to the kopeck.
export function vatIncluded(total: number, rate: number): number {
  return Math.round((total * rate * 100) / (100 + rate)) / 100;
}

export function vatLine(total: number, rate: number | null): string {
  return rate === null ? 'Без налога (НДС)' : `В том числе НДС ${rate}%: ${formatRubles(vatIncluded(total, rate))}`;
}

// The purpose the payer's bank order carries (and the QR code): the invoice and the VAT, as banks ask.
export function paymentPurpose(doc: Pick<InvoiceDocument, 'number' | 'day' | 'total' | 'seller'>): string {
  const vat =
    doc.seller.vatRate === null
      ? 'Без НДС'
      : `В т.ч. НДС ${doc.seller.vatRate}% ${formatRubles(vatIncluded(doc.total, doc.seller.vatRate))} руб.`;
  return `Оплата по счёту № ${doc.number} от ${shortDay(doc.day)}. ${vat}`;
}

const PAGE = { margin: 40, width: 595.28 };
const INNER = PAGE.width - PAGE.margin * 2;

const requisites = (p: { inn: string; kpp: string | null }) => `ИНН ${p.inn}${p.kpp ? `, КПП ${p.kpp}` : ''}`;

export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const { regular, bold } = loadFonts();
  const purpose = paymentPurpose(doc);
  const qr = await QRCode.toBuffer(
    paymentQrPayload({
      name: doc.seller.name,
      account: doc.seller.account,
      bankName: doc.seller.bankName,
      bik: doc.seller.bik,
      corrAccount: doc.seller.corrAccount,
      inn: doc.seller.inn,
      kpp: doc.seller.kpp,
      purpose,
      amount: doc.total,
    }),
    { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 4 },
  );

  const at = new Date(`${doc.day}T00:00:00Z`);
  const title = `Счёт на оплату № ${doc.number} от ${longDay(doc.day)}`;
  const pdf = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    info: { Title: title, Author: doc.seller.name, Creator: 'salon-cabinet', CreationDate: at, ModDate: at },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    pdf.on('end', resolve);
    pdf.on('error', reject);
  });
  pdf.registerFont('regular', regular);
  pdf.registerFont('bold', bold);
  const left = PAGE.margin;

  // The bank block as on a payment order: the payee's bank, BIK and accounts, then the payee.
  const top = pdf.y;
  const split = left + INNER * 0.62;
  const label = left + INNER * 0.62 + 4;
  const value = left + INNER * 0.74;
  pdf.font('regular').fontSize(9);
  pdf.text(doc.seller.bankName, left + 4, top + 4, { width: split - left - 8 });
  pdf.text('Банк получателя', left + 4, top + 26);
  pdf.text('БИК', label, top + 4).text(doc.seller.bik, value, top + 4);
  pdf.text('Сч. №', label, top + 18).text(doc.seller.corrAccount, value, top + 18);
  pdf.text(requisites(doc.seller), left + 4, top + 44);
  pdf.text(doc.seller.name, left + 4, top + 58, { width: split - left - 8 });
  pdf.text('Получатель', left + 4, top + 84);
  pdf.text('Сч. №', label, top + 44).text(doc.seller.account, value, top + 44);
  pdf
    .lineWidth(0.5)
    .rect(left, top, INNER, 98)
    .moveTo(split, top)
    .lineTo(split, top + 98)
    .moveTo(left, top + 40)
    .lineTo(left + INNER, top + 40)
    .moveTo(value - 4, top)
    .lineTo(value - 4, top + 98)
    .stroke();

  pdf
    .font('bold')
    .fontSize(14)
    .text(title, left, top + 114, { width: INNER });
  pdf
    .moveTo(left, pdf.y + 4)
    .lineTo(left + INNER, pdf.y + 4)
    .lineWidth(1.5)
    .stroke()
    .lineWidth(0.5);
  pdf.moveDown(0.8);
  const party = (who: string, p: { name: string; inn: string; kpp: string | null }) => {
    pdf.font('regular').fontSize(9).text(`${who}: `, left, pdf.y, { continued: true, width: INNER });
    pdf.font('bold').text(`${p.name}, ${requisites(p)}`);
    pdf.moveDown(0.4);
  };
  party('Поставщик (Исполнитель)', doc.seller);
  party('Покупатель (Заказчик)', doc.buyer);
  pdf.moveDown(0.4);

  // № | Наименование | Срок | Кол-во | Цена | Сумма: one service per module, its price is its sum.
  const cols = [
    { title: '№', width: 24, align: 'center' as const },
    { title: 'Наименование работ, услуг', width: INNER - 24 - 90 - 44 - 80 - 80, align: 'left' as const },
    { title: 'Срок', width: 90, align: 'center' as const },
    { title: 'Кол-во', width: 44, align: 'center' as const },
    { title: 'Цена, руб.', width: 80, align: 'right' as const },
    { title: 'Сумма, руб.', width: 80, align: 'right' as const },
  ];
  const row = (cells: string[], font: 'regular' | 'bold') => {
    const y = pdf.y;
    pdf.font(font).fontSize(9);
    const height = Math.max(...cells.map((c, i) => pdf.heightOfString(c, { width: (cols[i]?.width ?? 0) - 8 }))) + 8;
    let x = left;
    cells.forEach((cell, i) => {
      const col = cols[i]!;
      pdf.text(cell, x + 4, y + 4, { width: col.width - 8, align: col.align });
      pdf.rect(x, y, col.width, height).stroke();
      x += col.width;
    });
    pdf.x = left;
    pdf.y = y + height;
  };
  row(
    cols.map((c) => c.title),
    'bold',
  );
  doc.items.forEach((item, i) =>
    row(
      [String(i + 1), item.title, item.period, '1 усл.', formatRubles(item.amount), formatRubles(item.amount)],
      'regular',
    ),
  );

  pdf.moveDown(0.6);
  const totals: [string, string][] = [
    ['Итого:', formatRubles(doc.total)],
    [
      doc.seller.vatRate === null ? 'Без налога (НДС)' : `В том числе НДС ${doc.seller.vatRate}%:`,
      doc.seller.vatRate === null ? '—' : formatRubles(vatIncluded(doc.total, doc.seller.vatRate)),
    ],
    ['Всего к оплате:', formatRubles(doc.total)],
  ];
  for (const [name, sum] of totals) {
    const y = pdf.y;
    pdf
      .font('bold')
      .fontSize(9)
      .text(name, left, y, { width: INNER - 90, align: 'right' });
    pdf.text(sum, left + INNER - 86, y, { width: 86, align: 'right' });
    pdf.x = left;
  }
  pdf.moveDown(0.6);
  pdf
    .font('regular')
    .text(`Всего наименований ${doc.items.length}, на сумму ${formatRubles(doc.total)} руб.`, left, pdf.y, {
      width: INNER,
    });
  pdf.font('bold').text(rublesInWords(doc.total), { width: INNER });
  pdf.moveDown(0.6);
  pdf.font('regular').fontSize(8).text(`Назначение платежа: ${purpose}`, { width: INNER });
  pdf.text('Модули продлеваются, когда оплата поступит на расчётный счёт поставщика.', { width: INNER });
  pdf
    .moveTo(left, pdf.y + 6)
    .lineTo(left + INNER, pdf.y + 6)
    .lineWidth(1.5)
    .stroke()
    .lineWidth(0.5);

  // The QR code on the right, the signatures on the left.
  const blockTop = pdf.y + 18;
  const qrSize = 130;
  pdf.image(qr, left + INNER - qrSize, blockTop, { width: qrSize, height: qrSize });
  pdf.fontSize(8).text('Оплата по QR-коду в приложении банка', left + INNER - qrSize - 10, blockTop + qrSize + 4, {
    width: qrSize + 10,
    align: 'center',
  });
  pdf
    .fontSize(9)
    .font('bold')
    .text('Руководитель', left, blockTop + 20);
  pdf.font('regular').text('______________________', left + 90, blockTop + 20);
  pdf.font('bold').text('Бухгалтер', left, blockTop + 50);
  pdf.font('regular').text('______________________', left + 90, blockTop + 50);

  pdf.end();
  await ended;
  return Buffer.concat(chunks);
}
