import { localDay } from '@salon/contract/zoned-time';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { Logger } from '../../platform/logger.js';
import type { BranchPayState } from './extend.js';
import { CHANNEL_MODULES, gateOf, type BranchGate, type ChannelModule } from './gating.js';
import type { PaymentsRepository } from './repository.js';

/**
 * The payments module's port to a branch's messenger channels (the connection module implements
 * it; runtime.ts wires it). `suspend` marks the module's channel `no_pay` with reason 'not_paid'
 * and closes its session, keeping its login; `resume` brings back only a channel suspended so (a
 * channel the owner dropped stays dropped). Each answers whether it changed anything.
 */
export interface PayChannels {
  suspend(accId: number, module: ChannelModule): Promise<boolean>;
  resume(accId: number, module: ChannelModule): Promise<boolean>;
}

export interface BranchGatingDeps {
  db: Db;
  repo: PaymentsRepository;
  payState: BranchPayState;
  channels: PayChannels;
  clock: Clock;
  logger: Logger;
}

export interface SyncedBranch {
  today: string;
  gate: BranchGate;
  suspended: ChannelModule[];
  resumed: ChannelModule[];
}

// Brings a branch's derived state in line with its module periods on its local day (gating.ts):
// the branch row's pay summary (it goes stale as days pass) and its channels. Null for a branch
// with no payment data (never gated). Run by the dunning sweep and after every payment.
export class BranchGating {
  constructor(private readonly d: BranchGatingDeps) {}

  async sync(accId: number): Promise<SyncedBranch | null> {
    const branch = await this.d.repo.branch(accId);
    if (!branch) return null;
    const now = this.d.clock.now();
    const today = localDay(now, branch.timeZone);
    // Read and write the summary under the branch lock payments take: a payment confirmed at the
    // same moment either lands before this read or after this write, never in between.
    const gate = await this.d.db.transaction(async (tx) => {
      await this.d.repo.lockBranch(tx, accId);
      const periods = await this.d.repo.periods(accId, tx);
      // No payment data: never gated. A branch row with a pay period but no modules (written before
      // modules were kept) says nothing of what was paid: its summary is left as it is.
      if (!periods.known || (periods.derived && periods.rows.length === 0)) return null;
      // A branch known only by its row keeps which modules it had in module periods before the
      // row's summary changes (the row's modules are what its periods were read from).
      if (periods.derived && periods.rows.length > 0) await this.d.repo.savePeriods(tx, accId, periods.rows, now);
      const decided = gateOf(periods.rows, today, periods.known);
      const row = await this.d.repo.branchPayState(accId, tx);
      const state = { payPeriod: decided.payPeriod, payStatus: decided.payStatus, activeModules: decided.active };
      if (
        row &&
        (row.payPeriod !== state.payPeriod ||
          row.payStatus !== state.payStatus ||
          row.activeModules.join(',') !== state.activeModules.join(','))
      ) {
        await this.d.payState.setPayState(tx, accId, state);
      }
      return decided;
    });
    if (!gate) return null;
    // Channels are switched outside the transaction: the gateway uses the database on its own (on
    // the embedded database's single connection it would wait for this transaction forever).
    const suspended = await this.switchChannels(accId, gate, 'suspend');
    const resumed = await this.switchChannels(accId, gate, 'resume');
    // A payment confirmed while a channel was being suspended found nothing to resume yet: read the
    // periods again and bring back what is paid after all.
    if (suspended.length > 0) {
      const again = gateOf((await this.d.repo.periods(accId)).rows, today, true);
      for (const module of await this.switchChannels(accId, again, 'resume')) {
        suspended.splice(suspended.indexOf(module), 1);
      }
    }
    if (suspended.length > 0 || resumed.length > 0) {
      this.d.logger.info({ accId, suspended, resumed }, 'channels switched by payment state');
    }
    return { today, gate, suspended, resumed };
  }

  // Suspends the lapsed channel modules, or resumes the paid and in-grace ones; answers which changed.
  private async switchChannels(
    accId: number,
    gate: BranchGate,
    action: 'suspend' | 'resume',
  ): Promise<ChannelModule[]> {
    const changed: ChannelModule[] = [];
    for (const module of CHANNEL_MODULES) {
      const standing = gate.modules.find((m) => m.module === module)!.standing;
      const wanted = action === 'suspend' ? standing === 'lapsed' : standing === 'paid' || standing === 'grace';
      if (!wanted) continue;
      try {
        if (await this.d.channels[action](accId, module)) changed.push(module);
      } catch (err) {
        this.d.logger.warn({ err, accId, module }, 'channel not switched for its payment state');
      }
    }
    return changed;
  }
}
