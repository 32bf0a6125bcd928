import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A real HTTP server on 127.0.0.1 answering as YooKassa's API v3 documents
// (yookassa.ru/developers/api): HTTP Basic auth with the shop id and secret key; an
// `Idempotence-Key` required on every POST and honoured (the same key on the same path answers the
// first result; the same key with another body is refused); payments created `pending` with a redirect
// confirmation, or charged at once from a saved payment method; refunds of succeeded payments; the
// 54-FZ receipts of paid payments (GET /v3/receipts?payment_id=…, registered with `registerReceipt`);
// errors as `{type: 'error', id, code, description, parameter}`. A test plays the payer with
// `succeed`/`cancel`, makes a saved card decline with `declineMethod`, and scripts failures (500,
// 429, a stall) before or after the request is processed.

export interface FakeAmount {
  value: string;
  currency: string;
}

export interface FakePayment {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  paid: boolean;
  amount: FakeAmount;
  description?: string;
  metadata: Record<string, unknown>;
  created_at: string;
  captured_at?: string;
  confirmation?: { type: 'redirect'; confirmation_url: string; return_url: string };
  payment_method?: {
    type: 'bank_card';
    id: string;
    saved: boolean;
    title: string;
    card: { first6: string; last4: string; expiry_month: string; expiry_year: string; card_type: string };
  };
  cancellation_details?: { party: string; reason: string };
  refundable: boolean;
  refunded_amount?: FakeAmount;
  receipt_registration?: 'pending' | 'succeeded';
  test: boolean;
  // Not in YooKassa's answer: what the shop asked for (the test checks it).
  _request: Record<string, unknown>;
}

export interface FakeRefund {
  id: string;
  payment_id: string;
  status: 'succeeded';
  amount: FakeAmount;
  created_at: string;
}

// A 54-FZ receipt as GET /v3/receipts lists it (the sale's; refunds' receipts are not modelled).
export interface FakeReceipt {
  id: string;
  type: 'payment';
  payment_id: string;
  status: 'pending' | 'succeeded' | 'canceled';
  fiscal_document_number?: string;
  fiscal_storage_number?: string;
  fiscal_attribute?: string;
  registered_at?: string;
  fiscal_provider_id?: string;
  items: unknown[];
}

export interface RecordedYookassaRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

// Applied to the next request (of the given method and path prefix, if named): 'before' answers
// without processing; 'after' processes (a payment is created) and then answers the failure, as a
// lost answer looks to the client.
export type ScriptedFailure =
  | { kind: 'error'; status: number; when?: 'before' | 'after'; headers?: Record<string, string>; body?: unknown }
  | { kind: 'stall'; when?: 'before' | 'after' };

export interface FakeYookassaServer {
  // As YOOKASSA_API_URL is written ('…/v3').
  baseUrl: string;
  shopId: string;
  secretKey: string;
  requests: RecordedYookassaRequest[];
  payments: Map<string, FakePayment>;
  refunds: FakeRefund[];
  receipts: FakeReceipt[];
  // The fiscal data operator registers (or refuses) the receipt of a paid payment; until then a
  // payment with a receipt has one `pending`.
  registerReceipt(paymentId: string, status?: 'succeeded' | 'canceled'): FakeReceipt;
  fail(failure: ScriptedFailure, match?: { method?: string; path?: string }): void;
  // The payer paid on YooKassa's page (with this card); a saved method is kept if asked.
  succeed(paymentId: string, card?: { last4?: string }): FakePayment;
  // The payer gave up, or the bank refused.
  cancel(paymentId: string, reason?: string): FakePayment;
  // Later charges of this saved method are refused by the bank.
  declineMethod(methodId: string, reason?: string): void;
  // The body YooKassa posts to the shop's notification URL for this payment's current state.
  notificationFor(paymentId: string, event?: string): unknown;
  close(): Promise<void>;
}

export interface FakeYookassaOptions {
  shopId?: string;
  secretKey?: string;
  // The shop works under 54-FZ through YooKassa: every payment must carry a receipt.
  requireReceipt?: boolean;
}

const MONEY = /^\d+(\.\d{1,2})?$/;

function send(res: ServerResponse, status: number, json: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(json));
}

