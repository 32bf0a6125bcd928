import { randomUUID } from 'node:crypto';
import {
  CARD_BINDING_AMOUNT,
  PAY_MODULES,
  PAY_STATUS,
  isPayLink,
  periodsFor,
  type PayCurrency,
  type PayModule,
} from '@salon/contract/payments';
import { localDay } from '@salon/contract/zoned-time';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { AppError, errors } from '../../platform/http/errors.js';
import type { Logger } from '../../platform/logger.js';
import type { PaymentProvider, ProviderPayment } from '../../payments/provider.js';
import { gateOf } from './gating.js';
import type { PaymentRow, PaymentsRepository } from './repository.js';
import { currencyOf, type PayerContacts } from './service.js';

// SPEC 7 /autopay_link, /change_card, /autopay_off (issue 16 item 3).
//
// Autopay is turned on only by binding a card: a payment of CARD_BINDING_AMOUNT that asks the
// provider to save the card, refunded as soon as it is confirmed. It buys nothing, never moves a
// paid-till day, and is not in the history (type 'binding'). A card payment of /get_link does not
// save the card: agreeing to later charges is its own step (SPEC 4: the autopay modal's link).
//
// What autopay buys each time (the plan) is fixed when the card is bound: the branch's active
// modules (else those of its last payment) for the length of its last payment (1 month without
// one; USD at least the minimal 3). Changing the card keeps the plan autopay already has.

export interface AutopayDeps {
  repo: PaymentsRepository;
  provider: PaymentProvider;
  clock: Clock;
  logger: Logger;
  payer: PayerContacts;
  publicBase: string;
}

export interface AutopayPlan {
  months: number;
  modules: PayModule[];
}

const isModule = (m: string): m is PayModule => (PAY_MODULES as readonly string[]).includes(m);

// The plan's length for this currency: the last paid length if the currency sells it, else the
// shortest it sells.
export function autopayMonths(lastLength: number | null | undefined, currency: PayCurrency): number {
  const periods = periodsFor(currency);
  return lastLength && (periods as number[]).includes(lastLength) ? lastLength : periods[0]!;
}

export class AutopayService {
  constructor(private readonly d: AutopayDeps) {}

  // The plan a new binding saves; null when there is nothing to renew.
  async planFor(accId: number, keepCurrent: boolean): Promise<AutopayPlan | null> {
    const branch = await this.d.repo.branch(accId);
    if (!branch) throw errors.accountsNotFound();
    const currency = currencyOf(branch.currency);
    const account = await this.d.repo.account(accId);
    const kept = (account?.autopayModules ?? []).filter(isModule);
    if (keepCurrent && account?.autopayMonths && kept.length > 0) {
      return { months: autopayMonths(account.autopayMonths, currency), modules: kept };
    }
    const [periods, last] = await Promise.all([this.d.repo.periods(accId), this.d.repo.lastSucceeded(accId)]);
    const today = localDay(this.d.clock.now(), branch.timeZone);
    const active = gateOf(periods.rows, today, periods.known).active;
    const modules = active.length > 0 ? active : (last?.modules ?? []).filter(isModule);
    if (modules.length === 0) return null;
    return { months: autopayMonths(last?.months, currency), modules };
  }

  // GET /autopay_link and GET /change_card: the provider's checkout of a card binding.
  async bindingLink(accId: number, change: boolean): Promise<string> {
    const plan = await this.planFor(accId, change);
    if (!plan) throw errors.invalid(PAY_STATUS.notPayable);
    const currency = currencyOf((await this.d.repo.branch(accId))!.currency);
    const amount = CARD_BINDING_AMOUNT[currency];
    const contact = currency === 'RUB' ? await this.d.payer.contactOf(accId) : null;
    if (currency === 'RUB' && !contact?.email && !contact?.phone) throw errors.invalid(PAY_STATUS.noReceiptContact);
    const idempotenceKey = randomUUID();
    const row = await this.d.repo.insertPayment({
      accId,
      provider: this.d.provider.name,
      idempotenceKey,
      type: 'binding',
      status: 'pending',
      amount,
      currency,
      months: plan.months,
      modules: plan.modules,
      plan: { kind: 'binding', months: plan.months, modules: plan.modules },
      createdAt: this.d.clock.now(),
    });
    try {
      const created = await this.d.provider.create({
        idempotenceKey,
        amount,
        currency,
        description: `Привязка карты для автоплатежа (филиал ${accId}), сумма будет возвращена`,
        returnUrl: `${this.d.publicBase}/pay?accId=${accId}`,
        savePaymentMethod: true,
        receipt: contact
          ? { ...contact, items: [{ description: 'Привязка карты для автоплатежа', quantity: 1, amount }] }
          : null,
        metadata: { acc_id: String(accId), payment_id: String(row.id), purpose: 'binding' },
      });
      if (!isPayLink(created.confirmationUrl)) {
        throw new Error(`provider answered no checkout link for binding ${created.id}`);
      }
      await this.d.repo.setProviderPayment(row.id, created.id, created.confirmationUrl);
      return created.confirmationUrl;
    } catch (err) {
      this.d.logger.warn({ err, accId, paymentId: row.id }, 'card binding link not created');
      await this.d.repo.cancel(row.id, this.d.clock.now());
      throw new AppError(502, PAY_STATUS.providerFailed);
    }
  }

  // POST /autopay_off. Idempotent; a charge already at the provider is not undone.
  async off(accId: number): Promise<{ ok: true; autopay: false }> {
    if (!(await this.d.repo.branch(accId))) throw errors.accountsNotFound();
    await this.d.repo.autopayOff(accId, this.d.clock.now());
    return { ok: true, autopay: false };
  }
}

export interface BindingDeps {
  db: Db;
  repo: PaymentsRepository;
  provider: PaymentProvider;
  clock: Clock;
  logger: Logger;
}

// A confirmed binding (confirm.ts, after the amount and branch were checked): marks it applied and
// turns autopay on with the saved card and the binding's plan, in one transaction; then refunds it.
// Periods are never extended by it.
export async function applyBinding(d: BindingDeps, row: PaymentRow, remote: ProviderPayment): Promise<boolean> {
  const now = d.clock.now();
  const method = remote.paymentMethod;
  const applied = await d.db.transaction(async (tx) => {
    if (!(await d.repo.markApplied(tx, row.id, now))) return false;
    if (method?.saved) {
      await d.repo.saveAutopay(
        tx,
        row.accId,
        { paymentMethodId: method.id, last4: method.last4, months: row.months, modules: row.modules },
        now,
      );
    } else {
      d.logger.warn({ paymentId: row.id }, 'card binding confirmed without a saved method: autopay stays off');
    }
    return true;
  });
  if (applied) await refundBinding(d, row);
  return applied;
}

// The binding's money goes back at once; a refund that fails is tried again by the dunning sweep
// (the provider's idempotence key makes a repeat harmless).
export async function refundBinding(d: BindingDeps, row: PaymentRow): Promise<void> {
  const amount = Number(row.amount);
  try {
    await d.provider.refund(row.providerPaymentId!, amount, `refund:${row.idempotenceKey}`);
    await d.repo.markRefunded(row.id, amount, d.clock.now());
  } catch (err) {
    d.logger.warn({ err, paymentId: row.id }, 'card binding not refunded yet');
  }
}
