import { randomUUID } from 'node:crypto';
import {
  BONUS_MONTHS,
  PAY_CURRENCIES,
  PAY_MODULES,
  PAY_PERIODS,
  PAY_STATUS,
  isPayLink,
  priceFor,
  pricingRefusal,
  roundMoney,
  type BonusWeeks,
  type PayCurrency,
  type PayData,
  type PayModule,
  type PaymentHistoryRow,
  type PricePlan,
  type PriceCalculation,
} from '@salon/contract/payments';
import { localDay } from '@salon/contract/zoned-time';
import type { Clock } from '../../platform/clock.js';
import { AppError, errors } from '../../platform/http/errors.js';
import type { Logger } from '../../platform/logger.js';
import type { PaymentProvider, ReceiptItem } from '../../payments/provider.js';
import type { PriceList } from './prices.js';
import { historyReceipt } from './receipts/view.js';
import { gateOf } from './gating.js';
import type { ModulePeriod, PaymentsRepository } from './repository.js';

// The 54-FZ receipt's customer: the branch's own contact (settings), answered by the runtime.
export interface PayerContacts {
  contactOf(accId: number): Promise<{ email?: string; phone?: string } | null>;
}

export interface PaymentsServiceDeps {
  repo: PaymentsRepository;
  provider: PaymentProvider;
  clock: Clock;
  logger: Logger;
  prices: PriceList;
  payer: PayerContacts;
  // Where the payer comes back after the checkout (the cabinet's /pay page).
  publicBase: string;
  firstPaymentDiscount?: (accId: number) => Promise<number>;
}

export const MODULE_TITLES: Record<PayModule, string> = {
  WA: 'Модуль WhatsApp',
  TG: 'Модуль Telegram',
  loyalty: 'Модуль «Приведи друга»',
};

const ZERO_WEEKS: BonusWeeks = { 1: 0, 3: 0, 6: 0, 12: 0 };

export function bonusWeeksOf(value: unknown): BonusWeeks {
  const weeks = { ...ZERO_WEEKS };
  if (value && typeof value === 'object') {
    for (const p of PAY_PERIODS) {
      const n = Number((value as Record<string, unknown>)[String(p)]);
      if (Number.isInteger(n) && n >= 0 && n <= 52) weeks[p] = n;
    }
  }
  return weeks;
}

export function currencyOf(value: string): PayCurrency {
  return (PAY_CURRENCIES as readonly string[]).includes(value) ? (value as PayCurrency) : 'RUB';
}

// The branch summary the accounts list shows (gating.ts): the latest paid-till day, paid when any
// module is paid till today or later, and the usable modules (paid or in grace).
export function payStateOf(periods: readonly ModulePeriod[], today: string) {
  const gate = gateOf(periods, today);
  return { payPeriod: gate.payPeriod, payStatus: gate.payStatus, activeModules: gate.active };
}

export interface PaymentPlanRecord extends PricePlan {
  prices: Record<PayModule, number>;
  discount: number;
}

export class PaymentsService {
  constructor(private readonly d: PaymentsServiceDeps) {}

  get providerName(): string {
    return this.d.provider.name;
  }

  private async terms(accId: number) {
    const branch = await this.d.repo.branch(accId);
    if (!branch) throw errors.accountsNotFound();
    const [account, periods, last] = await Promise.all([
      this.d.repo.account(accId),
      this.d.repo.periods(accId),
      this.d.repo.lastSucceeded(accId),
    ]);
    const promo = last ? 0 : await this.firstPaymentDiscount(accId);
    const currency = currencyOf(branch.currency);
    const prices = { ...this.d.prices[currency] };
    // SPEC 3: WA is forced to the TG price.
    prices.WA = prices.TG;
    return {
      currency,
      prices,
      today: localDay(this.d.clock.now(), branch.timeZone),
      // The branch's own discount, or the promo code's one-time discount while nothing is paid yet.
      discount: Math.min(Math.max(Number(account?.discount ?? 0), promo, 0), 1),
      bonusWeeks: bonusWeeksOf(account?.bonusWeeks),
      account,
      periods: periods.rows,
      last,
    };
  }

  // The partner's one-time discount of a branch a promo code brought (asked before its first payment).
  private async firstPaymentDiscount(accId: number): Promise<number> {
    if (!this.d.firstPaymentDiscount) return 0;
    const discount = await this.d.firstPaymentDiscount(accId);
    return Number.isFinite(discount) ? discount : 0;
  }

