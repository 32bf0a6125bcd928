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
    const periods = await this.d.repo.periods(accId);
    // No payment data: never gated. A branch row with a pay period but no modules (written before
    // modules were kept) says nothing of what was paid: its summary is left as it is.
    if (!periods.known || (periods.derived && periods.rows.length === 0)) return null;
    const now = this.d.clock.now();
    // A branch known only by its row keeps which modules it had in module periods before the row's
    // summary changes (the row's modules are what its periods were read from).
    if (periods.derived && periods.rows.length > 0) await this.d.repo.savePeriods(this.d.db, accId, periods.rows, now);
    const today = localDay(now, branch.timeZone);
    const gate = gateOf(periods.rows, today, periods.known);
    const row = await this.d.repo.branchPayState(accId);
    const state = { payPeriod: gate.payPeriod, payStatus: gate.payStatus, activeModules: gate.active };
    if (
      row &&
      (row.payPeriod !== state.payPeriod ||
        row.payStatus !== state.payStatus ||
        row.activeModules.join(',') !== state.activeModules.join(','))
    ) {
      await this.d.payState.setPayState(this.d.db, accId, state);
    }
    const suspended: ChannelModule[] = [];
    const resumed: ChannelModule[] = [];
    for (const module of CHANNEL_MODULES) {
      const standing = gate.modules.find((m) => m.module === module)!.standing;
      try {
        if (standing === 'lapsed' && (await this.d.channels.suspend(accId, module))) suspended.push(module);
        if ((standing === 'paid' || standing === 'grace') && (await this.d.channels.resume(accId, module))) {
          resumed.push(module);
        }
      } catch (err) {
        this.d.logger.warn({ err, accId, module }, 'channel not switched for its payment state');
      }
    }
    if (suspended.length > 0 || resumed.length > 0) {
      this.d.logger.info({ accId, suspended, resumed }, 'channels switched by payment state');
    }
    return { today, gate, suspended, resumed };
  }
}
