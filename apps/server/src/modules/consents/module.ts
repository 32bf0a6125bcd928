import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { AdminBotFiles } from '../../platform/files/admin-bot-files.js';
import type { Logger } from '../../platform/logger.js';
import type { ServerModule } from '../../platform/module.js';
import { ConsentsRepository } from './repository.js';
import { consentsRoutes } from './routes.js';
import { ConsentsService } from './service.js';

export interface ConsentsModule extends ServerModule {
  service: ConsentsService;
  // The list as other modules write it (the template engine's questions and the answers).
  ledger: ConsentsRepository;
}

export function createConsentsModule(deps: { db: Db; bot: AdminBotFiles; clock: Clock; logger: Logger }): ConsentsModule {
  const repo = new ConsentsRepository(deps.db);
  const service = new ConsentsService({
    repo,
    bot: deps.bot,
    clock: deps.clock,
    logger: deps.logger,
  });
  return { service, ledger: repo, routes: { mailing: [consentsRoutes(service)] } };
}