  async payData(accId: number): Promise<PayData> {
    const t = await this.terms(accId);
    const employees = await this.d.repo.employeeCount(accId);
    const last = t.last;
    const state = payStateOf(t.periods, t.today);
    const till = (m: PayModule) => t.periods.find((p) => p.module === m)?.paidTill ?? null;
    // The month cards price the active modules (a branch with none: one channel module).
    const monthly = (state.activeModules.length > 0 ? state.activeModules : (['TG'] as PayModule[]))
      .map((m) => t.prices[m])
      .reduce((a, b) => a + b, 0);
    const perMonth = (p: (typeof PAY_PERIODS)[number]) =>
      roundMoney((p * monthly * (1 - t.discount)) / (p + BONUS_MONTHS[p]), t.currency);
    const tg = t.periods.find((p) => p.module === 'TG');
    return {
      pay_status: state.payStatus,
      pay_date: state.payPeriod,
      branch_employees: employees,
      amount: roundMoney(
        state.activeModules.map((m) => t.prices[m]).reduce((a, b) => a + b, 0),
        t.currency,
      ),
      bonus_week: t.bonusWeeks,
      month_cost: { 1: perMonth(1), 3: perMonth(3), 6: perMonth(6), 12: perMonth(12) },
      discount: t.discount,
      autopay: t.account?.autopay ?? false,
      // Invoices for legal entities are in roubles.
      create_bill: t.currency === 'RUB',
      modules_price: { TG: t.prices.TG, loyalty: t.prices.loyalty, WA: t.prices.WA },
      active_modules: state.activeModules,
      last_pay_length: last?.months ?? null,
      last_4: t.account?.last4 ?? null,
      currency: t.currency,
      is_test_period: t.periods.some((p) => p.testPeriod && p.paidTill >= t.today),
      tg_test_period: tg?.testPeriod ?? false,
      tg_pay_date: tg?.paidTill ?? null,
      // A 54-FZ receipt comes with every rouble payment.
      receipt: t.currency === 'RUB',
      modules_paid_till: { WA: till('WA'), TG: till('TG'), loyalty: till('loyalty') },
    };
  }

  async plan(accId: number, months: number, modules: readonly string[]): Promise<PaymentPlanRecord> {
    const t = await this.terms(accId);
    const refusal = pricingRefusal({ currency: t.currency, months, modules });
    if (refusal) throw errors.invalid(PAY_STATUS[refusal]);
    const paidTill = Object.fromEntries(t.periods.map((p) => [p.module, p.paidTill]));
    const plan = priceFor({
      currency: t.currency,
      prices: t.prices,
      discount: t.discount,
      bonusWeeks: t.bonusWeeks,
      months,
      modules,
      today: t.today,
      paidTill,
    });
    return { ...plan, prices: t.prices, discount: t.discount };
  }

  async calculate(accId: number, months: number, modules: readonly string[]): Promise<PriceCalculation> {
    const { full_cost, modules_cost, new_data_if_pay_days } = await this.plan(accId, months, modules);
    return { full_cost, modules_cost, new_data_if_pay_days };
  }

  // A pending payment with the plan as priced now, and the provider's checkout link for it. The
  // periods move only when the provider confirms (confirm.ts).
  async link(accId: number, months: number, modules: readonly string[]): Promise<string> {
    const plan = await this.plan(accId, months, modules);
    if (plan.full_cost <= 0) throw errors.invalid(PAY_STATUS.notPayable);
    const currency = currencyOf((await this.d.repo.branch(accId))!.currency);
    const contact = currency === 'RUB' ? await this.d.payer.contactOf(accId) : null;
    if (currency === 'RUB' && !contact?.email && !contact?.phone) throw errors.invalid(PAY_STATUS.noReceiptContact);
    const idempotenceKey = randomUUID();
    const row = await this.d.repo.insertPayment({
      accId,
      provider: this.d.provider.name,
      idempotenceKey,
      type: 'card',
      status: 'pending',
      amount: plan.full_cost,
      currency,
      months: plan.months,
      modules: plan.modules,
      plan,
      createdAt: this.d.clock.now(),
    });
    const items: ReceiptItem[] = plan.modules_cost.map((m) => ({
      description: `${MODULE_TITLES[m.module]}, ${m.months} мес.${m.days > 0 ? ` + ${m.days} дн.` : ''}`,
      quantity: 1,
      amount: m.cost,
    }));
    try {
      const created = await this.d.provider.create({
        idempotenceKey,
        amount: plan.full_cost,
        currency,
        description: `Оплата модулей ${plan.modules.join(', ')} на ${plan.months} мес. (филиал ${accId})`,
        // Back to the branch's own pay page (the cabinet picks the branch from accId).
        returnUrl: `${this.d.publicBase}/pay?accId=${accId}`,
        savePaymentMethod: false,
        receipt: contact ? { ...contact, items } : null,
        metadata: { acc_id: String(accId), payment_id: String(row.id) },
      });
      if (!isPayLink(created.confirmationUrl)) {
        throw new Error(`provider answered no checkout link for payment ${created.id}`);
      }
      await this.d.repo.setProviderPayment(row.id, created.id, created.confirmationUrl);
      return created.confirmationUrl;
    } catch (err) {
      this.d.logger.warn({ err, accId, paymentId: row.id }, 'payment link not created');
      await this.d.repo.cancel(row.id, this.d.clock.now());
      throw new AppError(502, PAY_STATUS.providerFailed);
    }
  }

  async history(accId: number): Promise<PaymentHistoryRow[]> {
    const rows = await this.d.repo.history(accId);
    return rows.map((r) => ({
      date: (r.confirmedAt ?? r.createdAt).toISOString(),
      modules: r.modules.filter((m): m is PayModule => (PAY_MODULES as readonly string[]).includes(m)),
      type: r.type === 'autopay' || r.type === 'invoice' || r.type === 'bonus' ? r.type : 'card',
      amount: Number(r.amount),
      currency: currencyOf(r.currency),
      period: r.months,
      receipt: historyReceipt(r),
      ...(r.refundedAt ? { refunded_at: r.refundedAt.toISOString() } : {}),
    }));
  }
}
