import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { ServerModule } from '../../platform/module.js';
import { AccountsRepository } from './repository.js';
import { accountsRoutes } from './routes.js';
import { AccountsService, type BranchSources } from './service.js';

export interface AccountsModule extends ServerModule {
  service: AccountsService;
  // The payments module's port to the branch row's pay summary (pay_period, pay_status, modules).
  payState: Pick<AccountsRepository, 'setPayState'>;
  // The personal-data agreements written in another module's transaction (the onboarding form).
  agreements: { save(tx: Db, userId: number, mandatory: boolean, optional: boolean, now: Date): Promise<void> };
}

export interface AccountsModuleDeps {
  db: Db;
  clock: Clock;
  // The templates module's and the channels' answers about a branch.
  sources: BranchSources;
}

export function createAccountsModule(deps: AccountsModuleDeps): AccountsModule {
  const repo = new AccountsRepository(deps.db);
  const service = new AccountsService(repo, deps.clock, deps.sources);
  return {
    service,
    payState: { setPayState: (db, accId, state) => repo.setPayState(db, accId, state) },
    agreements: {
      save: (tx, userId, mandatory, optional, now) =>
        new AccountsRepository(tx).saveAgreements(userId, mandatory, optional, now),
    },
    routes: { main: [accountsRoutes(service)] },
  };
}
