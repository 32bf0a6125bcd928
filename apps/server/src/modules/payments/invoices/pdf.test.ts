import jsQRModule from 'jsqr';
import { PDFParse } from 'pdf-parse';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { parsePaymentQr } from './qr-payload.js';
import { renderInvoicePdf, type InvoiceDocument } from './pdf.js';

const invoice: InvoiceDocument = {
  number: '17',
  day: '2026-03-10',
  seller: {
    name: 'ООО «Салон Кабинет»',
    inn: '7701234560',
    kpp: '770101001',
    bankName: 'АО «Демо Банк»',
    bik: '044525000',
    corrAccount: '30101810400000000000',
    account: '40702810900000000001',
    vatRate: 20,
  },
  buyer: { name: 'ООО «Ромашка»', inn: '5001007329', kpp: '500101001' },
  items: [
    { title: 'Модуль WhatsApp', period: '3 мес. + 1 бонусный', amount: 4470 },
    { title: 'Модуль Telegram', period: '3 мес. + 1 бонусный', amount: 4470.5 },
  ],
  total: 8940.5,
};

async function read(bytes: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    const { text } = await parser.getText();
    const images = await parser.getImage({ imageBuffer: true, imageDataUrl: false });
    return { text: text.replace(/\s+/g, ' '), images: images.pages.flatMap((p) => p.images) };
  } finally {
    await parser.destroy();
  }
}

// jsqr is CommonJS typed as an ES module with a default export: under NodeNext its default import is
// module.exports, whose `default` is the decoder (module.exports.default === module.exports).
const jsQR = jsQRModule.default;

function decodeQr(png: Uint8Array): string | undefined {
  const image = PNG.sync.read(Buffer.from(png));
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

describe('the invoice PDF', () => {
  it('holds the title, both parties, the items, the total, the VAT line and the sum in words', async () => {
    const { text } = await read(await renderInvoicePdf(invoice));
    for (const piece of [
      'Счёт на оплату № 17 от 10 марта 2026 г.',
      'АО «Демо Банк»',
      'БИК 044525000',
      '30101810400000000000',
      '40702810900000000001',
      'ООО «Салон Кабинет», ИНН 7701234560, КПП 770101001',
      'ООО «Ромашка», ИНН 5001007329, КПП 500101001',
      'Модуль WhatsApp',
      '4 470,50',
      'Итого: 8 940,50',
      'В том числе НДС 20%: 1 490,08',
      'Всего наименований 2, на сумму 8 940,50 руб.',
      'Восемь тысяч девятьсот сорок рублей 50 копеек',
    ]) {
      expect(text).toContain(piece);
    }
  });

  it('says «Без налога (НДС)» for a seller without VAT and leaves out an empty KPP', async () => {
    const { text } = await read(
      await renderInvoicePdf({
        ...invoice,
        seller: { ...invoice.seller, vatRate: null },
        buyer: { name: 'ИП Петров П. П.', inn: '770123456703', kpp: null },
      }),
    );
    expect(text).toContain('Без налога (НДС)');
    expect(text).not.toContain('В том числе НДС');
    expect(text).toContain('ИП Петров П. П., ИНН 770123456703');
    expect(text).not.toContain('770123456703, КПП');
  });

  it('carries a bank QR code that decodes to the seller requisites and the sum in kopecks', async () => {
    const { images } = await read(await renderInvoicePdf(invoice));
    expect(images).toHaveLength(1);
    const payload = decodeQr(images[0]!.data);
    expect(payload?.startsWith('ST00012|')).toBe(true);
    expect(parsePaymentQr(payload!)).toEqual({
      Name: 'ООО «Салон Кабинет»',
      PersonalAcc: '40702810900000000001',
      BankName: 'АО «Демо Банк»',
      BIC: '044525000',
      CorrespAcc: '30101810400000000000',
      PayeeINN: '7701234560',
      KPP: '770101001',
      Purpose: 'Оплата по счёту № 17 от 10.03.2026. В т.ч. НДС 20% 1 490,08 руб.',
      Sum: '894050',
    });
  });

  it('is the same file every time it is rendered', async () => {
    const first = await renderInvoicePdf(invoice);
    const second = await renderInvoicePdf(invoice);
    expect(second.equals(first)).toBe(true);
    expect((await renderInvoicePdf({ ...invoice, total: 8941 })).equals(first)).toBe(false);
  });
});
