import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildHttpApp } from './app.js';
import { AdjustableClock, systemClock, type Clock } from './platform/clock.js';
import type { Config } from './platform/config.js';
import { openDatabase, type Database } from './platform/db/client.js';
import { lockDataDir } from './platform/db/dir-lock.js';
import { applyMigrations } from './platform/db/migrate.js';
import { FileStore } from './platform/files/file-store.js';
import { routesOf, type ServerModule } from './platform/module.js';
import { createLogger, type Logger } from './platform/logger.js';
import { startQueue, type Queue } from './platform/queue.js';
import { resolveSecrets } from './platform/secrets.js';
import { createSweeps } from './platform/sweeps.js';
import { seedDemo } from './seed/demo.js';
import { selectDrivers } from './channels/drivers/select-drivers.js';
import { SandboxNetwork } from './channels/drivers/sandbox/network.js';
import { ReplyChain } from './channels/inbound/reply-chain.js';
import { Dispatcher } from './channels/dispatch/dispatcher.js';
import { NO_PACING, PACING } from './channels/dispatch/governor.js';
import { dispatchJob, dispatchQueueName, scheduler } from './channels/dispatch/jobs.js';
import { Outbox } from './channels/dispatch/outbox.js';
import { OutboxRepository } from './channels/dispatch/outbox-repository.js';
import { ChannelHost } from './channels/host.js';
import { ChannelRepository } from './channels/repository.js';
import { createCrmModule, type CrmModule } from './crm/module.js';
import type { PinDelivery } from './modules/auth/pin-delivery.js';
import { createAccessesModule } from './modules/accesses/module.js';
import { createAccountsModule } from './modules/accounts/module.js';
import { createAuthModule, selectAdminBot } from './modules/auth/module.js';
import type { AuthService } from './modules/auth/service.js';
import type { AccountsService } from './modules/accounts/service.js';
import { createBlacklistModule } from './modules/blacklist/module.js';
import { createChatHistoryModule } from './modules/chat-history/module.js';
import { createConnectionModule } from './modules/connection/module.js';
import type { ConnectionService } from './modules/connection/service.js';
import { createConsentsModule } from './modules/consents/module.js';
import { createDevClockModule } from './modules/dev-clock/module.js';
import { createDevSandboxModule } from './modules/dev-sandbox/module.js';
import { createMailingModule } from './modules/mailing/module.js';
import type { MailingService } from './modules/mailing/service.js';
import type { SendoutPause } from './modules/mailing/sendouts/pause.js';
import type { SendoutSender } from './modules/mailing/sendouts/sending.js';
import { createSettingsModule } from './modules/settings/module.js';
import { createSystemModule } from './modules/system/module.js';
import { createTemplatesModule } from './modules/templates/module.js';
import type { TemplateEngine } from './modules/templates/engine/engine.js';

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
    outbox: Outbox;
    sandbox: SandboxNetwork;
    replies: ReplyChain;
    connection: ConnectionService;
  };
  crm: Pick<CrmModule, 'repo' | 'processor' | 'local'>;
  templates: { engine: TemplateEngine };
  sendouts: { sender: SendoutSender; pause: SendoutPause };
  // Runs every periodic sweep now, one after another (the dev clock after a move; tests).
  runSweeps(): Promise<void>;
  stop(): Promise<void>;
}

