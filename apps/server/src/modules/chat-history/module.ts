import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { FileStore } from '../../platform/files/file-store.js';
import type { ServerModule } from '../../platform/module.js';
import { ChatHistoryRepository } from './repository.js';
import { chatHistoryRoutes } from './routes.js';
import { ChatHistoryService, type ReplyOutbox } from './service.js';

export interface ChatHistoryModuleDeps {
  db: Db;
  // The one transactional outbox the salon's replies go through.
  outbox: ReplyOutbox;
  files: FileStore;
  clock: Clock;
}

// The inbox (SPEC 2 /chat_history): conversations, threads, read markers and replies from the cabinet.
// The AI administrator's manual mode will hand its suggested answers to the same reply call.
export function createChatHistoryModule(deps: ChatHistoryModuleDeps): ServerModule & { service: ChatHistoryService } {
  const service = new ChatHistoryService({
    repo: new ChatHistoryRepository(deps.db),
    outbox: deps.outbox,
    files: deps.files,
    clock: deps.clock,
  });
  return { service, routes: { main: [chatHistoryRoutes(service, deps.files)] } };
}
