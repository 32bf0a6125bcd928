import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PublicConfig } from '@salon/contract/public-config';
import { buildHttpApp } from './app.js';
import { AdjustableClock, systemClock, type Clock } from './platform/clock.js';
import { devClockRoutes } from './modules/dev-clock/routes.js';
import type { Config } from './platform/config.js';
import { openDatabase, type Database, type Db } from './platform/db/client.js';
import { lockDataDir } from './platform/db/dir-lock.js';
import { applyMigrations } from './platform/db/migrate.js';
import { createLogger, type Logger } from './platform/logger.js';
import { startQueue, type Queue } from './platform/queue.js';
import { RateLimiter } from './platform/rate-limit/rate-limiter.js';
import { resolveSecrets } from './platform/secrets.js';
import { AccountsRepository } from './modules/accounts/repository.js';
import { AccountsService } from './modules/accounts/service.js';
import { serverLogPinDelivery } from './modules/auth/drivers/server-log.js';
import { telegramAdminBot, type TelegramAdminBot } from './modules/auth/drivers/telegram-bot.js';
import { authJobs } from './modules/auth/jobs.js';
import type { PinDelivery } from './modules/auth/pin-delivery.js';
import { AuthRepository } from './modules/auth/repository.js';
import { AuthService } from './modules/auth/service.js';
import { AccessTokens } from './modules/auth/tokens.js';
import { MailingRepository } from './modules/mailing/repository.js';
import { MailingService } from './modules/mailing/service.js';
import { seedDemo } from './seed/demo.js';
import { selectDrivers } from './channels/drivers/select-drivers.js';
import { SandboxNetwork } from './channels/drivers/sandbox/network.js';
import { ChannelGateway } from './channels/gateway.js';
import { ReplyChain } from './channels/inbound/reply-chain.js';
import { BlacklistRepository } from './modules/blacklist/repository.js';
import { ConnectionService } from './modules/connection/service.js';
import { Dispatcher } from './channels/dispatch/dispatcher.js';
import { NO_PACING, PACING } from './channels/dispatch/governor.js';
import { dispatchJob, dispatchQueueName, scheduler } from './channels/dispatch/jobs.js';
import { OutboxRepository } from './channels/dispatch/outbox-repository.js';
import { ChannelHost } from './channels/host.js';
import { ChannelRepository } from './channels/repository.js';
import type { Routes } from './app.js';
import { open } from './platform/crypto.js';
import { CrmRepository } from './crm/repository.js';
import { CrmProcessor } from './crm/processor.js';
import { crmEventsJob, crmKick } from './crm/jobs.js';
import { yclientsDriver } from './crm/drivers/yclients/yclients-driver.js';
import { yclientsWebhookRoutes } from './crm/drivers/yclients/webhook-routes.js';
import { crmConnectionRoutes } from './crm/connection.js';
import { LocalCrm } from './crm/drivers/local/local-crm.js';
import { localCrmDriver } from './crm/drivers/local/local-driver.js';
import { localCrmDevRoutes } from './crm/drivers/local/dev-routes.js';
import { EngineRepository } from './modules/templates/engine/engine-repository.js';
import { TemplateEngine } from './modules/templates/engine/engine.js';
import { confirmCancelHandler, consentHandler } from './modules/templates/engine/replies.js';
import { localAdminBotFiles } from './platform/files/admin-bot-files.js';
import { FileStore } from './platform/files/file-store.js';
import { TemplatesRepository } from './modules/templates/repository.js';
import { templatesRoutes } from './modules/templates/routes.js';
import { TemplatesService } from './modules/templates/service.js';
import { TemplateStatsRepository } from './modules/templates/stats-repository.js';
import { TemplateStatsService } from './modules/templates/stats-service.js';
import { ConsentsRepository } from './modules/consents/repository.js';
import { consentsRoutes } from './modules/consents/routes.js';
import { ConsentsService } from './modules/consents/service.js';
import { SendoutPause } from './modules/mailing/sendouts/pause.js';
import { sendoutPauseRoutes } from './modules/mailing/sendouts/pause-routes.js';
import { SendoutSender, transactionalOutbox } from './modules/mailing/sendouts/sending.js';
import { SendoutAttribution } from './modules/mailing/stats/attribution.js';
import { mailingStatsRoutes } from './modules/mailing/stats/routes.js';
import { MailingStatsRepository } from './modules/mailing/stats/stats-repository.js';
import { MailingStatsService } from './modules/mailing/stats/stats-service.js';
import { accountsRoutes } from './modules/accounts/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { mailingRoutes } from './modules/mailing/routes.js';
import { CalendarRepository } from './modules/mailing/calendar/calendar-repository.js';
import { CalendarContexts } from './modules/mailing/calendar/context.js';
import { CalendarService } from './modules/mailing/calendar/service.js';
import { ClientListUploads } from './modules/mailing/sendouts/client-list-upload.js';
import { DraftRepository } from './modules/mailing/sendouts/draft-repository.js';
import { SendoutDrafts } from './modules/mailing/sendouts/drafts.js';
import { SendoutLaunches } from './modules/mailing/sendouts/launch.js';
import { LaunchRepository } from './modules/mailing/sendouts/launch-repository.js';
import { SendoutTestMessages } from './modules/mailing/sendouts/test-message.js';
import { crmClientSource } from './modules/mailing/segments/crm-source.js';
import { SegmentsRepository } from './modules/mailing/segments/repository.js';
import { segmentsRoutes } from './modules/mailing/segments/routes.js';
import { SegmentsService } from './modules/mailing/segments/service.js';
import { systemRoutes } from './modules/system/routes.js';
import { blacklistRoutes } from './modules/blacklist/routes.js';
import { chatHistoryRoutes } from './modules/chat-history/routes.js';
import { connectionRoutes } from './modules/connection/routes.js';
import { devSandboxRoutes } from './modules/dev-sandbox/routes.js';
import { SettingsRepository } from './modules/settings/repository.js';
import { SettingsService } from './modules/settings/service.js';
import { settingsRoutes } from './modules/settings/routes.js';
import { AccessesRepository } from './modules/accesses/repository.js';
import { AccessesService } from './modules/accesses/service.js';
import { accessesRoutes } from './modules/accesses/routes.js';

