import { createHash, randomBytes } from 'node:crypto';
import type { PayCurrency } from '@salon/contract/payments';
import type { Clock } from '../../../platform/clock.js';
import type { Logger } from '../../../platform/logger.js';
import { parseNotificationBody } from '../../notification.js';
import {
  PaymentProviderError,
  type CreatePayment,
  type PaymentProvider,
  type ProviderNotification,
  type ProviderPayment,
  type ProviderReceipt,
  type ReceiptItem,
} from '../../provider.js';
import { SandboxStore, type SandboxPaymentRecord } from './store.js';

// The embedded payment provider: a checkout page on this server (sandbox-routes) where the payer
// pays or refuses, then a notification to our own webhook shaped as YooKassa's, sent after the
// payer is redirected back, as a real provider does. Payments and saved cards live in files, so a
// restart between the link and the payment loses nothing.

export const SANDBOX_CHECKOUT_PATH = '/payments/sandbox/checkout';
// The receipt page of a paid sandbox payment (what an operator's check page would show).
export const SANDBOX_RECEIPT_PATH = '/payments/sandbox/receipt';
// A card ending so is saved, but the bank refuses every later charge of it (dunning can be tried).
export const DECLINING_CARD_LAST4 = '0002';
export const DEFAULT_SANDBOX_CARD = '4242424242424242';

export type SandboxNotification = {
  type: 'notification';
  event: string;
  object: Record<string, unknown>;
};
// Delivers one notification to our webhook; throws when it was not taken (answer other than 2xx).
export type SandboxNotify = (notification: SandboxNotification) => Promise<void>;

export interface SandboxProviderOptions {
  // DATA_DIR/sandbox-payments
  dir: string;
  // The server's public address: the checkout links start with `${publicBase}/api`.
  publicBase: string;
  clock: Clock;
  logger: Logger;
  notify: SandboxNotify;
  // After the payer's decision; a real provider notifies a moment after the redirect.
  notifyDelayMs?: number;
  // Between delivery attempts of one notification (3 attempts).
  notifyRetryMs?: number;
}

export interface SandboxCheckoutView {
  id: string;
  status: SandboxPaymentRecord['status'];
  amount: number;
  currency: PayCurrency;
  description: string;
  savePaymentMethod: boolean;
  returnUrl: string | null;
}

// A paid sandbox payment's receipt, for its page: what was sold to whom, with made-up fiscal numbers.
export interface SandboxReceiptView {
  paymentId: string;
  amount: number;
  currency: PayCurrency;
  items: ReceiptItem[];
  customer: string;
  registeredAt: string;
  fiscalStorageNumber: string;
  fiscalDocumentNumber: string;
  fiscalAttribute: string;
}

// What the checkout page needs from the sandbox provider.
export interface SandboxCheckout {
  view(paymentId: string): Promise<SandboxCheckoutView | null>;
  // The payer's choice on the page; a second press answers the first outcome. Null: no such payment.
  decide(paymentId: string, decision: 'pay' | 'decline', cardNumber?: string): Promise<SandboxCheckoutView | null>;
}

const NOTIFY_ATTEMPTS = 3;

// The same idempotence key names the same payment.
function paymentIdOf(idempotenceKey: string): string {
  return `sbx_${createHash('sha256').update(idempotenceKey).digest('hex').slice(0, 32)}`;
}

function lastFour(cardNumber: string | undefined): string {
  const digits = (cardNumber ?? '').replace(/\D/g, '');
  return digits.length >= 12 && digits.length <= 19 ? digits.slice(-4) : DEFAULT_SANDBOX_CARD.slice(-4);
}

export class SandboxProvider implements PaymentProvider, SandboxCheckout {
  readonly name = 'sandbox' as const;
  readonly #store: SandboxStore;
  readonly #publicBase: string;
  readonly #pending = new Set<Promise<void>>();
  // One decision at a time per payment in this process (a double click on "Pay").
  readonly #locks = new Map<string, Promise<unknown>>();

  constructor(private readonly options: SandboxProviderOptions) {
    this.#store = new SandboxStore(options.dir);
    this.#publicBase = options.publicBase.replace(/\/+$/, '');
  }

  checkoutUrl(paymentId: string): string {
    return `${this.#publicBase}/api${SANDBOX_CHECKOUT_PATH}/${paymentId}`;
  }

