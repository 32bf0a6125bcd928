import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { AdminBotFiles, AdminBotMessages } from '../../platform/files/admin-bot-files.js';
import type { Logger } from '../../platform/logger.js';
import type { ServerModule } from '../../platform/module.js';
import type { ReplyHandlers } from '../../channels/inbound/reply-chain.js';
import type { Outbox } from '../../channels/dispatch/outbox.js';
import type { CrmProcessor } from '../../crm/processor.js';
import type { RecordLinks } from '../../crm/record-variables.js';
import type { CrmRepository } from '../../crm/repository.js';
import { ReviewLinksRepository } from './links/links-repository.js';
import { ReviewLinks } from './links/links-service.js';
import { reviewLinkRoutes } from './links/routes.js';
import { ReviewRunRepository } from './run/run-repository.js';
import { ReviewRunner } from './run/runner.js';
import { ReviewChainsRepository } from './chains/repository.js';
import { reviewChainsRoutes } from './chains/routes.js';
import { ReviewChainsService } from './chains/service.js';
import { ReviewStatsRepository } from './stats/repository.js';
import { reviewStatsRoutes } from './stats/routes.js';
import { ReviewStatsService } from './stats/service.js';

export interface ReviewsModuleDeps {
  db: Db;
  // Statistics "to Telegram" (send_tg).
  botFiles: AdminBotFiles;
  clock: Clock;
  logger: Logger;
  // The runner's ports; without them (the chains' test app) no chain runs and no link is served.
  run?: ReviewRunDeps;
}

export interface ReviewRunDeps {
  outbox: Outbox;
  crmRepo: CrmRepository;
  crm: CrmProcessor;
  // Alerts of negative ratings to the tg_alerts ids (the admin bot, or DATA_DIR/bot-outbox).
  botMessages: AdminBotMessages;
  // The server's public address the short links start with (PUBLIC_URL, else http://localhost:PORT).
  publicBase: string;
  // How often due runs are advanced (middle steps, the end of the answer window).
  advanceSweepMs?: number;
}

export interface ReviewsModule extends ServerModule {
  // The chains' reads and rules; the runner subscribes to `chains.onChainSwitchedOff`.
  chains: ReviewChainsService;
  // Parsed chains and the branch's settings: `activeChains(accId)`, `find(accId, id, withDeleted)`,
  // `settings(accId)`.
  chainsRepo: ReviewChainsRepository;
  stats: ReviewStatsService;
  // The rating answers (slot 'review_rating'), filled by the runner.
  replyHandlers: ReplyHandlers;
  // {review_link}/{tips_link} for the templates engine (runtime.ts hands it over); absent without `run`.
  links: RecordLinks | undefined;
  runner: ReviewRunner | undefined;
}

// Review chains: the chains' pages (SPEC 7 Reviews), their statistics and, from modules/reviews/run/
// and links/, the runner (requests after visits, reminders, ratings, alerts) and the review links.
export function createReviewsModule(deps: ReviewsModuleDeps): ReviewsModule {
  const { db, clock, logger } = deps;
  const chainsRepo = new ReviewChainsRepository(db);
  const chains = new ReviewChainsService({ repo: chainsRepo, clock, logger });
  const stats = new ReviewStatsService({
    repo: new ReviewStatsRepository(db),
    chains,
    bot: deps.botFiles,
    clock,
    logger,
  });

  // --- Runner (modules/reviews/run/, links/): build it here, then
  //   chains.onChainSwitchedOff((accId, chainId) => runner.cancelChain(accId, chainId));
  //   crm.onRecordChange(runner.recordChanged);
  const replyHandlers: ReplyHandlers = {};
  const mainRoutes = [reviewChainsRoutes(chains), reviewStatsRoutes(stats)];
  const sweeps: NonNullable<ServerModule['sweeps']> = [];
  let links: ReviewLinks | undefined;
  let runner: ReviewRunner | undefined;
  if (deps.run) {
    const run = deps.run;
    links = new ReviewLinks({
      repo: new ReviewLinksRepository(db),
      sites: async (accId) => (await chainsRepo.settings(accId)).sites,
      publicBase: run.publicBase,
      clock,
    });
    runner = new ReviewRunner({
      repo: new ReviewRunRepository(db),
      chains: chainsRepo,
      crm: run.crmRepo,
      outbox: run.outbox,
      links,
      bot: run.botMessages,
      clock,
      logger,
    });
    const active = runner;
    run.crm.onRecordChange(active.recordChanged);
    chains.onChainSwitchedOff(async (accId, chainId) => {
      await active.cancelChain(accId, chainId);
    });
    replyHandlers.review_rating = active.ratingHandler();
    mainRoutes.push(reviewLinkRoutes(links));
    sweeps.push({
      name: 'reviews.advance',
      everyMs: run.advanceSweepMs ?? 60_000,
      run: async () => {
        await active.advance();
      },
    });
  }

  return {
    chains,
    chainsRepo,
    stats,
    replyHandlers,
    links,
    runner,
    routes: { main: mainRoutes },
    sweeps,
  };
}
