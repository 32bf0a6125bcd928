import type { FastifyInstance } from 'fastify';
import { startHttpServer } from './http-server.js';
import { AdjustableClock, systemClock, type Clock } from './platform/clock.js';
import type { Config } from './platform/config.js';
import type { Database } from './platform/db/client.js';
import { openServerDatabase } from './platform/db/open-server-database.js';
import { FileStore } from './platform/files/file-store.js';
import type { ServerModule } from './platform/module.js';
import { createLogger, type Logger } from './platform/logger.js';
import { startQueue, type Queue } from './platform/queue.js';
import { resolveSecrets } from './platform/secrets.js';
import { createSweeps } from './platform/sweeps.js';
import { seedDemo } from './seed/demo.js';
import type { RecipientPolicy } from './channels/dispatch/recipient-policy.js';
import { createChannelsModule, type ChannelsModule } from './channels/module.js';
import { createCrmModule, type CrmModule } from './crm/module.js';
import { yclientsCompanyLookup } from './crm/drivers/yclients/company-lookup.js';
import { crmConnections } from './crm/schema.js';
import type { PinDelivery } from './modules/auth/pin-delivery.js';
import { createAccessesModule } from './modules/accesses/module.js';
import { createAccountsModule, type AccountsModule } from './modules/accounts/module.js';
import { createAutoResponsesModule } from './modules/auto-responses/module.js';
import { createAuthModule, selectAdminBot, type AdminBot, type AuthModule } from './modules/auth/module.js';
import { createAiAdminModule } from './modules/ai-admin/module.js';
import { selectResponder } from './ai/select.js';
import { createBlacklistModule } from './modules/blacklist/module.js';
import { blacklistPolicy } from './modules/blacklist/repository.js';
import { createChatHistoryModule } from './modules/chat-history/module.js';
import { createConnectionModule, type ConnectionModule } from './modules/connection/module.js';
import { createConsentsModule } from './modules/consents/module.js';
import { createDashboardModule } from './modules/dashboard/module.js';
import { consentPolicy } from './modules/consents/repository.js';
import { createDevClockModule } from './modules/dev-clock/module.js';
import { createDevSandboxModule } from './modules/dev-sandbox/module.js';
import { createLoyaltyModule, type LoyaltyModule } from './modules/loyalty/module.js';
import { createMailingModule, type MailingModule } from './modules/mailing/module.js';
import { createPaymentsModule, type PaymentsModule } from './modules/payments/module.js';
import { createOnboardingModule } from './modules/onboarding/module.js';
import { createPartnersModule, type PartnersModule } from './modules/partners/module.js';
import { PartnerProfiles } from './modules/partners/profile-repository.js';
import { sellerFromConfig } from './modules/payments/invoices/seller.js';
import { selectPaymentProvider, SANDBOX_WEBHOOK_PATH } from './payments/select.js';
import { createReviewsModule } from './modules/reviews/module.js';
import { createSettingsModule } from './modules/settings/module.js';
import { createStartPageModule } from './modules/start-page/module.js';
import { sendingSettingsPolicy } from './modules/settings/repository.js';
import { createSystemModule } from './modules/system/module.js';
import { createSupportModule } from './modules/support/module.js';
import { createMetricsModule } from './modules/metrics/module.js';
import { createTemplatesModule, type TemplatesModule } from './modules/templates/module.js';

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
  services: { auth: AuthModule['service']; accounts: AccountsModule['service']; mailing: MailingModule['service'] };
  channels: Pick<ChannelsModule, 'repo' | 'host' | 'dispatcher' | 'outbox' | 'sandbox' | 'replies'> & {
    connection: ConnectionModule['service'];
  };
  crm: Pick<CrmModule, 'repo' | 'processor' | 'local'>;
  templates: Pick<TemplatesModule, 'engine'>;
  sendouts: Pick<MailingModule, 'sender' | 'pause'>;
  loyalty: Pick<LoyaltyModule, 'mechanics'>;
  // What a provider's notification triggers (tests confirm payments with it).
  payments: PaymentsModule['confirmations'];
  // The admin bot's alerts and button presses (tests press the buttons of the local bot).
  adminBot: Pick<AdminBot, 'messages' | 'buttons'>;
  // Runs every periodic sweep now, one after another (the dev clock after a move; tests).
  runSweeps(): Promise<void>;
  stop(): Promise<void>;
}

// The dispatcher's checks (channels/dispatch/recipient-policy.ts), each from the module that owns
// its table. Tests that claim outbox rows themselves use the same.
export function recipientPolicy(): RecipientPolicy {
  return { ...blacklistPolicy(), ...consentPolicy(), ...sendingSettingsPolicy() };
}