  async create(payment: CreatePayment): Promise<ProviderPayment> {
    const id = paymentIdOf(payment.idempotenceKey);
    const record = await this.#locked(id, () =>
      this.#open(id, payment, { returnUrl: payment.returnUrl, save: payment.savePaymentMethod }),
    );
    return this.#toPayment(record);
  }

  async get(paymentId: string): Promise<ProviderPayment | null> {
    const record = await this.#store.readPayment(paymentId);
    return record ? this.#toPayment(record) : null;
  }

  async chargeSaved(
    payment: Omit<CreatePayment, 'returnUrl' | 'savePaymentMethod'> & { paymentMethodId: string },
  ): Promise<ProviderPayment> {
    const method = await this.#store.readMethod(payment.paymentMethodId);
    if (!method) {
      throw new PaymentProviderError(
        `sandbox: payment method ${payment.paymentMethodId} is not saved`,
        false,
        'invalid_request',
      );
    }
    const id = paymentIdOf(payment.idempotenceKey);
    const record = await this.#locked(id, async () => {
      const opened = await this.#open(
        id,
        { ...payment, savePaymentMethod: false, returnUrl: '' },
        { returnUrl: null, save: false },
      );
      // A repeat of the same charge (same key) answers its first outcome.
      if (opened.status !== 'pending') return opened;
      const settled: SandboxPaymentRecord = {
        ...opened,
        paymentMethod: { id: method.id, saved: true, last4: method.last4 },
        ...(method.declines
          ? { status: 'canceled' as const, cancellationReason: method.declines }
          : { status: 'succeeded' as const }),
      };
      await this.#store.writePayment(settled);
      this.#notifyLater(settled);
      return settled;
    });
    return this.#toPayment(record);
  }

  async refund(paymentId: string, amount: number, idempotenceKey: string): Promise<void> {
    await this.#locked(paymentId, async () => {
      const record = await this.#store.readPayment(paymentId);
      if (!record) throw new PaymentProviderError(`sandbox: payment ${paymentId} not found`, false, 'not_found');
      // A repeated refund (same key) was made already.
      if (record.refundKeys?.includes(idempotenceKey)) return;
      if (record.status !== 'succeeded')
        throw new PaymentProviderError(`sandbox: payment ${paymentId} is ${record.status}`, false, 'invalid_request');
      if (!(amount > 0) || Math.round((record.refunded + amount) * 100) > Math.round(record.amount * 100))
        throw new PaymentProviderError(`sandbox: refund ${amount} exceeds the payment`, false, 'invalid_request');
      await this.#store.writePayment({
        ...record,
        refunded: record.refunded + amount,
        refundKeys: [...(record.refundKeys ?? []), idempotenceKey],
      });
    });
  }

  parseNotification(body: unknown): ProviderNotification | null {
    return parseNotificationBody(body);
  }

  // The sandbox "registers" a receipt the moment a payment that asked for one is paid.
  async receiptOf(paymentId: string): Promise<ProviderReceipt | null> {
    const view = await this.receiptView(paymentId);
    if (!view) return null;
    return {
      status: 'succeeded',
      fiscalStorageNumber: view.fiscalStorageNumber,
      fiscalDocumentNumber: view.fiscalDocumentNumber,
      fiscalAttribute: view.fiscalAttribute,
      registeredAt: view.registeredAt,
      url: this.receiptUrl(paymentId),
    };
  }

  receiptUrl(paymentId: string): string {
    return `${this.#publicBase}/api${SANDBOX_RECEIPT_PATH}/${paymentId}`;
  }

  async receiptView(paymentId: string): Promise<SandboxReceiptView | null> {
    const record = await this.#store.readPayment(paymentId);
    if (!record || record.status !== 'succeeded' || !record.receipt) return null;
    // Stable made-up fiscal numbers (ФН 16 digits, ФД and ФП 10), derived from the payment id.
    const hash = createHash('sha256').update(record.id).digest();
    const number = (offset: number, length: number) =>
      String(hash.readBigUInt64BE(offset) % 10n ** BigInt(length)).padStart(length, '0');
    return {
      paymentId: record.id,
      amount: record.amount,
      currency: record.currency,
      items: record.receipt.items,
      customer: record.receipt.email ?? record.receipt.phone ?? '',
      registeredAt: record.createdAt,
      fiscalStorageNumber: `9999${number(0, 12)}`,
      fiscalDocumentNumber: String(Number(number(8, 6)) + 1),
      fiscalAttribute: number(16, 10),
    };
  }

  async view(paymentId: string): Promise<SandboxCheckoutView | null> {
    const record = await this.#store.readPayment(paymentId);
    return record ? viewOf(record) : null;
  }

  async decide(
    paymentId: string,
    decision: 'pay' | 'decline',
    cardNumber?: string,
  ): Promise<SandboxCheckoutView | null> {
    return this.#locked(paymentId, async () => {
      const record = await this.#store.readPayment(paymentId);
      // Autopay charges have no checkout: only a payment made for the page is decided here.
      if (!record || record.returnUrl === null) return null;
      if (record.status !== 'pending') return viewOf(record);
      let settled: SandboxPaymentRecord;
      if (decision === 'pay') {
        const last4 = lastFour(cardNumber);
        const methodId = `sbxpm_${randomBytes(16).toString('hex')}`;
        if (record.savePaymentMethod) {
          await this.#store.writeMethod({
            id: methodId,
            last4,
            declines: last4 === DECLINING_CARD_LAST4 ? 'card_expired' : null,
          });
        }
        settled = {
          ...record,
          status: 'succeeded',
          paymentMethod: { id: methodId, saved: record.savePaymentMethod, last4 },
        };
      } else {
        settled = { ...record, status: 'canceled', cancellationReason: 'canceled_by_payer' };
      }
      await this.#store.writePayment(settled);
      this.#notifyLater(settled);
      return viewOf(settled);
    });
  }

  // Makes a saved card refuse (or accept again) later charges: tests of autopay failures.
  async setMethodDeclines(methodId: string, reason: string | null): Promise<void> {
    const method = await this.#store.readMethod(methodId);
    if (!method) throw new Error(`sandbox: no saved method ${methodId}`);
    await this.#store.writeMethod({ ...method, declines: reason });
  }

  // Waits until every notification sent so far was delivered or given up (tests; shutdown).
  async flush(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending]);
  }

  // Under the payment's lock. A payment opened before with the same key is answered as it is now.
  async #open(
    id: string,
    payment: CreatePayment,
    how: { returnUrl: string | null; save: boolean },
  ): Promise<SandboxPaymentRecord> {
    if (!Number.isFinite(payment.amount) || payment.amount <= 0)
      throw new PaymentProviderError(`sandbox: bad amount ${payment.amount}`, false, 'invalid_request');
    const existing = await this.#store.readPayment(id);
    if (existing) return existing;
    const record: SandboxPaymentRecord = {
      id,
      status: 'pending',
      amount: payment.amount,
      currency: payment.currency,
      description: payment.description,
      metadata: payment.metadata,
      returnUrl: how.returnUrl,
      savePaymentMethod: how.save,
      receipt: payment.receipt,
      paymentMethod: null,
      cancellationReason: null,
      refunded: 0,
      createdAt: this.options.clock.now().toISOString(),
    };
    await this.#store.writePayment(record);
    return record;
  }

  async #locked<T>(key: string, run: () => Promise<T>): Promise<T> {
    const before = this.#locks.get(key) ?? Promise.resolve();
    const next = before.catch(() => undefined).then(run);
    this.#locks.set(key, next);
    try {
      return await next;
    } finally {
      if (this.#locks.get(key) === next) this.#locks.delete(key);
    }
  }

  #toPayment(record: SandboxPaymentRecord): ProviderPayment {
    return {
      id: record.id,
      status: record.status,
      paid: record.status === 'succeeded',
      amount: record.amount,
      currency: record.currency,
      metadata: record.metadata,
      confirmationUrl: record.status === 'pending' && record.returnUrl !== null ? this.checkoutUrl(record.id) : null,
      paymentMethod: record.paymentMethod,
      cancellationReason: record.cancellationReason,
    };
  }

  #notifyLater(record: SandboxPaymentRecord): void {
    const body: SandboxNotification = {
      type: 'notification',
      event: `payment.${record.status}`,
      object: {
        id: record.id,
        status: record.status,
        paid: record.status === 'succeeded',
        amount: { value: record.amount.toFixed(2), currency: record.currency },
        metadata: record.metadata,
        ...(record.paymentMethod ? { payment_method: { type: 'bank_card', ...record.paymentMethod } } : {}),
      },
    };
    const sending = this.#deliver(body).finally(() => this.#pending.delete(sending));
    this.#pending.add(sending);
  }

  async #deliver(body: SandboxNotification): Promise<void> {
    // Unref'd: a notification still waiting never holds a stopping process open.
    const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
    await wait(this.options.notifyDelayMs ?? 300);
    for (let attempt = 1; attempt <= NOTIFY_ATTEMPTS; attempt++) {
      try {
        await this.options.notify(body);
        return;
      } catch (err) {
        if (attempt === NOTIFY_ATTEMPTS) {
          this.options.logger.warn({ err, paymentId: body.object.id }, 'sandbox payment notification not delivered');
          return;
        }
        await wait((this.options.notifyRetryMs ?? 2000) * attempt);
      }
    }
  }
}

function viewOf(record: SandboxPaymentRecord): SandboxCheckoutView {
  return {
    id: record.id,
    status: record.status,
    amount: record.amount,
    currency: record.currency,
    description: record.description,
    savePaymentMethod: record.savePaymentMethod,
    returnUrl: record.returnUrl,
  };
}

// Posts a notification to our own webhook over HTTP, as the real provider would.
export function httpNotifier(
  url: string,
  fetchImpl: typeof fetch = globalThis.fetch,
  timeoutMs = 10_000,
): SandboxNotify {
  return async (notification) => {
    const response = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(notification),
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`webhook answered ${response.status}`);
  };
}
