import { PAY_CURRENCIES, type PayCurrency } from '@salon/contract/payments';
import {
  PaymentProviderError,
  type CreatePayment,
  type PaymentProvider,
  type ProviderNotification,
  type ProviderPayment,
  type ProviderPaymentStatus,
  type ProviderReceipt,
} from '../../provider.js';
import { parseNotificationBody, PROVIDER_PAYMENT_ID } from '../../notification.js';
import { YookassaClient, type YookassaClientOptions } from './client.js';

// The YooKassa driver: payments with a redirect confirmation (the payer pays on YooKassa's page),
// saved cards for autopay (`save_payment_method`, later `payment_method_id` with no confirmation),
// 54-FZ receipts and refunds, over API v3.

export interface YookassaProviderOptions extends YookassaClientOptions {
  // The receipt items' VAT code (yookassa.ru "vat_code": 1 = no VAT, …): the shop's tax regime.
  vatCode?: number;
}

// YooKassa's limits: description 128 characters, a receipt item's description 128.
const DESCRIPTION_MAX = 128;
const STATUSES: readonly ProviderPaymentStatus[] = ['pending', 'waiting_for_capture', 'succeeded', 'canceled'];

export function money(amount: number, currency: PayCurrency): { value: string; currency: PayCurrency } {
  if (!Number.isFinite(amount) || amount <= 0)
    throw new PaymentProviderError(`bad amount ${amount}`, false, 'invalid_amount');
  return { value: amount.toFixed(2), currency };
}

