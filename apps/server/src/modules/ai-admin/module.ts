import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { Logger } from '../../platform/logger.js';
import type { ServerModule } from '../../platform/module.js';
import type { CrmProcessor } from '../../crm/processor.js';
import type { CrmRepository } from '../../crm/repository.js';
import { aiAdminCrm } from './crm-lists.js';
import { AiAgentsRepository } from './repository.js';
import { aiAdminRoutes, type AiTokenIssuer } from './routes.js';
import { AiAgentsService } from './service.js';

export interface AiAdminModuleDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  // The branch's CRM: the masters, services and categories the exceptions pick from.
  crm: CrmProcessor;
  crmRepo: CrmRepository;
  // The auth module's access-token signer (POST /api/v1/auth/token).
  issueToken: AiTokenIssuer;
}

export interface AiAdminModule extends ServerModule {
  agents: AiAgentsService;
}

// The AI administrator (issue 15, SPEC 7 AI host): so far the agent's settings and the token
// exchange, on the `ai` host.
export function createAiAdminModule(deps: AiAdminModuleDeps): AiAdminModule {
  const agents = new AiAgentsService({
    repo: new AiAgentsRepository(deps.db),
    crm: aiAdminCrm(deps),
    clock: deps.clock,
    logger: deps.logger,
  });
  return { agents, routes: { ai: [aiAdminRoutes(agents, deps.issueToken)] } };
}
