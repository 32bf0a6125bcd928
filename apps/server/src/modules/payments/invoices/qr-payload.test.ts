import { describe, expect, it } from 'vitest';
import { parsePaymentQr, paymentQrPayload, type PaymentQrFields } from './qr-payload.js';

const fields: PaymentQrFields = {
  name: 'ООО «Салон Кабинет»',
  account: '40702810900000000001',
  bankName: 'АО «Демо Банк»',
  bik: '044525000',
  corrAccount: '30101810400000000000',
  inn: '7701234560',
  kpp: '770101001',
  purpose: 'Оплата по счёту № 7 от 10.03.2026. Без НДС',
  amount: 8940.5,
};

describe('the ST00012 payment QR payload', () => {
  it('writes the header, the required requisites in order, the INN, KPP, purpose and the sum in kopecks', () => {
    expect(paymentQrPayload(fields)).toBe(
      'ST00012|Name=ООО «Салон Кабинет»|PersonalAcc=40702810900000000001|BankName=АО «Демо Банк»|BIC=044525000|' +
        'CorrespAcc=30101810400000000000|PayeeINN=7701234560|KPP=770101001|' +
        'Purpose=Оплата по счёту № 7 от 10.03.2026. Без НДС|Sum=894050',
    );
  });

  it('keeps the separator out of the values, leaves out an empty KPP and shortens only the purpose', () => {
    const payload = paymentQrPayload({
      ...fields,
      name: 'ИП Иванов | Салон\nНа Арбате',
      kpp: null,
      purpose: 'x'.repeat(300),
      amount: 1,
    });
    const parsed = parsePaymentQr(payload);
    expect(parsed.Name).toBe('ИП Иванов Салон На Арбате');
    expect(parsed).not.toHaveProperty('KPP');
    expect(parsed.Purpose).toHaveLength(210);
    expect(parsed.Sum).toBe('100');
    expect(() => paymentQrPayload({ ...fields, name: 'Н'.repeat(161) })).toThrow(/Name/);
    expect(() => paymentQrPayload({ ...fields, account: '4070281090000000000' })).toThrow(/20 digits/);
    expect(() => paymentQrPayload({ ...fields, amount: 0 })).toThrow(/sum/);
  });
});
