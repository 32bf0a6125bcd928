import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { Logger } from '../../platform/logger.js';
import type { ServerModule } from '../../platform/module.js';
import { MetricsRepository } from './repository.js';
import { metricsOpsRoutes, metricsRoutes } from './routes.js';
import { MetricsService } from './service.js';

export interface MetricsModuleDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  // OPS_TOKEN (unset: the summary answers 404).
  opsToken: string | undefined;
  // Events a user may record per minute (tests lower it).
  perMinute?: number;
}

// Product metrics (SPEC 7 /metrics/*, issue 18 item 6).
export function createMetricsModule(deps: MetricsModuleDeps): ServerModule {
  const service = new MetricsService({
    repo: new MetricsRepository(deps.db),
    clock: deps.clock,
    logger: deps.logger,
    perMinute: deps.perMinute,
  });
  return { routes: { main: [metricsRoutes(service), metricsOpsRoutes({ token: deps.opsToken, service })] } };
}
