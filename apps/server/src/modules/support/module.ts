import path from 'node:path';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { FileStore } from '../../platform/files/file-store.js';
import type { Logger } from '../../platform/logger.js';
import type { ServerModule } from '../../platform/module.js';
import { postJsonGuarded } from '../../platform/net/guarded-post.js';
import { FeedbackService, type SupportChat } from './feedback.js';
import { IntegratorRequests } from './integrators.js';
import { SupportRepository } from './repository.js';
import { supportRoutes } from './routes.js';

export interface SupportModuleDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  files: FileStore;
  dataDir: string;
  // INTEGRATOR_WEBHOOK_URL (unset: requests are only kept), its time-out, and whether the address
  // guard lets private addresses through (INTEGRATOR_WEBHOOK_ALLOW_PRIVATE).
  integratorWebhook: { url: string | undefined; timeoutMs: number; allowPrivate: boolean };
  // SUPPORT_CHAT_ID and the admin bot that forwards feedback there.
  supportChat: SupportChat;
  // The settings module's branch name, when the form sent none.
  branchName(accId: number): Promise<string | null>;
}

// The integrators request and the feedback modal (issue 18 items 4 and 5).
export function createSupportModule(deps: SupportModuleDeps): ServerModule {
  const repo = new SupportRepository(deps.db);
  const { url, timeoutMs, allowPrivate } = deps.integratorWebhook;
  const integrators = new IntegratorRequests({
    repo,
    clock: deps.clock,
    logger: deps.logger,
    webhook: url ? (payload) => postJsonGuarded(url, payload, { timeoutMs, allowPrivate }) : undefined,
  });
  const feedback = new FeedbackService({
    repo,
    clock: deps.clock,
    logger: deps.logger,
    chat: deps.supportChat,
    dir: path.join(deps.dataDir, 'feedback'),
    branchName: deps.branchName,
  });
  return { routes: { main: [supportRoutes({ integrators, feedback, files: deps.files })] } };
}