function apiError(code: string, description: string, parameter?: string) {
  return { type: 'error', id: randomUUID(), code, description, ...(parameter ? { parameter } : {}) };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function amountProblem(amount: unknown, parameter: string): [string, string] | null {
  if (!isObject(amount) || typeof amount.value !== 'string' || !MONEY.test(amount.value) || Number(amount.value) <= 0)
    return [`Invalid amount value`, `${parameter}.value`];
  if (amount.currency !== 'RUB' && amount.currency !== 'USD') return ['Invalid currency', `${parameter}.currency`];
  return null;
}

function cents(value: string): number {
  return Math.round(Number(value) * 100);
}

function receiptProblem(receipt: unknown, amount: FakeAmount, required: boolean): [string, string] | null {
  if (receipt === undefined) return required ? ['Receipt is missing or illegal', 'receipt'] : null;
  if (!isObject(receipt)) return ['Receipt is missing or illegal', 'receipt'];
  const customer = isObject(receipt.customer) ? receipt.customer : {};
  if (typeof customer.email !== 'string' && typeof customer.phone !== 'string')
    return ['Receipt customer contact is missing', 'receipt.customer'];
  if (!Array.isArray(receipt.items) || receipt.items.length === 0)
    return ['Receipt items are missing', 'receipt.items'];
  let total = 0;
  for (const [i, item] of receipt.items.entries()) {
    if (!isObject(item) || typeof item.description !== 'string' || item.description === '')
      return ['Item description is missing', `receipt.items[${i}].description`];
    const quantity = Number(item.quantity);
    if (!Number.isFinite(quantity) || quantity <= 0) return ['Invalid quantity', `receipt.items[${i}].quantity`];
    const problem = amountProblem(item.amount, `receipt.items[${i}].amount`);
    if (problem) return problem;
    if (!Number.isInteger(item.vat_code) || (item.vat_code as number) < 1)
      return ['Invalid vat_code', `receipt.items[${i}].vat_code`];
    total += cents((item.amount as FakeAmount).value) * quantity;
  }
  if (Math.round(total) !== cents(amount.value))
    return ['Sum of receipt items does not match the payment amount', 'receipt.items'];
  return null;
}

// What the answer shows: everything but the recorded request.
function view(payment: FakePayment): Omit<FakePayment, '_request'> {
  const { _request: _omit, ...shown } = payment;
  return shown;
}

export async function startFakeYookassaServer(options: FakeYookassaOptions = {}): Promise<FakeYookassaServer> {
  const shopId = options.shopId ?? '100500';
  const secretKey = options.secretKey ?? 'test_secret_key';
  const auth = `Basic ${Buffer.from(`${shopId}:${secretKey}`).toString('base64')}`;
  const requests: RecordedYookassaRequest[] = [];
  const payments = new Map<string, FakePayment>();
  const refunds: FakeRefund[] = [];
  const receipts: FakeReceipt[] = [];
  // method id → card and whether the bank now refuses it
  const methods = new Map<string, { last4: string; declines: string | null }>();
  // `${path} ${key}` → the body first sent and the answer given
  const idempotent = new Map<string, { body: string; status: number; json: unknown }>();
  const failures: { failure: ScriptedFailure; method?: string; path?: string }[] = [];
  let baseUrl = '';

  const now = () => new Date().toISOString();

  function createPayment(body: Record<string, unknown>): [number, unknown] {
    const amountBad = amountProblem(body.amount, 'amount');
    if (amountBad) return [400, apiError('invalid_request', ...amountBad)];
    const amount = {
      value: Number((body.amount as FakeAmount).value).toFixed(2),
      currency: (body.amount as FakeAmount).currency,
    };
    const receiptBad = receiptProblem(body.receipt, amount, options.requireReceipt ?? false);
    if (receiptBad) return [400, apiError('invalid_request', ...receiptBad)];
    if (body.metadata !== undefined && !isObject(body.metadata))
      return [400, apiError('invalid_request', 'Invalid metadata', 'metadata')];
    if (typeof body.description === 'string' && body.description.length > 128)
      return [400, apiError('invalid_request', 'Description is too long', 'description')];
    const id = randomUUID();
    const base: FakePayment = {
      id,
      status: 'pending',
      paid: false,
      amount,
      ...(typeof body.description === 'string' ? { description: body.description } : {}),
      metadata: isObject(body.metadata) ? body.metadata : {},
      created_at: now(),
      refundable: false,
      test: true,
      _request: body,
    };
    if (typeof body.payment_method_id === 'string') {
      const method = methods.get(body.payment_method_id);
      if (!method) return [400, apiError('invalid_request', 'Payment method is not saved', 'payment_method_id')];
      base.payment_method = cardOf(body.payment_method_id, method.last4, true);
      if (method.declines) {
        base.status = 'canceled';
        base.cancellation_details = { party: 'payment_network', reason: method.declines };
      } else {
        base.status = 'succeeded';
        base.paid = true;
        base.captured_at = now();
        base.refundable = true;
        openReceipt(base);
      }
    } else {
      const confirmation = isObject(body.confirmation) ? body.confirmation : null;
      if (!confirmation || confirmation.type !== 'redirect' || typeof confirmation.return_url !== 'string')
        return [400, apiError('invalid_request', 'Confirmation with a return_url is required', 'confirmation')];
      base.confirmation = {
        type: 'redirect',
        return_url: confirmation.return_url,
        confirmation_url: `${baseUrl.replace(/\/v3$/, '')}/checkout/${id}`,
      };
    }
    payments.set(id, base);
    return [200, view(base)];
  }

  function createRefund(body: Record<string, unknown>): [number, unknown] {
    const payment = typeof body.payment_id === 'string' ? payments.get(body.payment_id) : undefined;
    if (!payment) return [400, apiError('invalid_request', 'Payment not found', 'payment_id')];
    const amountBad = amountProblem(body.amount, 'amount');
    if (amountBad) return [400, apiError('invalid_request', ...amountBad)];
    const amount = body.amount as FakeAmount;
    if (payment.status !== 'succeeded')
      return [400, apiError('invalid_request', 'Payment is not succeeded', 'payment_id')];
    if (amount.currency !== payment.amount.currency)
      return [400, apiError('invalid_request', 'Currency differs from the payment', 'amount.currency')];
    const refunded = payment.refunded_amount ? cents(payment.refunded_amount.value) : 0;
    if (refunded + cents(amount.value) > cents(payment.amount.value))
      return [400, apiError('invalid_request', 'Refund amount exceeds the payment', 'amount.value')];
    const total = ((refunded + cents(amount.value)) / 100).toFixed(2);
    payment.refunded_amount = { value: total, currency: payment.amount.currency };
    payment.refundable = cents(total) < cents(payment.amount.value);
    const refund: FakeRefund = {
      id: randomUUID(),
      payment_id: payment.id,
      status: 'succeeded',
      amount: { value: Number(amount.value).toFixed(2), currency: amount.currency },
      created_at: now(),
    };
    refunds.push(refund);
    return [200, refund];
  }

  // A paid payment that carried a receipt gets one, pending until the operator registers it.
  function openReceipt(payment: FakePayment): void {
    const asked = payment._request.receipt;
    if (!isObject(asked) || receipts.some((r) => r.payment_id === payment.id)) return;
    receipts.push({
      id: randomUUID(),
      type: 'payment',
      payment_id: payment.id,
      status: 'pending',
      items: Array.isArray(asked.items) ? asked.items : [],
    });
  }

  function cardOf(id: string, last4: string, saved: boolean): NonNullable<FakePayment['payment_method']> {
    return {
      type: 'bank_card',
      id,
      saved,
      title: `Bank card *${last4}`,
      card: { first6: '555555', last4, expiry_month: '12', expiry_year: '2030', card_type: 'MasterCard' },
    };
  }

  function handle(method: string, path: string, body: unknown, query?: URLSearchParams): [number, unknown] {
    if (method === 'GET' && path === '/v3/receipts') {
      const paymentId = query?.get('payment_id');
      const refundId = query?.get('refund_id');
      if (!paymentId && !refundId)
        return [400, apiError('invalid_request', 'payment_id or refund_id is required', 'payment_id')];
      return [200, { type: 'list', items: receipts.filter((r) => r.payment_id === paymentId) }];
    }
    const paymentPath = /^\/v3\/payments\/([^/]+)$/.exec(path);
    if (method === 'GET' && paymentPath) {
      const payment = payments.get(decodeURIComponent(paymentPath[1] ?? ''));
      return payment ? [200, view(payment)] : [404, apiError('not_found', 'Payment not found')];
    }
    if (method === 'POST' && (path === '/v3/payments' || path === '/v3/refunds')) {
      if (!isObject(body)) return [400, apiError('invalid_request', 'Request body is not a JSON object')];
      return path === '/v3/payments' ? createPayment(body) : createRefund(body);
    }
    return [404, apiError('not_found', 'Unknown endpoint')];
  }

  function takeFailure(method: string, path: string): ScriptedFailure | undefined {
    const i = failures.findIndex((f) => (!f.method || f.method === method) && (!f.path || path.startsWith(f.path)));
    return i < 0 ? undefined : failures.splice(i, 1)[0]?.failure;
  }

  function answerFailure(res: ServerResponse, failure: ScriptedFailure): void {
    if (failure.kind === 'stall') return; // left open; close() ends it
    send(
      res,
      failure.status,
      failure.body ??
        apiError(failure.status === 429 ? 'too_many_requests' : 'internal_server_error', `fake ${failure.status}`),
      failure.headers,
    );
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const method = req.method ?? 'GET';
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const path = url.pathname;
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = raw === '' ? undefined : JSON.parse(raw);
      } catch {
        body = undefined;
      }
      requests.push({ method, path, headers: req.headers, body });
      if (req.headers.authorization !== auth) {
        send(res, 401, apiError('invalid_credentials', 'Authentication by given credentials failed'));
        return;
      }
      const failure = takeFailure(method, path);
      if (failure && failure.when !== 'after') {
        answerFailure(res, failure);
        return;
      }
      let status: number;
      let json: unknown;
      if (method === 'POST') {
        const key = req.headers['idempotence-key'];
        if (typeof key !== 'string' || key === '') {
          send(res, 400, apiError('invalid_request', 'Idempotence key is missing', 'Idempotence-Key'));
          return;
        }
        const seen = idempotent.get(`${path} ${key}`);
        if (seen && seen.body !== raw) {
          send(
            res,
            400,
            apiError('invalid_request', 'Idempotence key duplicated with another request body', 'Idempotence-Key'),
          );
          return;
        }
        if (seen) {
          [status, json] = [seen.status, seen.json];
        } else {
          [status, json] = handle(method, path, body);
          idempotent.set(`${path} ${key}`, { body: raw, status, json });
        }
      } else {
        [status, json] = handle(method, path, body, url.searchParams);
      }
      if (failure) answerFailure(res, failure);
      else send(res, status, json);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}/v3`;

  function pending(paymentId: string): FakePayment {
    const payment = payments.get(paymentId);
    if (!payment) throw new Error(`fake YooKassa: no payment ${paymentId}`);
    if (payment.status !== 'pending') throw new Error(`fake YooKassa: payment ${paymentId} is ${payment.status}`);
    return payment;
  }

  return {
    baseUrl,
    shopId,
    secretKey,
    requests,
    payments,
    refunds,
    receipts,
    registerReceipt(paymentId, status = 'succeeded') {
      const receipt = receipts.find((r) => r.payment_id === paymentId);
      if (!receipt) throw new Error(`fake YooKassa: no receipt for payment ${paymentId}`);
      receipt.status = status;
      if (status === 'succeeded') {
        // Fiscal numbers as an operator gives them: ФН 16 digits, ФД and ФП up to 10.
        const n = receipts.indexOf(receipt) + 1;
        receipt.fiscal_storage_number = `92880001${String(n).padStart(8, '0')}`;
        receipt.fiscal_document_number = String(1000 + n);
        receipt.fiscal_attribute = String(2617603900 + n);
        receipt.registered_at = now();
        receipt.fiscal_provider_id = randomUUID();
      }
      return receipt;
    },
    fail: (failure, match) => failures.push({ failure, ...match }),
    succeed(paymentId, card) {
      const payment = pending(paymentId);
      const last4 = card?.last4 ?? '4444';
      const save = payment._request.save_payment_method === true;
      const methodId = randomUUID();
      if (save) methods.set(methodId, { last4, declines: null });
      payment.payment_method = cardOf(methodId, last4, save);
      payment.status = 'succeeded';
      payment.paid = true;
      payment.refundable = true;
      payment.captured_at = now();
      openReceipt(payment);
      return payment;
    },
    cancel(paymentId, reason = 'expired_on_confirmation') {
      const payment = pending(paymentId);
      payment.status = 'canceled';
      payment.cancellation_details = { party: 'yoo_money', reason };
      return payment;
    },
    declineMethod(methodId, reason = 'insufficient_funds') {
      const method = methods.get(methodId);
      if (!method) throw new Error(`fake YooKassa: no saved method ${methodId}`);
      method.declines = reason;
    },
    notificationFor(paymentId, event) {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`fake YooKassa: no payment ${paymentId}`);
      return { type: 'notification', event: event ?? `payment.${payment.status}`, object: view(payment) };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
