import { PAY_PERIODS, type PayModule, type PayPeriod } from '@salon/contract/payments';
import { localDay } from '@salon/contract/zoned-time';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { Logger } from '../../platform/logger.js';
import type { SweepDefinition } from '../../platform/module.js';
import type { PaymentProvider } from '../../payments/provider.js';
import { applyBinding } from './autopay.js';
import type { PaymentEvents } from './events.js';
import { extendModules, type BoughtPlan, type BranchPayState } from './extend.js';
import type { PaymentRow, PaymentsRepository } from './repository.js';

export type { BranchPayState } from './extend.js';

export type ConfirmOutcome = 'applied' | 'already' | 'ignored' | 'pending' | 'canceled';

// What the provider's webhook route (and the sweep) call with a payment id from a notification:
// the notification is only a hint, the payment is re-read from the provider.
export interface PaymentConfirmations {
  confirm(providerPaymentId: string): Promise<ConfirmOutcome>;
}

export interface ConfirmDeps {
  db: Db;
  repo: PaymentsRepository;
  provider: PaymentProvider;
  clock: Clock;
  logger: Logger;
  payState: BranchPayState;
  // After a payment extended a branch's modules (committed): channels switched off for not paying
  // come back (gating.ts). Best effort: the dunning sweep does the same within the hour.
  afterPaid?: (accId: number) => Promise<void>;
  events?: PaymentEvents;
}

// Amounts are numeric in the table and decimal strings at the provider: equal to the kopeck/cent.
const sameAmount = (a: number, b: number) => Math.abs(a - b) < 0.005;

function storedPlan(row: PaymentRow): BoughtPlan | null {
  const plan = row.plan as Partial<BoughtPlan> | null;
  const months = Number(plan?.months ?? row.months);
  if (!(PAY_PERIODS as readonly number[]).includes(months)) return null;
  const bonusWeeks = Number(plan?.bonusWeeks ?? 0);
  return {
    months: months as PayPeriod,
    modules: row.modules as PayModule[],
    bonusWeeks: Number.isInteger(bonusWeeks) && bonusWeeks >= 0 ? bonusWeeks : 0,
  };
}

export function createConfirmations(d: ConfirmDeps): PaymentConfirmations & { sweep: SweepDefinition } {
  const { repo, provider, logger } = d;

  // Extends the plan's modules from their paid-till as it is now (another payment may have landed
  // since the price was shown), marks the payment applied and updates the branch row: all or none.
  async function apply(row: PaymentRow, plan: BoughtPlan): Promise<boolean> {
    const now = d.clock.now();
    const branch = await repo.branch(row.accId);
    const today = localDay(now, branch?.timeZone ?? 'Europe/Moscow');
    return d.db.transaction(async (tx) => {
      if (!(await repo.markApplied(tx, row.id, now))) return false;
      await extendModules(tx, repo, d.payState, row.accId, plan, today, now);
      await d.events?.paid(tx, {
        paymentId: row.id,
        accId: row.accId,
        amount: Number(row.amount),
        currency: row.currency,
        paidAt: now,
      });
      return true;
    });
  }

  async function confirm(providerPaymentId: string): Promise<ConfirmOutcome> {
    const row = await repo.byProviderId(provider.name, providerPaymentId);
    if (!row) {
      logger.warn({ providerPaymentId, provider: provider.name }, 'payment notification for an unknown payment');
      return 'ignored';
    }
    if (row.appliedAt) return 'already';
    if (row.status === 'canceled') return 'canceled';
    if (row.status === 'mismatch') return 'ignored';
    const remote = await provider.get(providerPaymentId);
    if (!remote) {
      logger.warn({ providerPaymentId, paymentId: row.id }, 'the provider does not know the payment');
      return 'ignored';
    }
    if (remote.status === 'canceled') {
      await repo.cancel(row.id, d.clock.now(), remote.cancellationReason);
      logger.info({ paymentId: row.id, reason: remote.cancellationReason }, 'payment canceled');
      return 'canceled';
    }
    if (remote.status !== 'succeeded') return 'pending';
    const plan = storedPlan(row);
    if (
      !sameAmount(remote.amount, Number(row.amount)) ||
      remote.currency !== row.currency ||
      remote.metadata.acc_id !== String(row.accId) ||
      plan === null
    ) {
      logger.error(
        {
          paymentId: row.id,
          providerPaymentId,
          ours: { amount: Number(row.amount), currency: row.currency, accId: row.accId },
          theirs: { amount: remote.amount, currency: remote.currency, accId: remote.metadata.acc_id },
        },
        'confirmed payment does not match ours: nothing applied',
      );
      // Kept for an operator to look at; the sweep stops re-reading it.
      await repo.markMismatch(row.id, d.clock.now());
      return 'ignored';
    }
    // A card binding turns autopay on and is refunded; it buys nothing (autopay.ts).
    if (row.type === 'binding') return (await applyBinding(d, row, remote)) ? 'applied' : 'already';
    if (!(await apply(row, plan))) return 'already';
    if (d.afterPaid) {
      await d.afterPaid(row.accId).catch((err: unknown) => {
        logger.warn({ err, accId: row.accId }, 'channels not brought back after a payment; the sweep will');
      });
    }
    return 'applied';
  }

  // A lost notification must not lose a payment: pending payments a few minutes old are re-read.
  // Older than the provider keeps a checkout open (YooKassa: 7 days) they cannot change any more.
  const sweep: SweepDefinition = {
    name: 'payments.pending',
    everyMs: 2 * 60_000,
    delayFirst: true,
    async run() {
      const now = d.clock.now().getTime();
      const stale = await repo.stalePending(
        provider.name,
        new Date(now - 8 * 86_400_000),
        new Date(now - 3 * 60_000),
        100,
      );
      for (const row of stale) {
        try {
          await confirm(row.providerPaymentId!);
        } catch (err) {
          logger.warn({ err, paymentId: row.id }, 'pending payment not re-read');
        }
      }
      const dropped = await repo.cancelUnsent(new Date(now - 60 * 60_000), new Date(now));
      if (dropped > 0) logger.info({ dropped }, 'payments that never reached the provider canceled');
    },
  };

  return { confirm, sweep };
}
