import type { AiResponder } from '../../ai/llm.js';
import type { Outbox } from '../../channels/dispatch/outbox.js';
import type { ReplyHandlers } from '../../channels/inbound/reply-chain.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { AdminBotButtons, AdminBotMessages } from '../../platform/files/admin-bot-files.js';
import type { FileStore } from '../../platform/files/file-store.js';
import type { Authenticator } from '../../platform/http/auth-context.js';
import type { Logger } from '../../platform/logger.js';
import type { ServerModule } from '../../platform/module.js';
import type { Queue } from '../../platform/queue.js';
import type { CrmProcessor } from '../../crm/processor.js';
import type { CrmRepository } from '../../crm/repository.js';
import { AdminAlerts, BUTTON_PREFIX } from './conversation/alerts.js';
import { adminBotButtonHandler } from './conversation/buttons.js';
import { answerJob, answerScheduler } from './conversation/jobs.js';
import { LiveConversations, type HumanTakeover, type ReadMarker } from './conversation/live.js';
import { ConversationsRepository } from './conversation/repository.js';
import { ConversationsService } from './conversation/service.js';
import { conversationsRoutes } from './conversations-routes.js';
import { aiAdminCrm } from './crm-lists.js';
import { searchKnowledge } from './knowledge/search.js';
import { createKnowledge } from './knowledge/wiring.js';
import { TestChatService } from './test-chat/service.js';
import { testChatRoutes } from './test-chat/routes.js';
import { AiAgentsRepository } from './repository.js';
import { aiAdminRoutes, type AiTokenIssuer } from './routes.js';
import { AiAgentsService } from './service.js';
import { AiStatsRepository } from './stats/repository.js';
import { aiStatsRoutes } from './stats/routes.js';
import { AiStatsService } from './stats/service.js';
import { FeedbackRepository } from './feedback/repository.js';
import { feedbackRoutes } from './feedback/routes.js';
import { FeedbackService } from './feedback/service.js';
import { httpFeedbackWebhook } from './feedback/webhook.js';

export interface AiAdminModuleDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  // The branch's CRM: the masters, services and categories the exceptions pick from.
  crm: CrmProcessor;
  crmRepo: CrmRepository;
  // The auth module's access-token signer (POST /api/v1/auth/token).
  issueToken: AiTokenIssuer;
  // --- Conversations (reply slot 'ai_admin', the test chat) ---
  // Absent in tests that run without jobs (the sweep answers then).
  queue: Queue | undefined;
  // The one transactional outbox the answers go through.
  outbox: Pick<Outbox, 'transaction'>;
  // When the salon last wrote to a client itself (the chat-history module).
  takeover: HumanTakeover;
  // The LLM port's driver (ai/select.ts).
  responder: AiResponder;
  // Alerts to the admins (hand-overs, suggestions with Send / Delete buttons) and the presses.
  botMessages: AdminBotMessages;
  botButtons: AdminBotButtons | undefined;
  // Marks the client's messages read on the channel (settings mark_read).
  readMarker: ReadMarker | undefined;
  // The branch's channel instance of a kind (its id), or null.
  instanceOf(accId: number, kind: string): Promise<string | null>;
  // AI_FEEDBACK_WEBHOOK_URL: where POST feedback is forwarded; unset, feedback is only kept.
  feedbackWebhookUrl?: string;
  // --- Knowledge files ---
  // Where the uploaded files' bytes are kept.
  files: FileStore;
  // The auth hook's token check: the progress stream's token comes in the query.
  authenticator: Authenticator;
}

export interface AiAdminModule extends ServerModule {
  agents: AiAgentsService;
  replyHandlers: ReplyHandlers;
  live: LiveConversations;
}

// Live conversations wait this long at most beyond their aggregation time when a job is lost.
const ANSWER_SWEEP_MS = 5_000;
const FEEDBACK_SWEEP_MS = 5 * 60_000;

// The AI administrator (issue 15, SPEC 7 AI host): the agent's settings and the token exchange, on
// the `ai` host; the live conversations (reply slot 'ai_admin', their answer jobs and the cabinet's
// calls on them) and the test chat.
export function createAiAdminModule(deps: AiAdminModuleDeps): AiAdminModule {
  const agents = new AiAgentsService({
    repo: new AiAgentsRepository(deps.db),
    crm: aiAdminCrm(deps),
    clock: deps.clock,
    logger: deps.logger,
  });
  const stats = new AiStatsService(new AiStatsRepository(deps.db));
  const knowledge = createKnowledge(deps);
  const feedback = new FeedbackService({
    repo: new FeedbackRepository(deps.db),
    webhook: deps.feedbackWebhookUrl ? httpFeedbackWebhook(deps.feedbackWebhookUrl) : undefined,
    clock: deps.clock,
    logger: deps.logger,
  });
  const conversations = new ConversationsRepository(deps.db);
  const settings = (accId: number) => agents.stored(accId);
  const askDeps = {
    responder: deps.responder,
    logger: deps.logger,
    tools: {
      crm: deps.crm,
      crmRepo: deps.crmRepo,
      clock: deps.clock,
      logger: deps.logger,
      searchKnowledge: (accId: number, query: string, limit: number) => searchKnowledge(deps.db, accId, query, limit),
    },
  };
  const job = answerJob(() => live);
  const live: LiveConversations = new LiveConversations({
    db: deps.db,
    repo: conversations,
    settings,
    outbox: deps.outbox,
    takeover: deps.takeover,
    ask: askDeps,
    alerts: new AdminAlerts({ repo: conversations, messages: deps.botMessages, logger: deps.logger }),
    readMarker: deps.readMarker,
    instanceOf: deps.instanceOf,
    schedule: answerScheduler(deps.queue, job),
    clock: deps.clock,
    logger: deps.logger,
  });
  deps.botButtons?.onButton(BUTTON_PREFIX, adminBotButtonHandler({ repo: conversations, live, logger: deps.logger }));
  const testChat = new TestChatService({ db: deps.db, repo: conversations, settings, ask: askDeps, clock: deps.clock });
  return {
    agents,
    live,
    routes: {
      ai: [
        aiAdminRoutes(agents, deps.issueToken),
        aiStatsRoutes(stats),
        feedbackRoutes(feedback),
        conversationsRoutes(new ConversationsService({ repo: conversations, live })),
        testChatRoutes(testChat),
        ...knowledge.routes,
      ],
    },
    replyHandlers: { ai_admin: live.handler() },
    jobs: [job, ...knowledge.jobs],
    sweeps: [
      ...knowledge.sweeps,
      { name: 'ai-admin.answers', everyMs: ANSWER_SWEEP_MS, run: () => live.answerAllDue() },
      // Feedback whose forward failed (webhook down) goes again.
      { name: 'ai-admin.feedback', everyMs: FEEDBACK_SWEEP_MS, delayFirst: true, run: () => feedback.retry() },
    ],
  };
}
