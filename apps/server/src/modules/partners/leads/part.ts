import type { Clock } from '../../../platform/clock.js';
import type { Db } from '../../../platform/db/client.js';
import type { Routes } from '../../../platform/http/hosts.js';
import type { Logger } from '../../../platform/logger.js';
import type { PartnerAccess } from '../access.js';
import { LeadsRepository } from './repository.js';
import { leadsRoutes } from './routes.js';
import { LeadsService } from './service.js';

export interface LeadsPartDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  access: PartnerAccess;
  // PARTNER_LEAD_PROTECTION_DAYS
  leadProtectionDays: number;
}

// Leads (issue 17 item 3): a part of the partners module, wired by its module.ts.
export function createLeadsPart(deps: LeadsPartDeps): { routes: Routes[] } {
  const service = new LeadsService({
    repo: new LeadsRepository(deps.db),
    access: deps.access,
    clock: deps.clock,
    protectionDays: deps.leadProtectionDays,
  });
  return { routes: [leadsRoutes(service)] };
}