function receiptOf(payment: CreatePayment, vatCode: number) {
  const { receipt } = payment;
  if (!receipt) return undefined;
  const customer = receipt.email ? { email: receipt.email } : receipt.phone ? { phone: receipt.phone } : {};
  return {
    customer,
    items: receipt.items.map((item) => ({
      description: item.description.slice(0, DESCRIPTION_MAX),
      quantity: item.quantity,
      amount: money(item.amount, payment.currency),
      vat_code: vatCode,
      payment_subject: 'service',
      payment_mode: 'full_payment',
    })),
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

// Fiscal numbers are digits (YooKassa sends them as strings); anything else is not one.
function digits(value: unknown): string | null {
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && /^\d{1,20}$/.test(text) ? text : null;
}

const RECEIPT_STATUSES: readonly ProviderReceipt['status'][] = ['pending', 'succeeded', 'canceled'];

// A YooKassa payment object as the port's payment; a body that is not one is a provider fault.
export function toProviderPayment(json: unknown): ProviderPayment {
  if (!isObject(json) || typeof json.id !== 'string' || !isObject(json.amount)) {
    throw new PaymentProviderError('YooKassa answered something that is not a payment', true, 'bad_response');
  }
  const status = STATUSES.find((s) => s === json.status);
  const currency = PAY_CURRENCIES.find((c) => c === (json.amount as Record<string, unknown>).currency);
  const amount = Number((json.amount as Record<string, unknown>).value);
  if (!status || !currency || !Number.isFinite(amount)) {
    throw new PaymentProviderError(`YooKassa payment ${json.id}: unknown status or amount`, true, 'bad_response');
  }
  const metadata: Record<string, string> = {};
  if (isObject(json.metadata)) {
    for (const [key, value] of Object.entries(json.metadata)) if (value !== null) metadata[key] = String(value);
  }
  const method = isObject(json.payment_method) ? json.payment_method : null;
  const card = method && isObject(method.card) ? method.card : null;
  const confirmation = isObject(json.confirmation) ? json.confirmation : null;
  const cancellation = isObject(json.cancellation_details) ? json.cancellation_details : null;
  return {
    id: json.id,
    status,
    paid: json.paid === true,
    amount,
    currency,
    metadata,
    confirmationUrl: status === 'pending' ? str(confirmation?.confirmation_url) : null,
    paymentMethod:
      method && typeof method.id === 'string'
        ? { id: method.id, saved: method.saved === true, last4: str(card?.last4) }
        : null,
    cancellationReason: str(cancellation?.reason),
  };
}

export class YookassaProvider implements PaymentProvider {
  readonly name = 'yookassa' as const;
  readonly #client: YookassaClient;
  readonly #vatCode: number;

  constructor(options: YookassaProviderOptions) {
    this.#client = new YookassaClient(options);
    this.#vatCode = options.vatCode ?? 1;
  }

  async create(payment: CreatePayment): Promise<ProviderPayment> {
    const receipt = receiptOf(payment, this.#vatCode);
    const json = await this.#client.call({
      method: 'POST',
      path: '/payments',
      idempotenceKey: payment.idempotenceKey,
      body: {
        amount: money(payment.amount, payment.currency),
        capture: true,
        confirmation: { type: 'redirect', return_url: payment.returnUrl },
        ...(payment.savePaymentMethod ? { save_payment_method: true } : {}),
        description: payment.description.slice(0, DESCRIPTION_MAX),
        metadata: payment.metadata,
        ...(receipt ? { receipt } : {}),
      },
    });
    return toProviderPayment(json);
  }

  async get(paymentId: string): Promise<ProviderPayment | null> {
    if (!PROVIDER_PAYMENT_ID.test(paymentId)) return null;
    const json = await this.#client.call({ method: 'GET', path: `/payments/${encodeURIComponent(paymentId)}` });
    return json === null ? null : toProviderPayment(json);
  }

  async chargeSaved(
    payment: Omit<CreatePayment, 'returnUrl' | 'savePaymentMethod'> & { paymentMethodId: string },
  ): Promise<ProviderPayment> {
    const receipt = receiptOf({ ...payment, returnUrl: '', savePaymentMethod: false }, this.#vatCode);
    const json = await this.#client.call({
      method: 'POST',
      path: '/payments',
      idempotenceKey: payment.idempotenceKey,
      body: {
        amount: money(payment.amount, payment.currency),
        capture: true,
        payment_method_id: payment.paymentMethodId,
        description: payment.description.slice(0, DESCRIPTION_MAX),
        metadata: payment.metadata,
        ...(receipt ? { receipt } : {}),
      },
    });
    return toProviderPayment(json);
  }

  async refund(paymentId: string, amount: number, idempotenceKey: string): Promise<void> {
    // The refund's currency must be the payment's: read it rather than guess.
    const payment = await this.get(paymentId);
    if (!payment) throw new PaymentProviderError(`YooKassa payment ${paymentId} not found`, false, 'not_found');
    await this.#client.call({
      method: 'POST',
      path: '/refunds',
      idempotenceKey,
      body: { payment_id: paymentId, amount: money(amount, payment.currency) },
    });
  }

  // GET /v3/receipts?payment_id=…: the receipts made for the payment (a sale, later refunds); the
  // sale's is the one of type `payment`. Its fiscal data are there once the operator registered it.
  async receiptOf(paymentId: string): Promise<ProviderReceipt | null> {
    if (!PROVIDER_PAYMENT_ID.test(paymentId)) return null;
    const json = await this.#client.call({
      method: 'GET',
      path: `/receipts?payment_id=${encodeURIComponent(paymentId)}`,
    });
    if (json === null) return null;
    if (!isObject(json) || !Array.isArray(json.items)) {
      throw new PaymentProviderError('YooKassa answered something that is not a receipt list', true, 'bad_response');
    }
    const sales = json.items.filter((r): r is Record<string, unknown> => isObject(r) && r.type === 'payment');
    // A canceled receipt may be followed by a new one: the registered one wins, then a pending one.
    const receipt =
      sales.find((r) => r.status === 'succeeded') ?? sales.find((r) => r.status === 'pending') ?? sales[0];
    if (!receipt) return null;
    const status = RECEIPT_STATUSES.find((s) => s === receipt.status);
    if (!status)
      throw new PaymentProviderError(`YooKassa receipt of ${paymentId}: unknown status`, true, 'bad_response');
    return {
      status,
      fiscalStorageNumber: digits(receipt.fiscal_storage_number),
      fiscalDocumentNumber: digits(receipt.fiscal_document_number),
      fiscalAttribute: digits(receipt.fiscal_attribute),
      registeredAt: str(receipt.registered_at),
      url: null,
    };
  }

  parseNotification(body: unknown): ProviderNotification | null {
    return parseNotificationBody(body);
  }
}
