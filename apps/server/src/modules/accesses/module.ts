import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { ServerModule } from '../../platform/module.js';
import { AccessesRepository } from './repository.js';
import { accessesRoutes } from './routes.js';
import { AccessesService } from './service.js';

export interface AccessesModule extends ServerModule {
  service: AccessesService;
}

export function createAccessesModule(deps: { db: Db; clock: Clock }): AccessesModule {
  const service = new AccessesService(new AccessesRepository(deps.db), deps.clock);
  return { service, routes: { main: [accessesRoutes(service)] } };
}
