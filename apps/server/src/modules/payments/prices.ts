import {
  DEFAULT_MODULE_PRICES,
  PAY_CURRENCIES,
  PAY_MODULES,
  type ModulePrices,
  type PayCurrency,
  type PayModule,
} from '@salon/contract/payments';

export type PriceList = Record<PayCurrency, ModulePrices>;

// PAY_PRICES: 'RUB:WA=1490,TG=1490,loyalty=990;USD:WA=19,TG=19,loyalty=12'. A currency or module
// left out keeps the default; anything unreadable stops the start (a wrong price must not charge).
export function parsePriceList(text: string | undefined): PriceList {
  const list: PriceList = { RUB: { ...DEFAULT_MODULE_PRICES.RUB }, USD: { ...DEFAULT_MODULE_PRICES.USD } };
  if (!text?.trim()) return list;
  for (const part of text
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [currency, entries] = part.split(':').map((p) => p.trim());
    if (!currency || !(PAY_CURRENCIES as readonly string[]).includes(currency) || !entries) {
      throw new Error(`PAY_PRICES: cannot read "${part}"`);
    }
    for (const entry of entries.split(',').map((e) => e.trim())) {
      const [module, value] = entry.split('=').map((e) => e.trim());
      const price = Number(value);
      if (!module || !(PAY_MODULES as readonly string[]).includes(module) || !Number.isFinite(price) || price <= 0) {
        throw new Error(`PAY_PRICES: cannot read "${entry}" of ${currency}`);
      }
      list[currency as PayCurrency][module as PayModule] = price;
    }
  }
  return list;
}
