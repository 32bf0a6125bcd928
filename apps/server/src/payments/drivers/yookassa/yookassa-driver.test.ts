import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  startFakeYookassaServer,
  type FakeYookassaServer,
  type RecordedYookassaRequest,
} from '../../../test-support/fake-yookassa-server.js';
import { PaymentProviderError, type CreatePayment } from '../../provider.js';
import { YookassaProvider, type YookassaProviderOptions } from './driver.js';

function firstPayment(overrides: Partial<CreatePayment> = {}): CreatePayment {
  return {
    idempotenceKey: 'pay-1',
    amount: 2980,
    currency: 'RUB',
    description: 'Салон «Ромашка»: WA, TG на 3 месяца',
    returnUrl: 'https://salon.test/pay?acc_id=1',
    savePaymentMethod: true,
    receipt: {
      email: 'owner@salon.test',
      items: [
        { description: 'Модуль WhatsApp, 3 мес.', quantity: 1, amount: 1490 },
        { description: 'Модуль Telegram, 3 мес.', quantity: 1, amount: 1490 },
      ],
    },
    metadata: { payment_id: '41', acc_id: '1' },
    ...overrides,
  };
}

const posts = (fake: FakeYookassaServer, path: string): RecordedYookassaRequest[] =>
  fake.requests.filter((r) => r.method === 'POST' && r.path === path);

