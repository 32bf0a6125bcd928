import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { AdminBotMessages } from '../../platform/files/admin-bot-files.js';
import type { Logger } from '../../platform/logger.js';
import type { ServerModule } from '../../platform/module.js';
import { RateLimiter } from '../../platform/rate-limit/rate-limiter.js';
import type { Outbox } from '../../channels/dispatch/outbox.js';
import { StartPageLinks } from './link.js';
import { StartPageRepository } from './repository.js';
import { startPageRoutes } from './routes.js';
import { StartPageService, type StartPagePorts } from './service.js';

export interface StartPageModuleDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  // The one transactional outbox: the greeting commits with the request's row.
  outbox: Pick<Outbox, 'transaction'>;
  botMessages: AdminBotMessages;
  // The server's secret the links' hashes are made with.
  linkSecret: Buffer;
  publicBase: string;
  ports: StartPagePorts;
}

export interface StartPageModule extends ServerModule {
  service: StartPageService;
  links: StartPageLinks;
}

// The booking-system start page (SPEC 2 /start_page, SPEC 7).
export function createStartPageModule(deps: StartPageModuleDeps): StartPageModule {
  const links = new StartPageLinks(deps.linkSecret);
  const service = new StartPageService({
    repo: new StartPageRepository(deps.db),
    outbox: deps.outbox,
    links,
    limiter: new RateLimiter(deps.db, deps.clock),
    botMessages: deps.botMessages,
    clock: deps.clock,
    logger: deps.logger,
    ports: deps.ports,
    publicBase: deps.publicBase,
  });
  return { service, links, routes: { main: [startPageRoutes(service)] } };
}
