import {
  BONUS_MONTHS,
  OPS_STATUS,
  PAY_STATUS,
  addDaysToDay,
  addMonthsToDay,
  paidTillAfter,
  type PayModule,
  type PayPeriod,
} from '@salon/contract/payments';
import { localDay } from '@salon/contract/zoned-time';
import type { Clock } from '../../../platform/clock.js';
import type { Db } from '../../../platform/db/client.js';
import { AppError } from '../../../platform/http/errors.js';
import type { Logger } from '../../../platform/logger.js';
import type { PaymentProvider } from '../../../payments/provider.js';
import type { PaymentEvents } from '../events.js';
import type { BranchPayState } from '../extend.js';
import type { ModulePeriod, PaymentRow, PaymentsRepository } from '../repository.js';
import { payStateOf } from '../service.js';
import { boughtPlanOf, paidTillOf, type ModulesPaidTill } from '../invoices/service.js';
import type { RefundsRepository } from './repository.js';

export interface RefundsDeps {
  db: Db;
  repo: RefundsRepository;
  paymentsRepo: PaymentsRepository;
  provider: PaymentProvider;
  payState: BranchPayState;
  clock: Clock;
  logger: Logger;
  // After the commit that moved a branch's paid-till back: its state and channels follow.
  afterRefund?: (accId: number) => Promise<void>;
  events?: PaymentEvents;
}

export interface RefundOutcome {
  refunded: boolean;
  paymentId: number;
  amount: number;
  refundedAt: Date;
  modulesPaidTill: ModulesPaidTill;
}

// What a refunded payment bought comes off its modules' paid-till: the months, the bonus months and
// the bonus weeks, and for a module that was behind the others the extra days it bought to reach
// their date (`extraDays`, as priced). The day back is the latest one the same plan would have
// extended to this paid-till (calendar months are uneven: 31 January + 1 month is 28 February, and
// 28 February − 1 month would be 28 January). Never before today: time already used stays used.
export function paidTillAfterRefund(
  paidTill: string,
  months: PayPeriod,
  bonusWeeks: number,
  today: string,
  extraDays = 0,
): string {
  const rough = addDaysToDay(addMonthsToDay(paidTill, -(months + BONUS_MONTHS[months])), -bonusWeeks * 7);
  let back = addDaysToDay(rough, -4);
  for (let i = -3; i <= 4; i++) {
    const candidate = addDaysToDay(rough, i);
    if (paidTillAfter(candidate, months, bonusWeeks) <= paidTill) back = candidate;
  }
  back = addDaysToDay(back, -Math.max(0, extraDays));
  return back > today ? back : today;
}

// The extra days each module bought, from the plan kept with the payment.
function extraDaysOf(plan: unknown): Partial<Record<PayModule, number>> {
  const lines = (plan as { modules_cost?: unknown } | null)?.modules_cost;
  const days: Partial<Record<PayModule, number>> = {};
  if (!Array.isArray(lines)) return days;
  for (const line of lines as { module?: unknown; days?: unknown }[]) {
    const n = Number(line?.days);
    if (typeof line?.module === 'string' && Number.isInteger(n) && n > 0) days[line.module as PayModule] = n;
  }
  return days;
}

export class RefundsService {
  constructor(private readonly d: RefundsDeps) {}

  // `paymentId`: our payment's number, or the provider's payment id (as the history shows it).
  async refund(paymentId: string): Promise<RefundOutcome> {
    const row = await this.find(paymentId);
    if (!row) throw new AppError(404, OPS_STATUS.paymentNotFound);
    const amount = Number(row.amount);
    if (row.refundedAt) return this.outcome(row, false, row.refundedAt);
    if (
      row.type === 'invoice' ||
      row.status !== 'succeeded' ||
      !row.appliedAt ||
      !row.providerPaymentId ||
      row.provider !== this.d.provider.name
    ) {
      // An invoice was paid by bank transfer and goes back the same way; a payment that never
      // bought anything, or was taken by another provider, is not ours to refund here.
      throw new AppError(409, OPS_STATUS.notRefundable);
    }
    try {
      // One key per payment: a retry after a crash between the provider and our table gets the
      // refund already made, never a second one.
      await this.d.provider.refund(row.providerPaymentId, amount, `refund-${row.id}`);
    } catch (err) {
      this.d.logger.warn({ err, paymentId: row.id }, 'refund refused or provider unavailable');
      throw new AppError(502, PAY_STATUS.providerFailed);
    }
    const now = this.d.clock.now();
    const branch = await this.d.paymentsRepo.branch(row.accId);
    const today = localDay(now, branch?.timeZone ?? 'Europe/Moscow');
    const plan = boughtPlanOf(row.months, row.modules, row.plan);
    const refunded = await this.d.db.transaction(async (tx) => {
      await this.d.paymentsRepo.lockBranch(tx, row.accId);
      if (!(await this.d.repo.markRefunded(tx, row.id, amount, now))) return false;
      await this.d.events?.refunded(tx, { paymentId: row.id, accId: row.accId, amount, refundedAt: now });
      if (!plan) return true;
      const current = await this.d.paymentsRepo.periods(row.accId, tx);
      const extra = extraDaysOf(row.plan);
      const moved: ModulePeriod[] = current.rows
        .filter((p) => plan.modules.includes(p.module))
        .map((p) => ({
          ...p,
          paidTill: paidTillAfterRefund(p.paidTill, plan.months, plan.bonusWeeks, today, extra[p.module]),
        }));
      await this.d.paymentsRepo.savePeriods(tx, row.accId, moved, now);
      const all = [...current.rows.filter((p) => !plan.modules.includes(p.module)), ...moved];
      await this.d.payState.setPayState(tx, row.accId, payStateOf(all, today));
      return true;
    });
    if (refunded) {
      this.d.logger.info({ accId: row.accId, paymentId: row.id, amount }, 'payment refunded');
      await this.d.afterRefund?.(row.accId);
    }
    const after = (await this.d.repo.byId(row.id))!;
    return this.outcome(after, refunded, after.refundedAt ?? now);
  }

  private async find(paymentId: string): Promise<PaymentRow | undefined> {
    if (/^\d{1,9}$/.test(paymentId)) return this.d.repo.byId(Number(paymentId));
    return this.d.paymentsRepo.byProviderId(this.d.provider.name, paymentId);
  }

  private async outcome(row: PaymentRow, refunded: boolean, refundedAt: Date): Promise<RefundOutcome> {
    const periods = await this.d.paymentsRepo.periods(row.accId);
    return {
      refunded,
      paymentId: row.id,
      amount: Number(row.refundAmount ?? row.amount),
      refundedAt,
      modulesPaidTill: paidTillOf(periods.rows),
    };
  }
}
