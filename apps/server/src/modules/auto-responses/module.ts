import type { Outbox } from '../../channels/dispatch/outbox.js';
import type { ReplyHandlers } from '../../channels/inbound/reply-chain.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { FileStore } from '../../platform/files/file-store.js';
import type { Logger } from '../../platform/logger.js';
import type { ServerModule } from '../../platform/module.js';
import { keyPhrasesHandler, type HumanTakeover } from './replies.js';
import { AutoResponsesRepository } from './repository.js';
import { autoResponsesRoutes } from './routes.js';
import { AutoResponsesService } from './service.js';

export interface AutoResponsesModuleDeps {
  db: Db;
  // The one transactional outbox the replies go through.
  outbox: Pick<Outbox, 'transaction'>;
  files: FileStore;
  // Who tells when the salon last wrote in a chat itself (the chat-history module).
  takeover: HumanTakeover;
  clock: Clock;
  logger: Logger;
}

export interface AutoResponsesModule extends ServerModule {
  service: AutoResponsesService;
  replyHandlers: ReplyHandlers;
}

// Auto-responses (SPEC 2 /auto_response, SPEC 7 key phrases): the pages' calls, and the reply
// handler that answers a client's key phrase.
export function createAutoResponsesModule(deps: AutoResponsesModuleDeps): AutoResponsesModule {
  const repo = new AutoResponsesRepository(deps.db);
  const service = new AutoResponsesService({ repo, files: deps.files, clock: deps.clock });
  return {
    service,
    routes: { main: [autoResponsesRoutes(service, deps.files)] },
    replyHandlers: {
      key_phrases: keyPhrasesHandler({
        repo,
        outbox: deps.outbox,
        takeover: deps.takeover,
        clock: deps.clock,
        logger: deps.logger,
      }),
    },
  };
}
