import type { RecordChangeListener } from '../../../crm/processor.js';
import type { LoyaltyVariables } from '../../../crm/record-variables.js';
import type { Routes } from '../../../platform/http/hosts.js';
import type { SweepDefinition } from '../../../platform/module.js';
import { RateLimiter } from '../../../platform/rate-limit/rate-limiter.js';
import type { LoyaltyDeps } from '../deps.js';
import { inviteRoutes } from './invite-routes.js';
import { InviteService } from './invites.js';
import { BonusLedger, type LedgerOutcome } from './ledger.js';
import { LedgerPusher } from './pushes.js';
import { MechanicsRepository } from './repository.js';

const PUSH_SWEEP_MS = 30_000;

export interface LoyaltyMechanics {
  routes: Routes[];
  sweeps: SweepDefinition[];
  recordChanged: RecordChangeListener;
  // {partner_link}: the templates engine and the send-outs ask for it (runtime.ts wires them).
  links: Pick<LoyaltyVariables, 'partnerLink'>;
  // {bonus_add}, {bonus_withdraw} of a record message.
  bonuses: Pick<LoyaltyVariables, 'recordBonuses'>;
  // Pushes the due ledger entries to the CRM now (the sweep's work; tests call it directly).
  pushPending(): Promise<number>;
  // The ledger step alone, for one stored record (tests, replays).
  settle(accId: number, recordId: string): Promise<LedgerOutcome>;
}

// Invite links and their page, the friend's attribution, the append-only bonus ledger paid on the
// friend's paid visits, and its pushes to the branch CRM's loyalty cards.
export function createLoyaltyMechanics(deps: LoyaltyDeps): LoyaltyMechanics {
  const repo = new MechanicsRepository(deps.db);
  const invites = new InviteService({
    repo,
    crmRepo: deps.crmRepo,
    clock: deps.clock,
    logger: deps.logger,
    botMessages: deps.botMessages,
    branchName: deps.branchName,
    publicBase: deps.publicBase,
    limiter: new RateLimiter(deps.db, deps.clock),
  });
  const ledger = new BonusLedger({ db: deps.db, repo, clock: deps.clock });
  const pusher = new LedgerPusher({
    repo,
    crm: deps.crm,
    crmRepo: deps.crmRepo,
    clock: deps.clock,
    logger: deps.logger,
  });

  // New entries go to the CRM right away; the sweep is the fallback when this fails.
  const kickPush = () => {
    const timer = setTimeout(() => {
      pusher.run().catch((err: unknown) => deps.logger.warn({ err }, 'loyalty push kick failed'));
    }, 0);
    timer.unref?.();
  };

  const settle = async (accId: number, recordId: string): Promise<LedgerOutcome> => {
    const record = await deps.crmRepo.record(accId, recordId);
    if (!record) return 'nothing';
    const outcome = await ledger.recordChanged(accId, record);
    if (outcome !== 'nothing') kickPush();
    return outcome;
  };

  return {
    routes: [inviteRoutes(invites)],
    sweeps: [
      {
        name: 'loyalty.push',
        everyMs: deps.pushSweepMs ?? PUSH_SWEEP_MS,
        run: async () => {
          await pusher.run();
        },
      },
    ],
    recordChanged: async (change) => {
      if (!change.record) return;
      const outcome = await ledger.recordChanged(change.accId, change.record);
      if (outcome !== 'nothing') kickPush();
    },
    links: { partnerLink: (req) => invites.partnerLink(req) },
    bonuses: {
      // The ledger is settled for the record first: the templates' listener may run before ours.
      async recordBonuses(accId, recordId, phone) {
        await settle(accId, recordId);
        return repo.recordSums(accId, recordId, phone);
      },
    },
    pushPending: () => pusher.run(),
    settle,
  };
}