// The composition root: every port gets its driver here, and the modules' factories are composed;
// what a module does is wired in its own `module.ts`.
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
  const adminBot = selectAdminBot(config, clock, logger, options.pinDelivery);
  const queue = options.queue === false ? undefined : await startQueue(database, logger);
  const files = new FileStore(db, config.dataDir, clock);

  // Channels: sessions live in worker processes (the host); API processes only enqueue.
  const channelRepo = new ChannelRepository(db);
  const sandbox = new SandboxNetwork(db, clock, { deliveryMs: config.SANDBOX_DELIVERY_MS });
  const settings = createSettingsModule({
    db,
    channels: channelRepo,
    clock,
    encryptionKey: secrets.encryptionKey,
    smsDriver: config.CHANNEL_SMS_DRIVER,
  });
  const selection = selectDrivers(config, sandbox, logger, { branchName: settings.branchName });
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
  const schedule = scheduler(queue, clock);
  // The one transactional outbox every producer writes its messages through; the dispatcher sends them.
  const outbox = new Outbox({ db, clock, schedule });
  const dispatcher = new Dispatcher({
    repo: new OutboxRepository(db),
    host,
    clock,
    logger,
    pacing,
    claimMs: config.DISPATCH_CLAIM_MS,
    ackTimeoutMs: config.DISPATCH_ACK_TIMEOUT_MS,
    schedule,
  });
  const channelsModule: ServerModule = {
    jobs: host
      ? [
          dispatchJob(dispatchQueueName(), () => dispatcher),
          dispatchJob(dispatchQueueName(host.owner), () => dispatcher),
        ]
      : [],
    // Rows whose job was lost.
    sweeps: [
      {
        name: 'dispatch.lost-jobs',
        everyMs: config.DISPATCH_SWEEP_MS,
        run: async () => void (await dispatcher.sweep(500, Math.max(5_000, config.DISPATCH_SWEEP_MS))),
      },
    ],
  };

  const auth = createAuthModule({ db, config, clock, logger, tokenSecret: secrets.tokenSecret, adminBot });
  const blacklist = createBlacklistModule({ db });
  const crm = createCrmModule({ db, config, queue, clock, logger, encryptionKey: secrets.encryptionKey });
  const connection = createConnectionModule({
    db,
    channels: channelRepo,
    host,
    outbox,
    clock,
    providers: selection.providers,
    pacing,
    sandbox: selection.sandbox,
  });
  const consents = createConsentsModule({ db, bot: adminBot.files, clock, logger });
  const templates = createTemplatesModule({
    db,
    consents: consents.ledger,
    crmRepo: crm.repo,
    crm: crm.processor,
    outbox,
    files,
    botFiles: adminBot.files,
    clock,
    logger,
    birthdaySweepMs: config.TEMPLATE_SWEEP_MS,
  });
  replies.useAll(templates.replyHandlers);
  const accounts = createAccountsModule({
    db,
    clock,
    sources: { templateCounts: templates.templateCounts, channelStatuses: (accIds) => channelRepo.statusesOf(accIds) },
  });
  const mailing = createMailingModule({
    db,
    outbox,
    pacing,
    crmRepo: crm.repo,
    crm: crm.processor,
    blacklist: blacklist.service,
    files,
    botFiles: adminBot.files,
    clock,
    logger,
    sweepMs: config.DISPATCH_SWEEP_MS,
  });
  // The inbox: the salon's replies go through the same transactional outbox.
  const chatHistory = createChatHistoryModule({ db, outbox, files, clock });

  const bot = adminBot.bot;
  // Sweeps run in this order (lost dispatch jobs, CRM inbox, birthdays, send-outs); routes are
  // mounted host by host in this order.
  const modules: ServerModule[] = [
    channelsModule,
    createSystemModule({
      config,
      botUsername: bot ? () => bot.username() : undefined,
      pinInServerLog: adminBot.delivery.kind === 'server-log',
    }),
    auth,
    accounts,
    connection,
    blacklist,
    chatHistory,
    settings,
    createAccessesModule({ db, clock }),
    crm,
    templates,
    mailing,
    consents,
    createDevSandboxModule({ db, sandbox, enabled: selection.sandbox }),
    createDevClockModule({ db, clock, runDueSweeps: () => sweeps.runAll() }),
  ];
  const sweeps = createSweeps(
    modules.flatMap((m) => m.sweeps ?? []),
    logger,
  );

  if (queue && role !== 'api') {
    await host?.start();
    // Upload temp files over an hour old were left by a crash mid-upload.
    void files.sweepTemp().catch((err: unknown) => logger.warn({ err }, 'upload temp sweep failed'));
    await queue.work(modules.flatMap((m) => m.jobs ?? []));
    await sweeps.start(queue);
    for (const m of modules) await m.start?.();
  }

  let http: FastifyInstance | undefined;
  if (role !== 'worker') {
    http = await buildHttpApp({
      logger,
      trustProxy: config.TRUST_PROXY,
      requestTimeoutMs: config.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
      webDistDir: config.webDistDir,
      authenticator: auth.service,
      hosts: { main: routesOf(modules, 'main'), mailing: routesOf(modules, 'mailing'), ai: routesOf(modules, 'ai') },
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
    services: { auth: auth.service, accounts: accounts.service, mailing: mailing.service },
    channels: { repo: channelRepo, host, dispatcher, outbox, sandbox, replies, connection: connection.service },
    crm: { repo: crm.repo, processor: crm.processor, local: crm.local },
    templates: { engine: templates.engine },
    sendouts: { sender: mailing.sender, pause: mailing.pause },
    runSweeps: () => sweeps.runAll(),
    async stop() {
      await sweeps.stop();
      for (const m of [...modules].reverse()) await m.stop?.();
      await http?.close();
      await queue?.stop();
      await host?.stop();
      if (!options.database) await openDb.close();
      unlock?.();
    },
  };
}
