import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { AdminBotFiles } from '../../platform/files/admin-bot-files.js';
import type { FileStore } from '../../platform/files/file-store.js';
import type { Logger } from '../../platform/logger.js';
import type { ServerModule } from '../../platform/module.js';
import type { ChannelKind } from '../../channels/channel.js';
import type { Outbox } from '../../channels/dispatch/outbox.js';
import type { PacingProfile } from '../../channels/dispatch/governor.js';
import type { CrmProcessor } from '../../crm/processor.js';
import type { CrmRepository } from '../../crm/repository.js';
import type { LoyaltyVariables, OptInLinks } from '../../crm/record-variables.js';
import { CalendarRepository } from './calendar/calendar-repository.js';
import { CalendarContexts } from './calendar/context.js';
import { CalendarService } from './calendar/service.js';
import { MailingRepository } from './repository.js';
import { mailingRoutes } from './routes.js';
import { crmClientSource } from './segments/crm-source.js';
import { SegmentsRepository } from './segments/repository.js';
import { segmentsRoutes } from './segments/routes.js';
import { SegmentsService } from './segments/service.js';
import { MailingService } from './service.js';
import { ClientListUploads } from './sendouts/client-list-upload.js';
import { DraftRepository } from './sendouts/draft-repository.js';
import { SendoutDrafts } from './sendouts/drafts.js';
import { LaunchRepository } from './sendouts/launch-repository.js';
import { SendoutLaunches } from './sendouts/launch.js';
import { SendoutPause } from './sendouts/pause.js';
import { sendoutPauseRoutes } from './sendouts/pause-routes.js';
import { SendoutSender } from './sendouts/sending.js';
import { StallRepository } from './sendouts/stall-repository.js';
import { SendoutStalls } from './sendouts/stalls.js';
import { SendoutTestMessages } from './sendouts/test-message.js';
import { createSendoutStats } from './stats/stats-part.js';

export interface MailingModuleDeps {
  db: Db;
  // The one outbox: send-outs write their rows in their own transactions, test messages alone.
  outbox: Outbox;
  pacing: (kind: ChannelKind) => PacingProfile;
  crmRepo: CrmRepository;
  crm: CrmProcessor;
  // The blacklist module's list: segments leave its numbers out.
  blacklist: { list(accId: number): Promise<string[]> };
  files: FileStore;
  botFiles: AdminBotFiles;
  clock: Clock;
  logger: Logger;
  // How often the send-out sweeps run (sending pass, statistics, stale drafts).
  sweepMs: number;
  // {partner_link} of send-outs that offer a loyalty action (the loyalty module's invite links).
  loyalty?: Pick<LoyaltyVariables, 'partnerLink'>;
  // {max_link} and {tg_bot_link} (the channels' opt-in links to the branch's bots).
  optInLinks?: OptInLinks;
}

export interface MailingModule extends ServerModule {
  service: MailingService;
  sender: SendoutSender;
  pause: SendoutPause;
}

// The mailing host (SPEC 7): send-outs from client lists and CRM segments, planned in the branch's
// calendar, launched, paused and resumed, with their statistics.
export function createMailingModule(deps: MailingModuleDeps): MailingModule {
  const { db, outbox, clock, logger, files } = deps;
  const mailingRepo = new MailingRepository(db);
  // Launched send-outs: the periodic sweep (and a kick after a start or resume) queues their messages.
  const sender = new SendoutSender({
    db,
    outbox,
    clock,
    logger,
    ...(deps.loyalty ? { loyalty: deps.loyalty } : {}),
    ...(deps.optInLinks ? { optInLinks: deps.optInLinks } : {}),
  });
  // Drafts, launches and test messages are all judged in the branch's calendar context.
  const contexts = new CalendarContexts(new CalendarRepository(db), deps.pacing);
  // Why started send-outs wait: shown in the lists, told to the owner once through the admin bot.
  const stalls = new SendoutStalls({ repo: new StallRepository(db), contexts, bot: deps.botFiles, clock, logger });
  const service = new MailingService(mailingRepo, stalls);
  const pause = new SendoutPause({ outbox, contexts, clock, kick: () => sender.kick() });
  const draftRepo = new DraftRepository(db);
  const drafts = new SendoutDrafts({ repo: draftRepo, contexts, clock, logger });
  // CRM segments: saved filters, and the clients they select handed over as drafts.
  const segments = new SegmentsService({
    repo: new SegmentsRepository(db),
    crm: crmClientSource(deps.crmRepo, deps.crm, logger),
    blacklist: deps.blacklist,
    drafts,
    clock,
    logger,
  });
  const launchRepo = new LaunchRepository(db);
  const launches = new SendoutLaunches({ repo: launchRepo, payments: mailingRepo, contexts, files, clock, logger });
  launches.onStarted(() => sender.kick());
  // Send-out statistics: the sweep keeps each launched send-out's counters current.
  const stats = createSendoutStats({ db, botFiles: deps.botFiles, clock, logger, stalls });
  return {
    service,
    sender,
    pause,
    routes: {
      mailing: [
        mailingRoutes({
          mailing: service,
          calendar: new CalendarService(contexts, clock),
          drafts,
          uploads: new ClientListUploads({ drafts, blacklist: deps.blacklist }),
          launches,
          tests: new SendoutTestMessages({ outbox, repo: launchRepo, files, clock, logger }),
          files,
        }),
        sendoutPauseRoutes(pause, launches),
        ...stats.routes,
        segmentsRoutes(segments),
      ],
    },
    sweeps: [
      { name: 'mailing.send', everyMs: deps.sweepMs, run: async () => void (await sender.pass(clock.now())) },
      {
        name: 'mailing.attribution',
        everyMs: deps.sweepMs,
        run: async () => void (await stats.attribution.pass(clock.now())),
      },
      {
        name: 'mailing.stall-notices',
        everyMs: deps.sweepMs,
        run: async () => void (await stalls.notifyPass(clock.now())),
      },
      {
        name: 'mailing.stale-drafts',
        everyMs: deps.sweepMs,
        run: async () => void (await drafts.purgeStaleDrafts(clock.now())),
      },
    ],
    stop: () => sender.stop(),
  };
}
