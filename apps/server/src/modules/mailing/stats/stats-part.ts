import type { Clock } from '../../../platform/clock.js';
import type { Db } from '../../../platform/db/client.js';
import type { AdminBotFiles } from '../../../platform/files/admin-bot-files.js';
import type { Logger } from '../../../platform/logger.js';
import type { StallSource } from '../service.js';
import { SendoutAttribution } from './attribution.js';
import { mailingStatsRoutes } from './routes.js';
import { MailingStatsRepository } from './stats-repository.js';
import { MailingStatsService } from './stats-service.js';

export interface SendoutStatsDeps {
  db: Db;
  botFiles: AdminBotFiles;
  clock: Clock;
  logger: Logger;
  // Why started send-outs wait, shared with the started list (absent: rows carry no stall).
  stalls?: StallSource;
}

// Send-out statistics, a part of the mailing module (its factory composes it; the stats test app
// builds it alone): the pages and exports, and the attribution the sweep keeps current.
export function createSendoutStats(deps: SendoutStatsDeps) {
  const { db, clock, logger } = deps;
  const attribution = new SendoutAttribution(db, clock);
  const service = new MailingStatsService({
    repo: new MailingStatsRepository(db),
    attribution,
    bot: deps.botFiles,
    clock,
    logger,
    stalls: deps.stalls,
  });
  return { attribution, service, routes: [mailingStatsRoutes(service)] };
}
