import type { Config } from '../../../platform/config.js';
import type { InvoiceSeller } from './pdf.js';

// The seller of the invoices from the SELLER_* variables (checked when the config is read).
export function sellerFromConfig(
  config: Pick<
    Config,
    | 'SELLER_NAME'
    | 'SELLER_INN'
    | 'SELLER_KPP'
    | 'SELLER_BANK_NAME'
    | 'SELLER_BIK'
    | 'SELLER_CORR_ACCOUNT'
    | 'SELLER_ACCOUNT'
    | 'SELLER_VAT'
  >,
): InvoiceSeller {
  return {
    name: config.SELLER_NAME,
    inn: config.SELLER_INN,
    kpp: config.SELLER_KPP,
    bankName: config.SELLER_BANK_NAME,
    bik: config.SELLER_BIK,
    corrAccount: config.SELLER_CORR_ACCOUNT,
    account: config.SELLER_ACCOUNT,
    vatRate: config.SELLER_VAT === 'none' ? null : Number(config.SELLER_VAT),
  };
}
