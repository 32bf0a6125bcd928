import type { Currency } from '@salon/contract/constants';

// SPEC 9: RUB amounts in the ru-RU format, USD in en-US, whatever the interface language.
const CURRENCY_LOCALES: Record<Currency, string> = { RUB: 'ru-RU', USD: 'en-US' };

export function formatMoney(amount: number, currency: Currency): string {
  return new Intl.NumberFormat(CURRENCY_LOCALES[currency], {
    style: 'currency',
    currency,
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  }).format(Number.isFinite(amount) ? amount : 0);
}