export type Role = 'api' | 'worker' | 'all';

export interface RuntimeOptions {
  config: Config;
  role: Role;
  clock?: Clock;
  logger?: Logger;
  // Tests hand in their own database and PIN delivery; production opens them from config.
  database?: Database;
  pinDelivery?: PinDelivery;
  // Tests that do not need jobs skip pg-boss.
  queue?: boolean;
  listen?: boolean;
}

export interface Runtime {
  config: Config;
  database: Database;
  http: FastifyInstance | undefined;
  queue: Queue | undefined;
  clock: Clock;
  services: { auth: AuthService; accounts: AccountsService; mailing: MailingService };
  channels: {
    repo: ChannelRepository;
    host: ChannelHost | undefined;
    dispatcher: Dispatcher;
    sandbox: SandboxNetwork;
    replies: ReplyChain;
    connection: ConnectionService;
  };
  crm: { repo: CrmRepository; processor: CrmProcessor; local: LocalCrm };
  templates: { engine: TemplateEngine };
  sendouts: { sender: SendoutSender; pause: SendoutPause };
  stop(): Promise<void>;
}

// The composition root: every port gets its driver here and nowhere else.
export async function startRuntime(options: RuntimeOptions): Promise<Runtime> {
  const { config, role } = options;
  const logger = options.logger ?? createLogger(config.LOG_LEVEL);
  const clock = options.clock ?? (config.DEV_CLOCK === 'adjustable' ? new AdjustableClock() : systemClock);
  const secrets = resolveSecrets(config.dataDir, config);

  let unlock: (() => void) | undefined;
  let database = options.database;
  if (!database) {
    if (!config.DATABASE_URL) unlock = lockDataDir(config.dataDir);
    database = await openDatabase({
      url: config.DATABASE_URL,
      dataDir: path.join(config.dataDir, 'pglite'),
      poolSize: config.DATABASE_POOL_SIZE,
    });
    logger.info({ kind: database.kind }, 'database opened');
  }
  await applyMigrations(database);
  if (config.SEED_DEMO && (await seedDemo(database.db, clock.now()))) logger.info('demo data written');

  const db = database.db;
  let bot: TelegramAdminBot | undefined;
  let delivery = options.pinDelivery;
  if (!delivery) {
    if (config.TELEGRAM_BOT_TOKEN) {
      bot = telegramAdminBot(config.TELEGRAM_BOT_TOKEN, logger);
      delivery = bot;
    } else {
      delivery = serverLogPinDelivery();
      logger.warn('TELEGRAM_BOT_TOKEN is not set: login PINs are written to this log');
    }
  }

  const auth = new AuthService({
    repo: new AuthRepository(db),
    limiter: new RateLimiter(db, clock),
    clock,
    tokens: new AccessTokens(secrets.tokenSecret, config.ACCESS_TOKEN_TTL_SECONDS),
    delivery,
    secret: secrets.tokenSecret,
    sessionTtlDays: config.SESSION_TTL_DAYS,
    pinRequestsPerIdHour: config.AUTH_PIN_REQUESTS_PER_ID_HOUR,
    logger,
  });
  const accounts = new AccountsService(new AccountsRepository(db), clock);
  const mailingRepo = new MailingRepository(db);
  const mailing = new MailingService(mailingRepo);

  const queue = options.queue === false ? undefined : await startQueue(database, logger);

  // Channels: sessions live in worker processes (the host); API processes only enqueue.
  const channelRepo = new ChannelRepository(db);
  const sandbox = new SandboxNetwork(db, clock, { deliveryMs: config.SANDBOX_DELIVERY_MS });
  const settingsRepo = new SettingsRepository(db);
  const selection = selectDrivers(config, sandbox, logger, { branchName: (accId) => settingsRepo.branchName(accId) });
  const replies = new ReplyChain();
  const host =
    role === 'api'
      ? undefined
      : new ChannelHost({
          repo: channelRepo,
          clock,
          logger,
          encryptionKey: secrets.encryptionKey,
          drivers: selection.drivers,
          onInbound: [
            async (instance, message) => void (await replies.run({ accId: instance.accId, instance, message })),
          ],
          leaseMs: config.CHANNEL_LEASE_MS,
        });
  const pacing = (kind: 'whatsapp' | 'telegram' | 'sms') =>
    config.DISPATCH_PACING === 'off' ? NO_PACING : PACING[kind];
  // The dispatcher writing through a connection or a transaction (send-outs queue inside theirs).
  const dispatcherOn = (outboxDb: Db, schedule = scheduler(queue, clock)) =>
    new Dispatcher({
      repo: new OutboxRepository(outboxDb),
      host,
      clock,
      logger,
      pacing,
      claimMs: config.DISPATCH_CLAIM_MS,
      ackTimeoutMs: config.DISPATCH_ACK_TIMEOUT_MS,
      schedule,
    });
  const dispatcher = dispatcherOn(db);

  const connection = new ConnectionService({
    db,
    repo: channelRepo,
    gateway: new ChannelGateway(host, channelRepo, clock),
    dispatcher,
    clock,
    providers: selection.providers,
    pacing,
  });

  const settings = new SettingsService({
    repo: settingsRepo,
    channels: channelRepo,
    clock,
    encryptionKey: secrets.encryptionKey,
    smsDriver: config.CHANNEL_SMS_DRIVER,
  });

  // Bookings: the CRM inbox feeds the template engine; clients' answers reach the CRM back.
  const crmRepo = new CrmRepository(db);
  const crmJob = crmEventsJob(() => crm);
  // The embedded booking system; its changes reach the inbox like webhooks (`crm` runs them later).
  const localCrm = new LocalCrm({ repo: crmRepo, clock, logger, kick: () => crm.kick() });
  const crm: CrmProcessor = new CrmProcessor({
    repo: crmRepo,
    drivers: {
      local: localCrmDriver(localCrm),
      // One driver per process: its client's rate limiter is the process's share of YCLIENTS' 5/s.
      ...(config.YCLIENTS_PARTNER_TOKEN
        ? {
            yclients: yclientsDriver({ partnerToken: config.YCLIENTS_PARTNER_TOKEN, baseUrl: config.YCLIENTS_API_URL }),
          }
        : {}),
    },
    clock,
    logger,
    openSecret: (sealed) => open(secrets.encryptionKey, sealed),
    kick: crmKick(queue, crmJob),
  });
  const engineRepo = new EngineRepository(db);
  const engine = new TemplateEngine({ repo: engineRepo, crm: crmRepo, dispatcher, clock, logger });
  crm.onRecordChange(engine.recordChanged);
  const files = new FileStore(db, config.dataDir, clock);
  // Launched send-outs: the periodic sweep (and a kick after a start or resume) queues their messages.
  const sendoutOutbox = transactionalOutbox(db, dispatcherOn, scheduler(queue, clock));
  const sendoutSender = new SendoutSender({ db, outbox: sendoutOutbox, clock, logger });
  // Send-outs: drafts from client lists and segments, launches, test messages, all judged in the
  // branch's calendar context.
  const calendarContexts = new CalendarContexts(new CalendarRepository(db), pacing);
  const sendoutPause = new SendoutPause({
    outbox: sendoutOutbox,
    contexts: calendarContexts,
    clock,
    kick: () => sendoutSender.kick(),
  });
  const blacklistRepo = new BlacklistRepository(db);
  const draftRepo = new DraftRepository(db);
  const sendoutDrafts = new SendoutDrafts({ repo: draftRepo, contexts: calendarContexts, clock, logger });
  // CRM segments: saved filters, and the clients they select handed over as drafts.
  const segments = new SegmentsService({
    repo: new SegmentsRepository(db),
    crm: crmClientSource(crmRepo, crm, logger),
    blacklist: blacklistRepo,
    drafts: sendoutDrafts,
    clock,
    logger,
  });
  const launchRepo = new LaunchRepository(db);
  const sendoutLaunches = new SendoutLaunches({
    repo: launchRepo,
    payments: mailingRepo,
    contexts: calendarContexts,
    files,
    clock,
    logger,
  });
  sendoutLaunches.onStarted(() => sendoutSender.kick());
  const templatesRepo = new TemplatesRepository(db);
  const templates = new TemplatesService({
    repo: templatesRepo,
    files,
    reference: crmRepo,
    planner: engine,
    clock,
    logger,
  });
  const templateStats = new TemplateStatsService({
    repo: new TemplateStatsRepository(db),
    templates: templatesRepo,
    service: templates,
    // Without a bot token, exports land in DATA_DIR/bot-outbox and the log says where.
    bot: bot ?? localAdminBotFiles(config.dataDir, clock),
    clock,
    logger,
  });
  const consents = new ConsentsService({
    repo: new ConsentsRepository(db),
    bot: bot ?? localAdminBotFiles(config.dataDir, clock),
    clock,
    logger,
  });
  // Send-out statistics: the sweep keeps each launched send-out's counters current.
  const attribution = new SendoutAttribution(db, clock);
  const mailingStats = new MailingStatsService({
    repo: new MailingStatsRepository(db),
    attribution,
    bot: bot ?? localAdminBotFiles(config.dataDir, clock),
    clock,
    logger,
  });
  const replyDeps = {
    repo: engineRepo,
    crm: crmRepo,
    dispatcher,
    clock,
    logger,
    actions: {
      confirm: (accId: number, recordId: string) => crm.confirmRecord(accId, recordId),
      cancel: (accId: number, recordId: string) => crm.cancelRecord(accId, recordId),
    },
  };
  replies.use('confirm_cancel', confirmCancelHandler(replyDeps));
  replies.use('consent', consentHandler(replyDeps));

  let sweepTimer: NodeJS.Timeout | undefined;
  // The sweep in progress, which stop() waits for before the queue and the database close.
  let sweep: Promise<void> | undefined;
  let lastBirthdays = 0;
  let lastCrmPoll = clock.now().getTime();
  // One sweep at a time: rows whose job was lost, CRM events whose job was lost, and the
  // birthday greetings of the day.
  const periodic = async () => {
    await dispatcher.sweep(500, Math.max(5_000, config.DISPATCH_SWEEP_MS));
    if (config.YCLIENTS_PARTNER_TOKEN && clock.now().getTime() - lastCrmPoll >= config.YCLIENTS_POLL_MS) {
      lastCrmPoll = clock.now().getTime();
      // Catches changes whose webhook never came; what a webhook already brought is not queued again.
      for (const connection of await crmRepo.connectionsOf('yclients')) {
        await crm
          .reconcile(connection.accId)
          .catch((err: unknown) => logger.warn({ err, accId: connection.accId }, 'YCLIENTS reconciliation failed'));
      }
    }
    await crm.processPending();
    if (clock.now().getTime() - lastBirthdays >= config.TEMPLATE_SWEEP_MS) {
      lastBirthdays = clock.now().getTime();
      await engine.birthdaySweep();
    }
    await sendoutSender.pass(clock.now());
    await attribution.pass(clock.now());
    await sendoutDrafts.purgeStaleDrafts(clock.now());
  };
  const runPeriodic = (): Promise<void> => {
    sweep ??= periodic()
      .catch((err: unknown) => logger.error({ err }, 'periodic sweep failed'))
      .finally(() => (sweep = undefined));
    return sweep;
  };
  if (queue && role !== 'api') {
    await host?.start();
    // Upload temp files over an hour old were left by a crash mid-upload.
    void files.sweepTemp().catch((err: unknown) => logger.warn({ err }, 'upload temp sweep failed'));
    const dispatchJobs = host
      ? [
          dispatchJob(dispatchQueueName(), () => dispatcher),
          dispatchJob(dispatchQueueName(host.owner), () => dispatcher),
        ]
      : [];
    await queue.work([...authJobs(auth), ...dispatchJobs, crmJob]);
    sweepTimer = setInterval(() => void runPeriodic(), config.DISPATCH_SWEEP_MS);
    bot?.startPolling();
  }

  let botUrl: string | null | undefined;
  const publicConfig = async (): Promise<PublicConfig> => {
    if (botUrl === undefined) botUrl = bot ? `https://t.me/${await bot.username().catch(() => '')}` : null;
    return {
      ok: true,
      bot_url: botUrl === 'https://t.me/' ? null : botUrl,
      pin_in_server_log: delivery.kind === 'server-log',
      support_telegram_url: config.SUPPORT_TELEGRAM_URL,
      support_phone: config.SUPPORT_PHONE,
      knowledge_base_url: config.KNOWLEDGE_BASE_URL,
      landing_url: config.LANDING_URL,
      privacy_url: `${config.LANDING_URL}privacy`,
      offer_url: `${config.LANDING_URL}offer`,
      refund_url: `${config.LANDING_URL}refund`,
    };
  };

  let http: FastifyInstance | undefined;
  if (role !== 'worker') {
    http = await buildHttpApp({
      logger,
      trustProxy: config.TRUST_PROXY,
      webDistDir: config.webDistDir,
      authenticator: auth,
      hosts: {
        main: [
          systemRoutes(publicConfig),
          authRoutes(auth),
          accountsRoutes(accounts),
          connectionRoutes(connection, selection.sandbox),
          blacklistRoutes(blacklistRepo),
          chatHistoryRoutes(db),
          settingsRoutes(settings),
          accessesRoutes(new AccessesService(new AccessesRepository(db), clock)),
          templatesRoutes({ templates, stats: templateStats, files }),
          crmConnectionRoutes({ repo: crmRepo, processor: crm, encryptionKey: secrets.encryptionKey }),
          localCrmDevRoutes(localCrm),
          ...(config.YCLIENTS_PARTNER_TOKEN ? [yclientsWebhookRoutes(crm)] : []),
          ...(selection.sandbox ? [devSandboxRoutes(sandbox)] : []),
          ...(clock instanceof AdjustableClock ? [devClockRoutes(clock, () => runPeriodic())] : []),
        ] satisfies Routes[],
        mailing: [
          mailingRoutes({
            mailing,
            calendar: new CalendarService(calendarContexts, clock),
            uploads: new ClientListUploads({ drafts: sendoutDrafts, repo: draftRepo }),
            launches: sendoutLaunches,
            tests: new SendoutTestMessages({ dispatcher, repo: launchRepo, files, clock, logger }),
            files,
          }),
          consentsRoutes(consents),
          // SPEC 7 /sendout_blacklist: the same list, for the mailing pages' rights.
          blacklistRoutes(blacklistRepo, { path: '/sendout_blacklist', guard: 'mailing' }),
          sendoutPauseRoutes(sendoutPause, sendoutLaunches),
          mailingStatsRoutes(mailingStats),
          segmentsRoutes(segments),
        ],
        ai: [],
      },
      healthy: async () => {
        await db.execute(sql`select 1`);
        return true;
      },
    });
    if (options.listen !== false) {
      await http.listen({ port: config.PORT, host: config.HOST });
    } else {
      await http.ready();
    }
  }

  const openDb = database;
  return {
    config,
    database: openDb,
    http,
    queue,
    clock,
    services: { auth, accounts, mailing },
    channels: { repo: channelRepo, host, dispatcher, sandbox, replies, connection },
    crm: { repo: crmRepo, processor: crm, local: localCrm },
    templates: { engine },
    sendouts: { sender: sendoutSender, pause: sendoutPause },
    async stop() {
      if (sweepTimer) clearInterval(sweepTimer);
      await sweep;
      await sendoutSender.stop();
      await http?.close();
      await bot?.stop();
      await queue?.stop();
      await host?.stop();
      if (!options.database) await openDb.close();
      unlock?.();
    },
  };
}
