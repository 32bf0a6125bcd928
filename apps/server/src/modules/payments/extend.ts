import { paidTillAfter, type PayModule, type PayPeriod } from '@salon/contract/payments';
import type { Db } from '../../platform/db/client.js';
import type { ModulePeriod, PaymentsRepository } from './repository.js';
import { payStateOf } from './service.js';

// What a confirmed payment (card, autopay) or a paid invoice buys.
export interface BoughtPlan {
  months: PayPeriod;
  modules: PayModule[];
  bonusWeeks: number;
}

// The branch row's pay summary (branches are the accounts module's to write), in the caller's
// transaction.
export interface BranchPayState {
  setPayState(
    db: Db,
    accId: number,
    state: { payPeriod: string | null; payStatus: boolean; activeModules: PayModule[] },
  ): Promise<void>;
}

// Extends the plan's modules from their paid-till as it is now (another payment may have landed
// since the price was shown) and updates the branch row. Runs inside the caller's transaction,
// after the caller marked its payment or invoice applied (so a replay extends nothing); the branch
// lock makes two payments of one branch confirmed at once extend one after the other.
export async function extendModules(
  tx: Db,
  repo: PaymentsRepository,
  payState: BranchPayState,
  accId: number,
  plan: BoughtPlan,
  today: string,
  now: Date,
): Promise<ModulePeriod[]> {
  await repo.lockBranch(tx, accId);
  const current = await repo.periods(accId, tx);
  const chosen = current.rows.filter((p) => plan.modules.includes(p.module));
  const start = [today, ...chosen.map((p) => p.paidTill)].reduce((a, b) => (a >= b ? a : b));
  const till = paidTillAfter(start, plan.months, plan.bonusWeeks);
  const extended: ModulePeriod[] = plan.modules.map((module) => ({ module, paidTill: till, testPeriod: false }));
  // The first payment of a branch known only by its branch row keeps that row's other modules.
  const kept = current.derived ? current.rows.filter((p) => !plan.modules.includes(p.module)) : [];
  await repo.savePeriods(tx, accId, [...kept, ...extended], now);
  const all = [...current.rows.filter((p) => !plan.modules.includes(p.module)), ...extended];
  await payState.setPayState(tx, accId, payStateOf(all, today));
  return all;
}
