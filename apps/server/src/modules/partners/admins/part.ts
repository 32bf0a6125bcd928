import type { Clock } from '../../../platform/clock.js';
import type { Db } from '../../../platform/db/client.js';
import type { Routes } from '../../../platform/http/hosts.js';
import type { Logger } from '../../../platform/logger.js';
import type { PartnerAccess } from '../access.js';
import { PartnerAdminsRepository } from './repository.js';
import { partnerAdminsRoutes } from './routes.js';
import { PartnerAdminsService } from './service.js';

export interface AdminsPartDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  access: PartnerAccess;
}

// Partner admins (issue 17, the Access page): a part of the partners module, wired by its module.ts.
export function createAdminsPart(deps: AdminsPartDeps): { routes: Routes[] } {
  const service = new PartnerAdminsService(new PartnerAdminsRepository(deps.db), deps.access, deps.clock);
  return { routes: [partnerAdminsRoutes(service)] };
}