describe('YooKassa driver against a fake YooKassa', () => {
  let fake: FakeYookassaServer;
  let provider: YookassaProvider;
  const sleeps: number[] = [];

  const make = (options: Partial<YookassaProviderOptions> = {}) =>
    new YookassaProvider({
      shopId: fake.shopId,
      secretKey: fake.secretKey,
      baseUrl: fake.baseUrl,
      timeoutMs: 2000,
      // Backoff waits are recorded, not slept: the tests assert what happens, not how long.
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      ...options,
    });

  beforeEach(async () => {
    fake = await startFakeYookassaServer({ requireReceipt: true });
    provider = make();
    sleeps.length = 0;
  });
  afterEach(async () => {
    await fake.close();
  });

  it('creates a payment with a redirect, a saved method, metadata and a 54-FZ receipt, keyed for idempotence', async () => {
    const payment = await provider.create(firstPayment());

    expect(payment).toMatchObject({
      status: 'pending',
      paid: false,
      amount: 2980,
      currency: 'RUB',
      metadata: { payment_id: '41', acc_id: '1' },
      paymentMethod: null,
    });
    expect(payment.confirmationUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/checkout\//);
    const [request] = posts(fake, '/v3/payments');
    expect(request?.headers['idempotence-key']).toBe('pay-1');
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${fake.shopId}:${fake.secretKey}`).toString('base64')}`,
    );
    expect(request?.body).toEqual({
      amount: { value: '2980.00', currency: 'RUB' },
      capture: true,
      confirmation: { type: 'redirect', return_url: 'https://salon.test/pay?acc_id=1' },
      save_payment_method: true,
      description: 'Салон «Ромашка»: WA, TG на 3 месяца',
      metadata: { payment_id: '41', acc_id: '1' },
      receipt: {
        customer: { email: 'owner@salon.test' },
        items: [
          {
            description: 'Модуль WhatsApp, 3 мес.',
            quantity: 1,
            amount: { value: '1490.00', currency: 'RUB' },
            vat_code: 1,
            payment_subject: 'service',
            payment_mode: 'full_payment',
          },
          {
            description: 'Модуль Telegram, 3 мес.',
            quantity: 1,
            amount: { value: '1490.00', currency: 'RUB' },
            vat_code: 1,
            payment_subject: 'service',
            payment_mode: 'full_payment',
          },
        ],
      },
    });
  });

  it('sends the phone as the receipt customer when there is no e-mail', async () => {
    await provider.create(
      firstPayment({ receipt: { phone: '79001112233', items: [{ description: 'WA', quantity: 1, amount: 2980 }] } }),
    );
    const body = posts(fake, '/v3/payments')[0]?.body as { receipt: { customer: unknown } };
    expect(body.receipt.customer).toEqual({ phone: '79001112233' });
  });

  it('answers the same payment to a create repeated with the same idempotence key', async () => {
    const a = await provider.create(firstPayment());
    const b = await provider.create(firstPayment());
    expect(b.id).toBe(a.id);
    expect(fake.payments.size).toBe(1);
  });

  it('retries a 500 whose answer was lost with the same key, and gets the one payment made', async () => {
    fake.fail({ kind: 'error', status: 500, when: 'after' }, { method: 'POST' });
    const payment = await provider.create(firstPayment());

    const keys = posts(fake, '/v3/payments').map((r) => r.headers['idempotence-key']);
    expect(keys).toEqual(['pay-1', 'pay-1']);
    expect(fake.payments.size).toBe(1);
    expect(fake.payments.has(payment.id)).toBe(true);
    expect(sleeps).toHaveLength(1);
  });

  it('retries a 429 with the same key, waiting as Retry-After says', async () => {
    fake.fail({ kind: 'error', status: 429, headers: { 'retry-after': '2' } });
    const payment = await provider.create(firstPayment());
    expect(payment.status).toBe('pending');
    expect(posts(fake, '/v3/payments').map((r) => r.headers['idempotence-key'])).toEqual(['pay-1', 'pay-1']);
    expect(sleeps).toEqual([2000]);
  });

  it('gives up after its attempts with a retryable error', async () => {
    for (let i = 0; i < 3; i++) fake.fail({ kind: 'error', status: 503 });
    const failing = make({ maxAttempts: 3 });
    const error = await failing.create(firstPayment()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error).toMatchObject({ retryable: true, code: 'server_error' });
    expect(posts(fake, '/v3/payments')).toHaveLength(3);
    expect(fake.payments.size).toBe(0);
  });

  it('maps a 4xx to a non-retryable error with the API description, and does not retry it', async () => {
    const error = await provider
      .create(
        firstPayment({
          receipt: { email: 'owner@salon.test', items: [{ description: 'WA', quantity: 1, amount: 100 }] },
        }),
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error).toMatchObject({ retryable: false, code: 'invalid_request' });
    expect((error as Error).message).toContain('Sum of receipt items does not match the payment amount');
    expect((error as Error).message).toContain('receipt.items');
    expect(posts(fake, '/v3/payments')).toHaveLength(1);
  });

  it('refuses wrong credentials as a non-retryable error', async () => {
    const wrong = make({ secretKey: 'nope' });
    await expect(wrong.create(firstPayment())).rejects.toMatchObject({ retryable: false, code: 'invalid_credentials' });
  });

  it('times out a stalled answer and retries with the same key', async () => {
    fake.fail({ kind: 'stall', when: 'after' }, { method: 'POST' });
    const quick = make({ timeoutMs: 300 });
    const payment = await quick.create(firstPayment());
    expect(posts(fake, '/v3/payments').map((r) => r.headers['idempotence-key'])).toEqual(['pay-1', 'pay-1']);
    expect(fake.payments.size).toBe(1);
    expect(payment.id).toBe([...fake.payments.keys()][0]);
  });

  it('reports a time-out as retryable when every attempt stalls', async () => {
    fake.fail({ kind: 'stall' });
    fake.fail({ kind: 'stall' });
    const quick = make({ timeoutMs: 200, maxAttempts: 2 });
    await expect(quick.get('2f1c0b7e-000f-5000-8000-1a2b3c4d5e6f')).rejects.toMatchObject({
      retryable: true,
      code: 'timeout',
    });
  });

  it('reads a payment back after the payer paid: status, saved method and card', async () => {
    const created = await provider.create(firstPayment());
    fake.succeed(created.id, { last4: '4477' });

    const payment = await provider.get(created.id);
    expect(payment).toMatchObject({
      id: created.id,
      status: 'succeeded',
      paid: true,
      amount: 2980,
      currency: 'RUB',
      metadata: { payment_id: '41', acc_id: '1' },
      confirmationUrl: null,
      paymentMethod: { saved: true, last4: '4477' },
      cancellationReason: null,
    });
  });

  it('reads a canceled payment with its reason', async () => {
    const created = await provider.create(firstPayment());
    fake.cancel(created.id, 'expired_on_confirmation');
    expect(await provider.get(created.id)).toMatchObject({
      status: 'canceled',
      paid: false,
      cancellationReason: 'expired_on_confirmation',
    });
  });

  it('answers null for an unknown payment, and never sends a malformed id', async () => {
    expect(await provider.get('2f1c0b7e-000f-5000-8000-000000000000')).toBeNull();
    expect(await provider.get('../refunds')).toBeNull();
    expect(fake.requests.filter((r) => r.path.includes('refunds'))).toHaveLength(0);
  });

  it('charges a saved method without the payer, and reports a bank refusal as canceled', async () => {
    const first = await provider.create(firstPayment());
    fake.succeed(first.id);
    const methodId = (await provider.get(first.id))?.paymentMethod?.id ?? '';

    const charge = {
      idempotenceKey: 'autopay-1',
      amount: 2980,
      currency: 'RUB' as const,
      description: 'Автоплатёж',
      receipt: firstPayment().receipt,
      metadata: { payment_id: '42' },
      paymentMethodId: methodId,
    };
    const paid = await provider.chargeSaved(charge);
    expect(paid).toMatchObject({ status: 'succeeded', paid: true, metadata: { payment_id: '42' } });
    const body = posts(fake, '/v3/payments').at(-1)?.body as Record<string, unknown>;
    expect(body.payment_method_id).toBe(methodId);
    expect(body).not.toHaveProperty('confirmation');
    expect(body).not.toHaveProperty('save_payment_method');
    expect(posts(fake, '/v3/payments').at(-1)?.headers['idempotence-key']).toBe('autopay-1');

    fake.declineMethod(methodId, 'insufficient_funds');
    const refused = await provider.chargeSaved({
      ...charge,
      idempotenceKey: 'autopay-2',
      metadata: { payment_id: '43' },
    });
    expect(refused).toMatchObject({ status: 'canceled', paid: false, cancellationReason: 'insufficient_funds' });
  });

  it('refunds a paid payment in its currency, once per idempotence key', async () => {
    const created = await provider.create(firstPayment());
    fake.succeed(created.id);

    await provider.refund(created.id, 1490, 'refund-1');
    await provider.refund(created.id, 1490, 'refund-1');
    expect(fake.refunds).toHaveLength(1);
    expect(posts(fake, '/v3/refunds')[0]?.body).toEqual({
      payment_id: created.id,
      amount: { value: '1490.00', currency: 'RUB' },
    });
    expect(posts(fake, '/v3/refunds')[0]?.headers['idempotence-key']).toBe('refund-1');

    await expect(provider.refund(created.id, 2000, 'refund-2')).rejects.toMatchObject({ retryable: false });
    await expect(provider.refund('2f1c0b7e-000f-5000-8000-000000000000', 1, 'refund-3')).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it("reads a paid payment's receipt: none before the payment, pending, then registered with its fiscal data", async () => {
    const created = await provider.create(firstPayment());
    expect(await provider.receiptOf(created.id)).toBeNull();
    fake.succeed(created.id);
    expect(await provider.receiptOf(created.id)).toEqual({
      status: 'pending',
      fiscalStorageNumber: null,
      fiscalDocumentNumber: null,
      fiscalAttribute: null,
      registeredAt: null,
      url: null,
    });
    const registered = fake.registerReceipt(created.id);
    expect(await provider.receiptOf(created.id)).toEqual({
      status: 'succeeded',
      fiscalStorageNumber: registered.fiscal_storage_number,
      fiscalDocumentNumber: registered.fiscal_document_number,
      fiscalAttribute: registered.fiscal_attribute,
      registeredAt: registered.registered_at,
      url: null,
    });
    const asked = fake.requests.filter((r) => r.method === 'GET' && r.path === '/v3/receipts');
    expect(asked).toHaveLength(3);
    // A malformed id is never sent.
    expect(await provider.receiptOf('../payments')).toBeNull();
    expect(fake.requests.filter((r) => r.path === '/v3/receipts')).toHaveLength(3);
  });

  it('reports a receipt list that is not one as a provider fault', async () => {
    fake.fail({ kind: 'error', status: 200, body: { type: 'list' } }, { method: 'GET', path: '/v3/receipts' });
    await expect(make({ maxAttempts: 1 }).receiptOf('2f1c0b7e-000f-5000-8000-000000000000')).rejects.toMatchObject({
      code: 'bad_response',
    });
  });

  it('parses notifications of payments and refunds, and nothing else', async () => {
    const created = await provider.create(firstPayment());
    fake.succeed(created.id);
    expect(provider.parseNotification(fake.notificationFor(created.id))).toEqual({
      paymentId: created.id,
      event: 'payment.succeeded',
    });
    expect(
      provider.parseNotification({
        type: 'notification',
        event: 'refund.succeeded',
        object: { id: 'r-1', payment_id: created.id },
      }),
    ).toEqual({ paymentId: created.id, event: 'refund.succeeded' });
    for (const body of [
      null,
      'payment.succeeded',
      { type: 'notification', event: 'payment.succeeded' },
      { type: 'notification', event: 'payment.succeeded', object: { id: 5 } },
      { type: 'notification', event: 'payment.succeeded', object: { id: '../x' } },
      { type: 'something', event: 'payment.succeeded', object: { id: created.id } },
      { type: 'notification', event: 'deal.closed', object: { id: created.id } },
    ]) {
      expect(provider.parseNotification(body)).toBeNull();
    }
  });
});
