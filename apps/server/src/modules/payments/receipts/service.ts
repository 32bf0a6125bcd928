import { PAY_EXTRA_STATUS, PAY_STATUS, RECEIPT_TIMEOUT_MS } from '@salon/contract/payments';
import { AppError } from '../../../platform/http/errors.js';
import type { Logger } from '../../../platform/logger.js';
import type { PaymentProvider, ProviderReceipt } from '../../../payments/provider.js';
import type { ReceiptsRepository } from './repository.js';
import { storedReceipt, type StoredReceipt } from './view.js';

export interface ReceiptsServiceDeps {
  repo: ReceiptsRepository;
  provider: PaymentProvider;
  logger: Logger;
  // RECEIPT_URL_TEMPLATE: the fiscal data operator's check page, with {fn}, {fd} and {fp}.
  urlTemplate: string;
  timeoutMs?: number;
}

class ReceiptTimeout extends Error {}

// The check page of a registered receipt, from its fiscal data; null while any of them is missing.
export function receiptUrlOf(template: string, receipt: ProviderReceipt): string | null {
  const { fiscalStorageNumber: fn, fiscalDocumentNumber: fd, fiscalAttribute: fp } = receipt;
  if (!fn || !fd || !fp) return null;
  return template.replace('{fn}', fn).replace('{fd}', fd).replace('{fp}', fp);
}

export class ReceiptsService {
  constructor(private readonly d: ReceiptsServiceDeps) {}

  // SPEC 7 /get_missing_receipt: the receipt of one of the branch's payments, asked of the provider
  // (within RECEIPT_TIMEOUT_MS) and kept on the payment, so the history shows its link from then on.
  // `url` null: the fiscal data operator has not registered it yet (ask again later).
  async missing(accId: number, providerPaymentId: string): Promise<{ url: string | null }> {
    const row = await this.d.repo.paymentOfBranch(accId, this.d.provider.name, providerPaymentId);
    if (!row || row.status !== 'succeeded') throw new AppError(404, PAY_EXTRA_STATUS.receiptNotFound);
    const kept = storedReceipt(row.receipt);
    if (kept) return { url: kept.receipt_link };
    const receipt = await this.ask(providerPaymentId);
    if (!receipt || receipt.status === 'canceled') throw new AppError(404, PAY_EXTRA_STATUS.receiptNotFound);
    if (receipt.status === 'pending') return { url: null };
    const url = receipt.url ?? receiptUrlOf(this.d.urlTemplate, receipt);
    if (!url) return { url: null };
    const stored: StoredReceipt = {
      receipt_link: url,
      fiscal_number: receipt.fiscalDocumentNumber,
      fiscal_storage_number: receipt.fiscalStorageNumber,
      fiscal_attribute: receipt.fiscalAttribute,
      registered_at: receipt.registeredAt,
    };
    await this.d.repo.saveReceipt(row.id, stored);
    return { url };
  }

  private async ask(providerPaymentId: string): Promise<ProviderReceipt | null> {
    const ms = this.d.timeoutMs ?? RECEIPT_TIMEOUT_MS;
    let timer: NodeJS.Timeout | undefined;
    // The provider's client retries on its own for longer than the cabinet waits: the answer is
    // bounded here, and a late one is dropped (reading a receipt changes nothing).
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ReceiptTimeout(`no receipt answer in ${ms} ms`)), ms);
    });
    try {
      return await Promise.race([this.d.provider.receiptOf(providerPaymentId), deadline]);
    } catch (err) {
      this.d.logger.warn({ err, providerPaymentId }, 'receipt not read from the provider');
      throw new AppError(502, PAY_STATUS.providerFailed);
    } finally {
      clearTimeout(timer);
    }
  }
}
