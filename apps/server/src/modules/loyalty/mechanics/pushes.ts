import type { Clock } from '../../../platform/clock.js';
import type { Logger } from '../../../platform/logger.js';
import type { CrmProcessor } from '../../../crm/processor.js';
import type { CrmRepository } from '../../../crm/repository.js';
import type { ClaimedPush, MechanicsRepository } from './repository.js';

export interface PushDeps {
  repo: MechanicsRepository;
  crm: CrmProcessor;
  crmRepo: CrmRepository;
  clock: Clock;
  logger: Logger;
}

export const PUSH_MAX_ATTEMPTS = 8;
const PUSH_BATCH = 50;
// A claimed push is the pusher's for this long; a crash mid-call hands it back afterwards.
const PUSH_LEASE_MS = 5 * 60_000;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 6 * 3_600_000;

export function pushBackoffMs(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

// What the card's history shows for an entry.
export function transactionTitle(p: Pick<ClaimedPush, 'beneficiary' | 'kind' | 'parentName' | 'childName'>): string {
  const what =
    p.beneficiary === 'parent'
      ? `Приглашение друга: ${p.childName}`
      : `Бонус по приглашению${p.parentName ? ` от ${p.parentName}` : ''}`;
  return p.kind === 'reversal' ? `Возврат визита. ${what}` : what;
}

// Sends ledger entries to the branch CRM's loyalty cards. Rows are claimed atomically (SKIP
// LOCKED, with a lease), so several workers and a kick racing the sweep never push one entry twice
// at the same time; a refusal backs off and gives up after PUSH_MAX_ATTEMPTS.
export class LedgerPusher {
  #running: Promise<number> | undefined;

  constructor(private readonly d: PushDeps) {}

  // One pass at a time per process; a second caller waits for the running one.
  async run(): Promise<number> {
    if (this.#running) return this.#running;
    this.#running = this.drain().finally(() => (this.#running = undefined));
    return this.#running;
  }

  private async drain(): Promise<number> {
    let done = 0;
    for (;;) {
      const batch = await this.d.repo.claimPushes(this.d.clock.now(), PUSH_LEASE_MS, PUSH_BATCH);
      for (const push of batch) {
        if (await this.push(push)) done += 1;
      }
      if (batch.length < PUSH_BATCH) return done;
    }
  }

  private async push(p: ClaimedPush): Promise<boolean> {
    try {
      const connection = await this.d.crmRepo.connection(p.accId);
      const driver = this.d.crm.driverOf(connection.kind);
      await driver.loyaltyTransaction(this.d.crm.branch(connection), {
        phone: p.phone,
        clientName: p.beneficiary === 'parent' ? p.parentName : p.childName,
        cardTypeId: p.cardTypeId,
        salonGroupId: p.cardTypeGroupId,
        amount: p.amount,
        title: transactionTitle(p),
      });
      await this.d.repo.pushed(p.entryId, this.d.clock.now());
      return true;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const giveUp = p.attempts >= PUSH_MAX_ATTEMPTS;
      this.d.logger.warn({ err, entry: p.entryId, attempts: p.attempts, giveUp }, 'loyalty push failed');
      const next = giveUp ? null : new Date(this.d.clock.now().getTime() + pushBackoffMs(p.attempts));
      await this.d.repo.pushFailed(p.entryId, message.slice(0, 500), next);
      return false;
    }
  }
}
