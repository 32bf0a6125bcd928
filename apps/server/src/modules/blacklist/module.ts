import type { Db } from '../../platform/db/client.js';
import type { ServerModule } from '../../platform/module.js';
import { BlacklistRepository } from './repository.js';
import { blacklistRoutes } from './routes.js';
import { BlacklistService } from './service.js';

export interface BlacklistModule extends ServerModule {
  service: BlacklistService;
}

export function createBlacklistModule(deps: { db: Db }): BlacklistModule {
  const service = new BlacklistService(new BlacklistRepository(deps.db));
  return {
    service,
    routes: {
      main: [blacklistRoutes(service)],
      // SPEC 7 /sendout_blacklist: the same list, for the mailing pages' rights.
      mailing: [blacklistRoutes(service, { path: '/sendout_blacklist', guard: 'mailing' })],
    },
  };
}