// The composition root: every port gets its driver here, and the modules' factories are composed;
// what a module does is wired in its own `module.ts`.
export async function startRuntime(options: RuntimeOptions): Promise<Runtime> {
  const { config, role } = options;
  const logger = options.logger ?? createLogger(config.LOG_LEVEL);
  const clock = options.clock ?? (config.DEV_CLOCK === 'adjustable' ? new AdjustableClock() : systemClock);
  const secrets = resolveSecrets(config.dataDir, config);

  const opened = await openServerDatabase(config, logger, options.database);
  const database = opened.database;
  if (config.SEED_DEMO && (await seedDemo(database.db, clock.now()))) logger.info('demo data written');

  const db = database.db;
  const adminBot = selectAdminBot(config, clock, logger, options.pinDelivery);
  const queue = options.queue === false ? undefined : await startQueue(database, logger);
  const files = new FileStore(db, config.dataDir, clock);

  const channels = createChannelsModule({
    db,
    config,
    queue,
    clock,
    logger,
    encryptionKey: secrets.encryptionKey,
    withHost: role !== 'api',
    branchName: (accId) => settings.branchName(accId),
    recipientPolicy: recipientPolicy(),
  });
  const { outbox, pacing, host, repo: channelRepo } = channels;
  const settings = createSettingsModule({
    db,
    channels: channelRepo,
    clock,
    encryptionKey: secrets.encryptionKey,
    smsDriver: config.CHANNEL_SMS_DRIVER,
    smsGatewayUrls: config.SMS_GATEWAY_URLS,
    logger,
  });

  const auth = createAuthModule({ db, config, clock, logger, tokenSecret: secrets.tokenSecret, adminBot });
  const blacklist = createBlacklistModule({ db });
  const crm = createCrmModule({ db, config, queue, clock, logger, encryptionKey: secrets.encryptionKey });
  const connection = createConnectionModule({ db, channels, clock, encryptionKey: secrets.encryptionKey });
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
    // The reviews module's short links (made below; asked only when a message is planned).
    links: { linkFor: (request) => reviews.links?.linkFor(request) ?? Promise.resolve('') },
    // {partner_link}, {bonus_add}, {bonus_withdraw}: the loyalty module's mechanics (made below).
    loyalty: {
      partnerLink: (request) => loyalty.mechanics.links.partnerLink(request),
      recordBonuses: (accId, recordId, phone) => loyalty.mechanics.bonuses.recordBonuses(accId, recordId, phone),
    },
    // {max_link}, {tg_bot_link}: the client's invite to the branch's bots.
    optInLinks: (accId, phone, wanted) => channels.reach.inviteLinks(accId, phone, wanted),
  });
  channels.replies.useAll(templates.replyHandlers);
  const reviews = createReviewsModule({
    db,
    botFiles: adminBot.files,
    clock,
    logger,
    run: {
      outbox,
      crmRepo: crm.repo,
      crm: crm.processor,
      botMessages: adminBot.messages,
      publicBase: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    },
  });
  channels.replies.useAll(reviews.replyHandlers);
  // Who is a partner (the partners module's table), for the accounts response.
  const partnerProfiles = new PartnerProfiles(db);
  const accounts = createAccountsModule({
    db,
    clock,
    sources: {
      templateCounts: templates.templateCounts,
      channelStatuses: (accIds) => channelRepo.statusesOf(accIds),
      consultantData: (userId) => partnerProfiles.consultantData(userId),
    },
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
    // Send-outs that offer a loyalty action: each recipient's {partner_link} (made below).
    loyalty: { partnerLink: (request) => loyalty.mechanics.links.partnerLink(request) },
    optInLinks: (accId, phone, wanted) => channels.reach.inviteLinks(accId, phone, wanted),
  });
  // Invite-a-friend: actions, invite links, the bonus ledger and its pushes to the CRM's cards.
  const loyalty = createLoyaltyModule({
    db,
    clock,
    logger,
    crm: crm.processor,
    crmRepo: crm.repo,
    templates: templates.loyaltyDependents,
    branchName: (accId) => settings.branchName(accId),
    botMessages: adminBot.messages,
    publicBase: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
  });
  // The inbox: the salon's replies go through the same transactional outbox.
  const chatHistory = createChatHistoryModule({ db, outbox, files, clock, chatLog: channels.chatLog });
  // Key-phrase auto-responses (reply slot 'key_phrases'); they stand back while the salon writes itself.
  const autoResponses = createAutoResponsesModule({
    db,
    outbox,
    files,
    takeover: chatHistory.takeover,
    clock,
    logger,
  });
  channels.replies.useAll(autoResponses.replyHandlers);
  // The AI administrator (SPEC 7 AI host). Its token exchange answers the auth module's own tokens.
  const aiAdmin = createAiAdminModule({
    db,
    clock,
    logger,
    crm: crm.processor,
    crmRepo: crm.repo,
    issueToken: auth.issueAccessToken,
    queue,
    outbox,
    takeover: chatHistory.takeover,
    responder: selectResponder(config, logger),
    botMessages: adminBot.messages,
    botButtons: adminBot.buttons,
    readMarker: channels.readMarker,
    instanceOf: async (accId, kind) => (await channelRepo.instanceOf(accId, kind))?.id ?? null,
    feedbackWebhookUrl: config.AI_FEEDBACK_WEBHOOK_URL,
    files,
    authenticator: auth.service,
  });
  // After the key phrases: a phrase that answered leaves nothing for the AI administrator.
  channels.replies.useAll(aiAdmin.replyHandlers);
  // Subscription payments. The sandbox checkout notifies our webhook through this process's own HTTP
  // app when there is one (no port needed), else over the loopback address.
  const publicBase = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  const payments = createPaymentsModule({
    db,
    clock,
    logger,
    provider: selectPaymentProvider(config, logger, {
      clock,
      publicBase,
      ...(role === 'worker'
        ? {}
        : {
            sandboxNotify: async (notification) => {
              const res = await http!.inject({
                method: 'POST',
                url: SANDBOX_WEBHOOK_PATH,
                payload: notification,
                remoteAddress: '127.0.0.1',
              });
              if (res.statusCode >= 300) throw new Error(`webhook answered ${res.statusCode}`);
            },
          }),
    }),
    prices: config.PAY_PRICES,
    publicBase,
    // The 54-FZ receipt goes to the branch's phone of its general settings.
    payer: {
      contactOf: async (accId) => {
        const { phone } = await settings.service.general(accId);
        return phone ? { phone } : null;
      },
    },
    payState: accounts.payState,
    // Gating (issue 16 item 5): the connection module switches a lapsed channel off and back on.
    channels: {
      suspend: (accId, module) => connection.service.suspendUnpaid(accId, module),
      resume: (accId, module) => connection.service.resumePaid(accId, module),
    },
    botMessages: adminBot.messages,
    // Invoices: the seller from SELLER_*, the buyer from the settings' invoice data, the PDF to
    // Telegram through the admin bot; receipts' links; the operator's token.
    invoices: {
      seller: sellerFromConfig(config),
      billing: { billDataOf: (accId) => settings.service.billData(accId) },
      botFiles: adminBot.files,
      opsToken: config.OPS_TOKEN,
      receiptUrlTemplate: config.RECEIPT_URL_TEMPLATE,
    },
    // The partner programme's share of each payment, in the payment's own transaction (made below).
    events: {
      paid: (tx, e) => partners.money.paid(tx, e),
      refunded: (tx, e) => partners.money.refunded(tx, e),
    },
    firstPaymentDiscount: (accId) => partners.firstPaymentDiscount(accId),
  });
  // Promo codes, the partners' ledger and payouts, leads and partner admins.
  const partners: PartnersModule = createPartnersModule({
    db,
    clock,
    logger,
    grants: payments.grants,
    holdDays: config.PARTNER_HOLD_DAYS,
    leadProtectionDays: config.PARTNER_LEAD_PROTECTION_DAYS,
    promoBase: config.PROMO_BASE_URL ?? publicBase,
    opsToken: config.OPS_TOKEN,
  });

  // The send-out form (SPEC 7 /save_sendout_bot_form): a new salon's user, branch, agreements,
  // contact phone, promo attribution and test period, in one transaction of the onboarding module.
  const onboarding = createOnboardingModule({
    db,
    clock,
    logger,
    publicBase,
    botUsername: async () => (adminBot.bot ? await adminBot.bot.username() : null),
    // The auto-connection wizard checks a YCLIENTS company and prefills its name and zone; the local
    // CRM's companies are our branches (a new id is a new local company).
    crmCompany: config.YCLIENTS_PARTNER_TOKEN
      ? (() => {
          const lookup = yclientsCompanyLookup({
            partnerToken: config.YCLIENTS_PARTNER_TOKEN,
            baseUrl: config.YCLIENTS_API_URL,
          });
          return async (crmName: string, companyId: number) => (crmName === 'yclients' ? lookup(companyId) : undefined);
        })()
      : undefined,
    ports: {
      agreements: accounts.agreements,
      branchPhone: settings.branchPhone,
      partners: partners.onboarding,
      payments: {
        startTestPeriod: (tx, accId, days, today) => payments.grants.startTestPeriod(tx, accId, days, today),
      },
      crmConnection: {
        register: async (tx, accId, crmName, companyId) => {
          const kind = crmName === 'yclients' ? 'yclients' : 'local';
          await tx
            .insert(crmConnections)
            .values({ accId, kind, companyId, active: kind === 'local' })
            .onConflictDoNothing({ target: crmConnections.accId });
        },
      },
    },
  });

  // The booking-system start page (SPEC 2 /start_page): a client's request finds or creates them in
  // the branch's CRM and starts the conversation on the chosen channel.
  const startPage = createStartPageModule({
    db,
    clock,
    logger,
    outbox,
    botMessages: adminBot.messages,
    linkSecret: secrets.tokenSecret,
    publicBase,
    ports: {
      crmClient: async (accId, client) => {
        const connection = await crm.repo.connection(accId);
        // The local CRM takes new clients; another CRM's known clients are found in its mirror.
        if (connection.kind === 'local' && connection.active) return crm.local.createClient(accId, client);
        return crm.repo.clientByPhone(accId, client.phone);
      },
      whatsappNumber: async (accId) => {
        const instance = await channelRepo.instanceOf(accId, 'whatsapp');
        return instance?.status === 'authenticated' && instance.phone ? instance.phone : null;
      },
    },
  });

  // Sweeps run in this order (lost dispatch jobs, CRM inbox, birthdays, send-outs); routes are
  // mounted host by host in this order.
  const modules: ServerModule[] = [
    channels,
    createSystemModule({ config, bot: adminBot.bot, pinInServerLog: adminBot.delivery.kind === 'server-log' }),
    auth,
    accounts,
    connection,
    blacklist,
    chatHistory,
    autoResponses,
    settings,
    createAccessesModule({ db, clock }),
    crm,
    templates,
    reviews,
    loyalty,
    mailing,
    consents,
    aiAdmin,
    payments,
    partners,
    onboarding,
    startPage,
    // The dashboard's cards (SPEC 3 Dashboard): the pay data and the channels' live states.
    createDashboardModule({
      db,
      clock,
      sources: {
        payData: (accId) => payments.service.payData(accId),
        channelStatuses: (accIds) => channelRepo.statusesOf(accIds),
      },
    }),
    // The integrators request and the feedback modal; product metrics (issue 18 items 4–6).
    createSupportModule({
      db,
      clock,
      logger,
      files,
      dataDir: config.dataDir,
      integratorWebhook: {
        url: config.INTEGRATOR_WEBHOOK_URL,
        timeoutMs: config.INTEGRATOR_WEBHOOK_TIMEOUT_MS,
        allowPrivate: config.INTEGRATOR_WEBHOOK_ALLOW_PRIVATE,
      },
      supportChat: {
        chatId: config.SUPPORT_CHAT_ID,
        local: !adminBot.bot,
        messages: adminBot.messages,
        files: adminBot.files,
      },
      branchName: (accId) => settings.branchName(accId),
    }),
    createMetricsModule({ db, clock, logger, opsToken: config.OPS_TOKEN }),
    createDevSandboxModule({ db, sandbox: channels.sandbox, enabled: channels.sandboxEnabled }),
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

  const http =
    role === 'worker'
      ? undefined
      : await startHttpServer({ config, logger, db, authenticator: auth.service, modules, listen: options.listen });

  return {
    config,
    database,
    http,
    queue,
    clock,
    services: { auth: auth.service, accounts: accounts.service, mailing: mailing.service },
    channels: { ...channels, connection: connection.service },
    crm: { repo: crm.repo, processor: crm.processor, local: crm.local },
    templates: { engine: templates.engine },
    sendouts: { sender: mailing.sender, pause: mailing.pause },
    loyalty: { mechanics: loyalty.mechanics },
    payments: payments.confirmations,
    adminBot: { messages: adminBot.messages, buttons: adminBot.buttons },
    runSweeps: () => sweeps.runAll(),
    async stop() {
      await sweeps.stop();
      for (const m of [...modules].reverse()) await m.stop?.();
      await http?.close();
      await queue?.stop();
      await host?.stop();
      await opened.close();
    },
  };
}
