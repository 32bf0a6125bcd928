import { templateLoyaltyDependents } from './loyalty-dependents.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { AdminBotFiles } from '../../platform/files/admin-bot-files.js';
import type { FileStore } from '../../platform/files/file-store.js';
import type { Logger } from '../../platform/logger.js';
import type { ServerModule } from '../../platform/module.js';
import type { Outbox } from '../../channels/dispatch/outbox.js';
import type { ReplyHandlers } from '../../channels/inbound/reply-chain.js';
import type { CrmProcessor } from '../../crm/processor.js';
import type { CrmRepository } from '../../crm/repository.js';
import type { LoyaltyVariables, OptInLinks, RecordLinks } from '../../crm/record-variables.js';
import type { ConsentLedger } from './engine/consent-ledger.js';
import { EngineRepository } from './engine/engine-repository.js';
import { TemplateEngine } from './engine/engine.js';
import { confirmCancelHandler, consentHandler } from './engine/replies.js';
import { TemplatesRepository } from './repository.js';
import { templatesRoutes } from './routes.js';
import { TemplatesService, type TemplatePlanner } from './service.js';
import { TemplateStatsRepository } from './stats-repository.js';
import { TemplateStatsService } from './stats-service.js';

export interface TemplatesModuleDeps {
  // The consents module's list (its repository): consent questions and answers are recorded there.
  consents: ConsentLedger;
  db: Db;
  crmRepo: CrmRepository;
  crm: CrmProcessor;
  outbox: Outbox;
  files: FileStore;
  botFiles: AdminBotFiles;
  clock: Clock;
  logger: Logger;
  // How often the birthday greetings of the day are looked for.
  birthdaySweepMs: number;
  // {review_link} and {tips_link} (the reviews module's short links).
  links?: RecordLinks;
  // {partner_link}, {bonus_add}, {bonus_withdraw} (the loyalty module's mechanics).
  loyalty?: LoyaltyVariables;
  // {max_link} and {tg_bot_link} (the channels' opt-in links to the branch's bots).
  optInLinks?: OptInLinks;
}

export interface TemplatesModule extends ServerModule {
  engine: TemplateEngine;
  service: TemplatesService;
  replyHandlers: ReplyHandlers;
  // How many templates each branch has (the accounts list shows it).
  templateCounts(accIds: readonly number[]): Promise<Map<number, number>>;
  // The templates offering a loyalty action (the loyalty module's TemplateDependents).
  loyaltyDependents: ReturnType<typeof templateLoyaltyDependents>;
}

export interface TemplatePagesDeps {
  db: Db;
  crmRepo: CrmRepository;
  // Who is told when a template changes (the engine re-plans its messages).
  planner: TemplatePlanner;
  files: FileStore;
  botFiles: AdminBotFiles;
  clock: Clock;
  logger: Logger;
}

// The templates pages (list, editor, statistics and their exports), without the engine: the
// module below hands them its engine; the templates test app hands them a planner that records.
export function createTemplatePages(deps: TemplatePagesDeps) {
  const { db, clock, logger } = deps;
  const repo = new TemplatesRepository(db);
  const service = new TemplatesService({
    repo,
    files: deps.files,
    reference: deps.crmRepo,
    planner: deps.planner,
    clock,
    logger,
  });
  const stats = new TemplateStatsService({
    repo: new TemplateStatsRepository(db),
    templates: repo,
    service,
    bot: deps.botFiles,
    clock,
    logger,
  });
  return {
    service,
    routes: [templatesRoutes({ templates: service, stats, files: deps.files })],
    templateCounts: (accIds: readonly number[]) => repo.countsByBranch(accIds),
  };
}

// Automatic messages: the templates pages, the engine that turns CRM record changes into outbox
// rows, the answers to confirm/cancel and consent questions, and the daily birthday greetings.
export function createTemplatesModule(deps: TemplatesModuleDeps): TemplatesModule {
  const { db, crmRepo, crm, outbox, clock, logger } = deps;
  const engineRepo = new EngineRepository(db);
  const engine = new TemplateEngine({
    repo: engineRepo,
    crm: crmRepo,
    consents: deps.consents,
    outbox,
    clock,
    logger,
    ...(deps.links ? { links: deps.links } : {}),
    ...(deps.loyalty ? { loyalty: deps.loyalty } : {}),
    ...(deps.optInLinks ? { optInLinks: deps.optInLinks } : {}),
  });
  crm.onRecordChange(engine.recordChanged);
  const pages = createTemplatePages({ ...deps, planner: engine });
  const replyDeps = {
    repo: engineRepo,
    crm: crmRepo,
    consents: deps.consents,
    outbox,
    clock,
    logger,
    actions: {
      confirm: (accId: number, recordId: string) => crm.confirmRecord(accId, recordId),
      cancel: (accId: number, recordId: string) => crm.cancelRecord(accId, recordId),
    },
  };
  return {
    engine,
    service: pages.service,
    templateCounts: pages.templateCounts,
    loyaltyDependents: templateLoyaltyDependents(db, clock),
    routes: { main: pages.routes },
    replyHandlers: { confirm_cancel: confirmCancelHandler(replyDeps), consent: consentHandler(replyDeps) },
    sweeps: [{ name: 'templates.birthdays', everyMs: deps.birthdaySweepMs, run: () => engine.birthdaySweep() }],
  };
}
