import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { ServerModule } from '../../platform/module.js';
import { AccountsRepository } from './repository.js';
import { accountsRoutes } from './routes.js';
import { AccountsService, type BranchSources } from './service.js';

export interface AccountsModule extends ServerModule {
  service: AccountsService;
}

export interface AccountsModuleDeps {
  db: Db;
  clock: Clock;
  // The templates module's and the channels' answers about a branch.
  sources: BranchSources;
}

export function createAccountsModule(deps: AccountsModuleDeps): AccountsModule {
  const service = new AccountsService(new AccountsRepository(deps.db), deps.clock, deps.sources);
  return { service, routes: { main: [accountsRoutes(service)] } };
}
