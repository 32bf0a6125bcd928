import type { ChatLogRepository } from '../../channels/chat-log/repository.js';
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
  // Channels' chat log: the messages the inbox shows.
  chatLog: ChatLogRepository;
}

// The inbox (SPEC 2 /chat_history): conversations, threads, read markers and replies from the cabinet.
// The AI administrator's manual mode will hand its suggested answers to the same reply call.
export function createChatHistoryModule(deps: ChatHistoryModuleDeps): ServerModule & {
  service: ChatHistoryService;
  // When the salon last wrote in a chat itself (the cabinet's replies, its own phone): automatic
  // replies stand back after it.
  takeover: { lastHumanMessageAt(accId: number, phone: string): Promise<Date | null> };
} {
  const repo = new ChatHistoryRepository(deps.db, deps.chatLog);
  const service = new ChatHistoryService({
    repo,
    outbox: deps.outbox,
    files: deps.files,
    clock: deps.clock,
  });
  return {
    service,
    takeover: { lastHumanMessageAt: (accId, phone) => repo.lastHumanMessageAt(accId, phone) },
    routes: { main: [chatHistoryRoutes(service, deps.files)] },
  };
}
