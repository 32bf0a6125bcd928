import { PARTNER_STATUS, type Bonuses } from '@salon/contract/partners';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { AppError, errors } from '../../platform/http/errors.js';
import type { Logger } from '../../platform/logger.js';
import type { PaymentPaidEvent, PaymentRefundedEvent } from '../payments/events.js';
import type { SubscriptionGrants } from '../payments/grants.js';
import type { HeldCode } from './access.js';
import type { MoneyRepository } from './money-repository.js';
import {
  accrualOf,
  bonusDaysFor,
  partnerDay,
  partnerMonth,
  payableFromOf,
  payableMonths,
  reversalOf,
  round2,
  withdrawalOf,
} from './money-rules.js';
import type { PartnerProfiles } from './profile-repository.js';

// The leads of a branch that came of them move to 'paid' with its first payment (leads/repository.ts).
export interface LeadsOnPayment {
  markPaid(tx: Db, accId: number): Promise<void>;
}

export interface MoneyServiceDeps {
  db: Db;
  repo: MoneyRepository;
  profiles: PartnerProfiles;
  grants: Pick<SubscriptionGrants, 'dayPrice' | 'grantBonusDays' | 'afterGranted'>;
  leads: LeadsOnPayment;
  clock: Clock;
  logger: Logger;
  // PARTNER_HOLD_DAYS: the payments' refund window.
  holdDays: number;
}

export interface Withdrawal {
  payoutId: number;
  amount: number;
  days: number | null;
}

const currencyOf = (value: string | undefined): 'RUB' | 'USD' => (value === 'USD' ? 'USD' : 'RUB');

// The partner's money: a share of each payment of a brought branch, taken back on a refund, paid
// out on request (consultants: by an operator; salon partners: at once, in bonus days).
export class MoneyService {
  constructor(private readonly d: MoneyServiceDeps) {}

  // Inside the payment's transaction (payments' events): once per payment.
  async onPaid(tx: Db, e: PaymentPaidEvent): Promise<void> {
    const terms = await this.d.repo.attributionOf(tx, e.accId);
    if (!terms) return;
    const first = !(await this.d.repo.hasAccrual(tx, e.accId));
    const inserted = await this.d.repo.insertOperation(tx, {
      promoCode: terms.promoCode,
      userId: terms.userId,
      accId: e.accId,
      paymentId: e.paymentId,
      kind: 'accrual',
      firstPayment: first,
      incomeAmount: e.amount,
      accruedAmount: accrualOf({
        amount: e.amount,
        first,
        oneTimeRate: terms.oneTimePayRate,
        regularRate: terms.regularPayRate,
      }),
      currency: e.currency,
      operationAt: e.paidAt,
      payableFrom: payableFromOf(e.paidAt, this.d.holdDays),
      period: partnerMonth(e.paidAt),
    });
    if (inserted) await this.d.leads.markPaid(tx, e.accId);
  }

  // A reversal of the payment's accrual: due at once, under the accrual's month while that is not
  // paid out (it nets there), else under the refund's month (it comes off the next payout).
  async onRefunded(tx: Db, e: PaymentRefundedEvent): Promise<void> {
    const accrual = await this.d.repo.accrualOfPayment(tx, e.paymentId);
    if (!accrual) return;
    const income = Number(accrual.incomeAmount);
    await this.d.repo.insertOperation(tx, {
      promoCode: accrual.promoCode,
      userId: accrual.userId,
      accId: accrual.accId,
      paymentId: e.paymentId,
      kind: 'reversal',
      firstPayment: false,
      incomeAmount: -round2(Math.min(e.amount, income)),
      accruedAmount: reversalOf({ refunded: e.amount, amount: income, accrued: Number(accrual.accruedAmount) }),
      currency: accrual.currency,
      operationAt: e.refundedAt,
      payableFrom: partnerDay(e.refundedAt),
      period: accrual.payoutId === null ? accrual.period : partnerMonth(e.refundedAt),
    });
  }

