import { addDaysToDay, type PayModule } from '@salon/contract/payments';
import { localDay } from '@salon/contract/zoned-time';
import type { Clock } from '../../platform/clock.js';
import type { Logger } from '../../platform/logger.js';
import type { Db } from '../../platform/db/client.js';
import type { BranchPayState } from './extend.js';
import type { PriceList } from './prices.js';
import type { ModulePeriod, PaymentsRepository } from './repository.js';
import { currencyOf, payStateOf } from './service.js';

// The channel modules a branch without any paid module gets (a test period, bonus days).
const CHANNELS: PayModule[] = ['WA', 'TG'];

export interface GrantsDeps {
  repo: PaymentsRepository;
  payState: BranchPayState;
  prices: PriceList;
  clock: Clock;
  logger: Logger;
  // Gating's sync: channels switched off for not paying come back once the days are committed.
  afterGranted?: (accId: number) => Promise<void>;
}

export interface BranchPaidTill {
  // The latest paid-till day of any module (null: never paid nor tested).
  paidTill: string | null;
  // A test period runs today.
  onTest: boolean;
}

/**
 * Time given rather than bought: a partner's bonus days, the test period of a salon that came
 * through a promo code; and what the partner programme reads of a branch's subscription.
 */
export class SubscriptionGrants {
  constructor(private readonly d: GrantsDeps) {}

  // One day of the branch's subscription in its currency: the monthly prices of its usable modules
  // (the channel modules when it has none) over 30 days (SPEC 9).
  async dayPrice(accId: number): Promise<{ price: number; currency: string }> {
    const branch = await this.d.repo.branch(accId);
    const currency = currencyOf(branch?.currency ?? 'RUB');
    const prices = { ...this.d.prices[currency] };
    prices.WA = prices.TG;
    const today = localDay(this.d.clock.now(), branch?.timeZone ?? 'Europe/Moscow');
    const active = payStateOf((await this.d.repo.periods(accId)).rows, today).activeModules;
    const modules = active.length > 0 ? active : CHANNELS;
    return { price: modules.reduce((sum, m) => sum + prices[m], 0) / 30, currency };
  }

  // Every usable module (or the channel modules) gets `days` more from its paid-till (or today), and
  // the history shows a 'bonus' row of 0. In the caller's transaction; `key` makes it happen once.
  async grantBonusDays(tx: Db, grant: { accId: number; days: number; now: Date; key: string }): Promise<void> {
    const { accId, days, now } = grant;
    // Everything through the caller's transaction (PGlite has one connection: a read beside it waits).
    const branch = await this.d.repo.branch(accId, tx);
    const today = localDay(now, branch?.timeZone ?? 'Europe/Moscow');
    await this.d.repo.lockBranch(tx, accId);
    const current = await this.d.repo.periods(accId, tx);
    const usable = payStateOf(current.rows, today).activeModules;
    const modules = usable.length > 0 ? usable : CHANNELS;
    const extended: ModulePeriod[] = modules.map((module) => {
      const had = current.rows.find((p) => p.module === module);
      const from = had && had.paidTill > today ? had.paidTill : today;
      return { module, paidTill: addDaysToDay(from, days), testPeriod: false };
    });
    await this.save(tx, accId, current, extended, today, now);
    await this.d.repo.insertPayment(
      {
        accId,
        provider: 'bonus',
        idempotenceKey: grant.key,
        type: 'bonus',
        status: 'succeeded',
        amount: 0,
        currency: currencyOf(branch?.currency ?? 'RUB'),
        months: 0,
        modules,
        plan: { bonusDays: days },
        createdAt: now,
        confirmedAt: now,
        appliedAt: now,
      },
      tx,
    );
  }

  // After the caller's transaction that granted days committed: a branch whose channels were off for
  // not paying gets them back now rather than at the next hourly sweep. Best effort: the sweep does
  // the same.
  async afterGranted(accId: number): Promise<void> {
    await this.d.afterGranted?.(accId).catch((err: unknown) => {
      this.d.logger.warn({ err, accId }, 'channels not brought back after bonus days; the sweep will');
    });
  }

  // A new branch's free days: the channel modules on test till today + days (a branch that already
  // has paid time keeps it).
  async startTestPeriod(tx: Db, accId: number, days: number, today: string): Promise<void> {
    if (days <= 0) return;
    const now = this.d.clock.now();
    await this.d.repo.lockBranch(tx, accId);
    const current = await this.d.repo.periods(accId, tx);
    const till = addDaysToDay(today, days);
    const tested: ModulePeriod[] = CHANNELS.filter(
      (m) => !current.rows.some((p) => p.module === m && p.paidTill >= till),
    ).map((module) => ({ module, paidTill: till, testPeriod: true }));
    await this.save(tx, accId, current, tested, today, now);
  }

  async paidTillOf(accIds: readonly number[]): Promise<Map<number, BranchPaidTill>> {
    const periods = await this.d.repo.periodsOfMany(accIds);
    const today = localDay(this.d.clock.now(), 'Europe/Moscow');
    const out = new Map<number, BranchPaidTill>();
    for (const accId of accIds) {
      const rows = periods.get(accId) ?? [];
      out.set(accId, {
        paidTill: rows.reduce<string | null>((a, p) => (a && a >= p.paidTill ? a : p.paidTill), null),
        onTest: rows.some((p) => p.testPeriod && p.paidTill >= today),
      });
    }
    return out;
  }

  private async save(
    tx: Db,
    accId: number,
    current: { rows: ModulePeriod[]; derived: boolean },
    changed: ModulePeriod[],
    today: string,
    now: Date,
  ): Promise<void> {
    const touched = new Set(changed.map((p) => p.module));
    // A branch known only by its branch row keeps that row's other modules as rows of their own.
    const kept = current.derived ? current.rows.filter((p) => !touched.has(p.module)) : [];
    await this.d.repo.savePeriods(tx, accId, [...kept, ...changed], now);
    const all = [...current.rows.filter((p) => !touched.has(p.module)), ...changed];
    await this.d.payState.setPayState(tx, accId, payStateOf(all, today));
  }
}
