import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../platform/clock.js';
import { createLogger } from '../../../platform/logger.js';
import { parseNotificationBody } from '../../notification.js';
import type { CreatePayment } from '../../provider.js';
import { SandboxProvider, type SandboxNotification } from './driver.js';

const payment = (overrides: Partial<CreatePayment> = {}): CreatePayment => ({
  idempotenceKey: 'pay-1',
  amount: 4470,
  currency: 'RUB',
  description: 'WA, TG: 3 months',
  returnUrl: 'http://cabinet.test/pay?acc_id=1',
  savePaymentMethod: true,
  receipt: { phone: '79001112233', items: [{ description: 'WA', quantity: 1, amount: 4470 }] },
  metadata: { payment_id: '7', acc_id: '1' },
  ...overrides,
});

describe('sandbox payment provider', () => {
  let dir: string;
  let notified: SandboxNotification[];
  let failNotifications: number;
  const make = () =>
    new SandboxProvider({
      dir,
      publicBase: 'http://cabinet.test/',
      clock: new ManualClock('2026-03-10T09:00:00Z'),
      logger: createLogger('silent'),
      notify: async (n) => {
        if (failNotifications > 0) {
          failNotifications -= 1;
          throw new Error('webhook answered 500');
        }
        notified.push(n);
      },
      notifyDelayMs: 0,
      notifyRetryMs: 1,
    });

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'sandbox-pay-'));
    notified = [];
    failNotifications = 0;
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('opens a pending payment with a checkout link on this server; the same key answers the same payment', async () => {
    const provider = make();
    const created = await provider.create(payment());
    expect(created).toMatchObject({
      status: 'pending',
      paid: false,
      amount: 4470,
      currency: 'RUB',
      metadata: { payment_id: '7', acc_id: '1' },
      paymentMethod: null,
    });
    expect(created.confirmationUrl).toBe(`http://cabinet.test/api/payments/sandbox/checkout/${created.id}`);
    expect((await provider.create(payment({ amount: 1 }))).id).toBe(created.id);
    expect((await provider.create(payment({ idempotenceKey: 'pay-2' }))).id).not.toBe(created.id);
  });

  it('keeps its payments over a restart (files, written whole)', async () => {
    const created = await make().create(payment());
    const again = make();
    expect(await again.get(created.id)).toMatchObject({ id: created.id, status: 'pending', amount: 4470 });
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('pays on the checkout, saves the card, notifies like YooKassa, and answers a second press the same', async () => {
    const provider = make();
    const created = await provider.create(payment());
    const decided = await provider.decide(created.id, 'pay', '4111 1111 1111 4477');
    expect(decided).toMatchObject({ status: 'succeeded', returnUrl: 'http://cabinet.test/pay?acc_id=1' });
    await provider.flush();

    const paid = await provider.get(created.id);
    expect(paid).toMatchObject({ status: 'succeeded', paid: true, confirmationUrl: null });
    expect(paid?.paymentMethod).toMatchObject({ saved: true, last4: '4477' });
    expect(notified).toHaveLength(1);
    expect(notified[0]).toMatchObject({
      type: 'notification',
      event: 'payment.succeeded',
      object: { id: created.id, status: 'succeeded', amount: { value: '4470.00', currency: 'RUB' } },
    });
    expect(parseNotificationBody(notified[0])).toEqual({ paymentId: created.id, event: 'payment.succeeded' });

    expect(await provider.decide(created.id, 'decline')).toMatchObject({ status: 'succeeded' });
    await provider.flush();
    expect(notified).toHaveLength(1);
  });

  it('cancels on a refusal and notifies payment.canceled', async () => {
    const provider = make();
    const created = await provider.create(payment());
    await provider.decide(created.id, 'decline');
    await provider.flush();
    expect(await provider.get(created.id)).toMatchObject({
      status: 'canceled',
      paid: false,
      cancellationReason: 'canceled_by_payer',
    });
    expect(notified.map((n) => n.event)).toEqual(['payment.canceled']);
  });

  it('retries a notification the webhook did not take', async () => {
    failNotifications = 2;
    const provider = make();
    const created = await provider.create(payment());
    await provider.decide(created.id, 'pay');
    await provider.flush();
    expect(notified.map((n) => n.event)).toEqual(['payment.succeeded']);
  });

  it('charges a saved card without the payer; a card ending 0002 is saved but declines later charges', async () => {
    const provider = make();
    const good = await provider.create(payment());
    await provider.decide(good.id, 'pay');
    const bad = await provider.create(payment({ idempotenceKey: 'pay-bad' }));
    await provider.decide(bad.id, 'pay', '4000000000000002');
    const goodMethod = (await provider.get(good.id))!.paymentMethod!.id;
    const badMethod = (await provider.get(bad.id))!.paymentMethod!.id;
    expect((await provider.get(bad.id))?.status).toBe('succeeded');

    const charge = { ...payment(), idempotenceKey: 'auto-1', paymentMethodId: goodMethod };
    const paid = await provider.chargeSaved(charge);
    expect(paid).toMatchObject({ status: 'succeeded', paid: true, confirmationUrl: null });
    expect(paid.paymentMethod).toMatchObject({ id: goodMethod, last4: '4242' });
    expect((await provider.chargeSaved(charge)).id).toBe(paid.id);

    const refused = await provider.chargeSaved({ ...charge, idempotenceKey: 'auto-2', paymentMethodId: badMethod });
    expect(refused).toMatchObject({ status: 'canceled', paid: false, cancellationReason: 'card_expired' });
    // An autopay charge has no checkout page.
    expect(await provider.decide(refused.id, 'pay')).toBeNull();

    await provider.setMethodDeclines(goodMethod, 'insufficient_funds');
    const later = await provider.chargeSaved({ ...charge, idempotenceKey: 'auto-3' });
    expect(later).toMatchObject({ status: 'canceled', cancellationReason: 'insufficient_funds' });
    await provider.flush();
    expect(notified.filter((n) => n.object.id === later.id).map((n) => n.event)).toEqual(['payment.canceled']);

    await expect(
      provider.chargeSaved({ ...charge, idempotenceKey: 'auto-4', paymentMethodId: 'sbxpm_' + '0'.repeat(32) }),
    ).rejects.toMatchObject({ retryable: false });
  });

  it('does not save the card when not asked', async () => {
    const provider = make();
    const created = await provider.create(payment({ savePaymentMethod: false }));
    await provider.decide(created.id, 'pay');
    const method = (await provider.get(created.id))!.paymentMethod!;
    expect(method.saved).toBe(false);
    await expect(
      provider.chargeSaved({ ...payment(), idempotenceKey: 'auto-1', paymentMethodId: method.id }),
    ).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('refunds a paid payment up to its amount', async () => {
    const provider = make();
    const created = await provider.create(payment());
    await expect(provider.refund(created.id, 100, 'r-0')).rejects.toMatchObject({ retryable: false });
    await provider.decide(created.id, 'pay');
    await provider.refund(created.id, 4000, 'r-1');
    // The same refund again (same key): made once.
    await provider.refund(created.id, 4000, 'r-1');
    await expect(provider.refund(created.id, 471, 'r-2')).rejects.toMatchObject({ retryable: false });
    await provider.refund(created.id, 470, 'r-3');
  });

  it('has a receipt with stable fiscal numbers and its own page once a payment with a receipt is paid', async () => {
    const provider = make();
    const created = await provider.create(payment());
    expect(await provider.receiptOf(created.id)).toBeNull();
    await provider.decide(created.id, 'pay');
    const receipt = await provider.receiptOf(created.id);
    expect(receipt).toMatchObject({
      status: 'succeeded',
      url: `http://cabinet.test/api/payments/sandbox/receipt/${created.id}`,
      registeredAt: '2026-03-10T09:00:00.000Z',
    });
    expect(receipt?.fiscalStorageNumber).toMatch(/^9999\d{12}$/);
    expect(receipt?.fiscalDocumentNumber).toMatch(/^\d{1,7}$/);
    expect(receipt?.fiscalAttribute).toMatch(/^\d{10}$/);
    // Read again (another process, the same files): the same numbers.
    expect(await make().receiptOf(created.id)).toEqual(receipt);
    expect(await provider.receiptView(created.id)).toMatchObject({ customer: '79001112233', amount: 4470 });

    const noReceipt = await provider.create(payment({ idempotenceKey: 'pay-usd', currency: 'USD', receipt: null }));
    await provider.decide(noReceipt.id, 'pay');
    expect(await provider.receiptOf(noReceipt.id)).toBeNull();
  });

  it('knows no payment by an id that is not one of its own', async () => {
    const provider = make();
    expect(await provider.get('../../etc/passwd')).toBeNull();
    expect(await provider.get('sbx_' + 'f'.repeat(32))).toBeNull();
    expect(await provider.view('x')).toBeNull();
    expect(await provider.decide('sbx_' + 'f'.repeat(32), 'pay')).toBeNull();
  });
});
