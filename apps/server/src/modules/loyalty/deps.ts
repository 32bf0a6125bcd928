import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { AdminBotMessages } from '../../platform/files/admin-bot-files.js';
import type { Logger } from '../../platform/logger.js';
import type { CrmProcessor } from '../../crm/processor.js';
import type { CrmRepository } from '../../crm/repository.js';
import type { TemplateDependents } from './ports.js';

export interface LoyaltyDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  // The branch's CRM: card types, loyalty permission and card transactions (crm/crm.ts CrmDriver).
  crm: CrmProcessor;
  crmRepo: CrmRepository;
  templates: TemplateDependents;
  // The salon's name on the invite page.
  branchName: (accId: number) => Promise<string | null>;
  // "A friend left a request" notes to the branch's admins (the admin bot, or DATA_DIR/bot-outbox).
  botMessages: AdminBotMessages;
  // The server's public address the invite links start with (PUBLIC_URL, else http://localhost:PORT).
  publicBase: string;
  // How often unpushed ledger entries go to the CRM.
  pushSweepMs?: number;
}
