import type { Db } from '../../platform/db/client.js';
import type { ServerModule } from '../../platform/module.js';
import type { SandboxNetwork } from '../../channels/drivers/sandbox/network.js';
import { SandboxScopeRepository } from './repository.js';
import { devSandboxRoutes } from './routes.js';

// Mounted only when the sandbox channel drivers run (`enabled`).
export function createDevSandboxModule(deps: { db: Db; sandbox: SandboxNetwork; enabled: boolean }): ServerModule {
  if (!deps.enabled) return {};
  return { routes: { main: [devSandboxRoutes(deps.sandbox, new SandboxScopeRepository(deps.db))] } };
}
