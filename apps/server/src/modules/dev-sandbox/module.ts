import type { Db } from '../../platform/db/client.js';
import type { ServerModule } from '../../platform/module.js';
import type { SandboxNetwork } from '../../channels/drivers/sandbox/network.js';
import { SandboxBotService } from './bot-service.js';
import { SandboxScopeRepository } from './repository.js';
import { devSandboxRoutes } from './routes.js';

// Mounted only when the sandbox channel drivers run (`enabled`).
export function createDevSandboxModule(deps: { db: Db; sandbox: SandboxNetwork; enabled: boolean }): ServerModule {
  if (!deps.enabled) return {};
  const scope = new SandboxScopeRepository(deps.db);
  const bots = new SandboxBotService(deps.sandbox, scope);
  return { routes: { main: [devSandboxRoutes(deps.sandbox, scope, bots)] } };
}