  // SPEC 3 Bonuses: what the code may withdraw now, by month; salon partners also in days.
  async bonuses(held: HeldCode): Promise<Bonuses> {
    const [ops, owner] = await Promise.all([this.d.repo.ledger(held.code), this.d.profiles.consultant(held.owner)]);
    const today = partnerDay(this.d.clock.now());
    const { months, debts } = payableMonths(ops, today);
    const dayPrice = await this.dayPriceOf(held, owner?.bonusAccId ?? null);
    const debt = debts.reduce((a, m) => a + m.amount, 0);
    return {
      total_earnings: Math.max(0, round2(months.reduce((a, m) => a + m.amount, 0) + debt)),
      monthly_earnings: months.map((m) => ({
        period: m.period,
        amount: m.amount,
        days: dayPrice === null ? null : bonusDaysFor(m.amount, dayPrice),
      })),
      currency: currencyOf(owner?.currency),
      day_price: dayPrice === null ? null : round2(dayPrice),
    };
  }

  // One transaction: the payout, its operations taken, and for a salon partner its bonus days.
  async withdraw(held: HeldCode, months: readonly string[], msg: string | undefined): Promise<Withdrawal> {
    const owner = await this.d.profiles.consultant(held.owner);
    if (!owner) throw errors.failRights();
    const dayPrice = await this.dayPriceOf(held, owner.bonusAccId);
    const now = this.d.clock.now();
    const today = partnerDay(now);
    const done = await this.d.db.transaction(async (tx) => {
      await this.d.repo.lockCode(tx, held.code);
      const taken = withdrawalOf(await this.d.repo.ledger(held.code, tx), months, today);
      if ('refusal' in taken) throw errors.invalid(PARTNER_STATUS[taken.refusal]);
      const days = dayPrice === null ? null : bonusDaysFor(taken.amount, dayPrice);
      if (days !== null && days < 1) throw errors.invalid(PARTNER_STATUS.nothingPayable);
      const payoutId = await this.d.repo.insertPayout(tx, {
        userId: held.owner,
        promoCode: held.code,
        amount: taken.amount,
        currency: currencyOf(owner.currency),
        months: taken.months,
        msg: msg?.trim() || null,
        kind: days === null ? 'money' : 'bonus_days',
        days,
        status: days === null ? 'requested' : 'paid',
        requestedAt: now,
        paidAt: days === null ? null : now,
      });
      if ((await this.d.repo.takeOperations(tx, taken.opIds, payoutId)) !== taken.opIds.length) {
        throw new Error(`payout ${payoutId}: operations taken meanwhile`);
      }
      if (days !== null && owner.bonusAccId !== null) {
        await this.d.grants.grantBonusDays(tx, {
          accId: owner.bonusAccId,
          days,
          now,
          key: `partner-payout:${payoutId}`,
        });
      }
      return { payoutId, amount: taken.amount, days };
    });
    this.d.logger.info({ promoCode: held.code, ...done }, 'partner payout requested');
    if (done.days !== null && owner.bonusAccId !== null) await this.d.grants.afterGranted(owner.bonusAccId);
    return done;
  }

  // The operator paid a consultant's request; a repeat answers the same.
  async markPayoutPaid(payoutId: number): Promise<void> {
    const payout = await this.d.repo.payout(payoutId);
    if (!payout) throw new AppError(404, PARTNER_STATUS.payoutNotFound);
    if (await this.d.repo.markPayoutPaid(payoutId, this.d.clock.now())) {
      this.d.logger.info({ payoutId, promoCode: payout.promoCode }, 'partner payout paid');
    }
  }

  // A salon partner with its own branch is paid in its days; anyone else in money (null).
  private async dayPriceOf(held: HeldCode, bonusAccId: number | null): Promise<number | null> {
    if (held.partnerType !== 'salon' || bonusAccId === null) return null;
    return (await this.d.grants.dayPrice(bonusAccId)).price;
  }
}
