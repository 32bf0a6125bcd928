import { agentSettings, AI_STATUS, type AgentSettings } from '@salon/contract/ai-agents';
import { AI_CHAT_STATUS, HUMAN_PAUSE_MINUTES, type ChatStatus, type TestChatMessages } from '@salon/contract/ai-chat';
import { STATUS } from '@salon/contract/status';
import type { Clock } from '../../../platform/clock.js';
import type { Db } from '../../../platform/db/client.js';
import { DomainError } from '../../../platform/errors.js';
import { errors } from '../../../platform/http/errors.js';
import { ask, excludedClient, HISTORY_MESSAGES, type AskDeps } from '../conversation/ask.js';
import type { ConversationBranch, ConversationRow, ConversationsRepository } from '../conversation/repository.js';
import { messageWire } from '../conversation/wire.js';

// The pretend client's number when the cabinet does not give one (not a real subscriber range).
export const TEST_CHAT_PHONE = '79990000000';
const MINUTE = 60_000;

export interface TestChatDeps {
  db: Db;
  repo: ConversationsRepository;
  settings(accId: number): Promise<AgentSettings>;
  ask: AskDeps;
  clock: Clock;
}

export interface TestCaller {
  accId: number;
  userId: number;
}

export interface TestMessageInput {
  direction: 'incoming' | 'outgoing';
  body: string;
  phone?: string | undefined;
  settings?: Partial<AgentSettings> | undefined;
  businessTime?: string | undefined;
}

const notFound = () => new DomainError('not_found', AI_CHAT_STATUS.messageNotFound);
const notWaiting = () => new DomainError('conflict', AI_CHAT_STATUS.notWaiting);

// SPEC 4 test chat: one conversation per branch and cabinet user, answered at once by the same
// responder, tools and night rules as live conversations, but nothing leaves the server (no outbox,
// no admin alerts) and nothing counts in the statistics (no ai_events).
export class TestChatService {
  constructor(private readonly d: TestChatDeps) {}

  private async branch(accId: number): Promise<ConversationBranch> {
    const branch = await this.d.repo.branch(accId);
    if (!branch) throw errors.accountsNotFound();
    if (branch.sendOutAccount) throw errors.failRights('send_out_account');
    return branch;
  }

  async messages(caller: TestCaller): Promise<TestChatMessages> {
    await this.branch(caller.accId);
    return this.view(caller, await this.d.settings(caller.accId));
  }

  async state(caller: TestCaller): Promise<ChatStatus> {
    await this.branch(caller.accId);
    const c = await this.d.repo.test(caller.accId, caller.userId);
    return this.status(caller, c, await this.d.settings(caller.accId));
  }

  // An admin locks the test chat (as a person taking over would) or lets the bot answer again.
  async setState(
    caller: TestCaller,
    next: { state: 'active' | 'locked_by_admin'; reason?: string | null; lastsTill?: string | null },
  ): Promise<ChatStatus> {
    await this.branch(caller.accId);
    const c = await this.ensure(caller, undefined);
    if (next.state === 'active') {
      await this.d.repo.setTestState(c.id, { testState: null, pausedTill: null, reason: null });
    } else {
      await this.d.repo.setTestState(c.id, {
        testState: 'locked_by_admin',
        pausedTill: next.lastsTill ? new Date(next.lastsTill) : null,
        reason: next.reason ?? 'admin',
      });
    }
    return this.state(caller);
  }

  async post(caller: TestCaller, input: TestMessageInput): Promise<TestChatMessages> {
    const branch = await this.branch(caller.accId);
    if (!branch.paid) throw new DomainError('forbidden', AI_STATUS.notPaid);
    const settings = await this.merged(caller.accId, input.settings);
    const c = await this.ensure(caller, input.phone);
    const realNow = this.d.clock.now();
    if (input.direction === 'outgoing') {
      // The salon writes itself: the bot stands back for the takeover pause (SPEC 4 locked_by_admin).
      await this.d.repo.insertMessage({
        accId: caller.accId,
        conversationId: c.id,
        author: 'admin',
        direction: 'outgoing',
        text: input.body,
        at: realNow,
      });
      await this.d.repo.setTestState(c.id, {
        testState: 'locked_by_admin',
        pausedTill: new Date(realNow.getTime() + HUMAN_PAUSE_MINUTES * MINUTE),
        reason: 'admin_wrote',
      });
      return this.view(caller, settings);
    }

    const status = await this.status(caller, c, settings);
    const answers =
      status.state !== 'disabled' && status.state !== 'exclude_list' && status.state !== 'locked_by_admin';
    const incomingId = await this.d.repo.insertMessage({
      accId: caller.accId,
      conversationId: c.id,
      author: 'client',
      direction: 'incoming',
      text: input.body,
      at: realNow,
      answered: !answers,
    });
    if (!answers || incomingId === null) return this.view(caller, settings);
    await this.answer(caller, c, branch, settings, input.businessTime ? new Date(input.businessTime) : realNow);
    return this.view(caller, settings);
  }

  // The same answer step as live (conversation/ask.ts), applied to the test chat's own rows.
  private async answer(
    caller: TestCaller,
    c: ConversationRow,
    branch: ConversationBranch,
    settings: AgentSettings,
    now: Date,
  ): Promise<void> {
    const repo = this.d.repo;
    const pending = await repo.unanswered(c.id);
    const last = pending.at(-1);
    if (!last) return;
    const history = await repo.history(c.id, pending[0]!.id, HISTORY_MESSAGES);
    const outcome = await ask(this.d.ask, {
      accId: caller.accId,
      branch,
      settings,
      client: { name: '', phone: c.phone },
      now,
      history,
      pending,
      // A salon trying its bot must not find pretend clients' bookings in its CRM.
      dryRun: true,
      saidSince: (text, since) => repo.botSaidSince(c.id, text, since),
    });
    const at = this.d.clock.now();
    await this.d.db.transaction(async (tx) => {
      const r = repo.with(tx);
      await r.setTestState(c.id, { testState: null });
      if (outcome.kind === 'answer' && settings.recommendation_mode === 'manual') {
        await r.supersedePending(c.id);
        await r.insertMessage({
          accId: caller.accId,
          conversationId: c.id,
          author: 'bot',
          direction: 'outgoing',
          text: outcome.text,
          at,
          isAiResponse: true,
          requireAction: true,
          showClient: false,
          status: 'pending',
        });
        return;
      }
      await r.markAnswered(c.id, last.id);
      await r.supersedePending(c.id);
      const text = outcome.kind === 'answer' ? outcome.text : outcome.clientText;
      if (text !== null) {
        await r.insertMessage({
          accId: caller.accId,
          conversationId: c.id,
          author: 'bot',
          direction: 'outgoing',
          text,
          // The night message is found again by the pretend time it was said at.
          at: outcome.kind === 'handover' && outcome.night ? now : at,
          isAiResponse: true,
        });
      }
      // Handed over: a person has the chat now (the admin unlocks it, or deletes the chat).
      if (outcome.kind === 'handover') {
        await r.setTestState(c.id, { testState: 'locked_by_admin', pausedTill: null, reason: outcome.reason });
      }
    });
  }

  // An admin's action on the waiting suggestion: send it (edited when a text is given) or delete it.
  async act(
    caller: TestCaller,
    messageId: number,
    action: 'send' | 'delete',
    text?: string,
  ): Promise<TestChatMessages> {
    await this.branch(caller.accId);
    const c = await this.d.repo.test(caller.accId, caller.userId);
    const message = await this.d.repo.message(caller.accId, messageId);
    if (!c || !message || message.conversationId !== c.id) throw notFound();
    if (message.status !== 'pending') throw notWaiting();
    const body = text?.trim() ? text.trim() : message.text;
    const edited = action === 'send' && body !== message.text;
    await this.d.db.transaction(async (tx) => {
      const r = this.d.repo.with(tx);
      const settled =
        action === 'send'
          ? await r.settleSuggestion(message.id, {
              status: edited ? 'edited' : 'sent',
              text: body,
              at: this.d.clock.now(),
            })
          : await r.settleSuggestion(message.id, { status: 'deleted' });
      if (!settled) throw notWaiting();
      await r.markAnswered(c.id, message.id);
      const testState = action === 'delete' ? 'message_deleted' : edited ? 'message_edited' : null;
      await r.setTestState(c.id, { testState });
    });
    return this.view(caller, await this.d.settings(caller.accId));
  }

  async clear(caller: TestCaller): Promise<TestChatMessages> {
    await this.branch(caller.accId);
    const c = await this.d.repo.test(caller.accId, caller.userId);
    if (c) {
      await this.d.db.transaction(async (tx) => {
        const r = this.d.repo.with(tx);
        await r.clearMessages(c.id);
        await r.setTestState(c.id, { testState: null, pausedTill: null, reason: null });
      });
    }
    return this.view(caller, await this.d.settings(caller.accId));
  }

  // Settings not saved yet over the saved ones, checked whole like a save.
  private async merged(accId: number, partial: Partial<AgentSettings> | undefined): Promise<AgentSettings> {
    const saved = await this.d.settings(accId);
    if (!partial) return saved;
    const parsed = agentSettings.safeParse({ ...saved, ...partial });
    if (!parsed.success) {
      throw errors.invalid(
        STATUS.badRequest,
        parsed.error.issues.map((i) => ({ path: ['body.settings', ...i.path].join('.'), code: i.message })),
      );
    }
    return parsed.data;
  }

  private async ensure(caller: TestCaller, phone: string | undefined): Promise<ConversationRow> {
    const existing = await this.d.repo.test(caller.accId, caller.userId);
    if (existing && (phone === undefined || phone === existing.phone)) return existing;
    return this.d.repo.ensureTest(caller.accId, caller.userId, phone ?? TEST_CHAT_PHONE, this.d.clock.now());
  }

  // SPEC 4 test chat states, first match wins.
  private async status(caller: TestCaller, c: ConversationRow | null, settings: AgentSettings): Promise<ChatStatus> {
    if (!settings.is_active) return { state: 'disabled', reason: 'agent_inactive', lasts_till: null };
    const now = this.d.clock.now();
    const phone = c?.phone ?? TEST_CHAT_PHONE;
    if (await excludedClient(this.d.ask.tools, caller.accId, settings, phone, now)) {
      return { state: 'exclude_list', reason: 'exclude_list', lasts_till: null };
    }
    if (!c) return { state: 'active', reason: null, lasts_till: null };
    if (c.testState === 'locked_by_admin') {
      if (!c.pausedTill || c.pausedTill.getTime() > now.getTime()) {
        return { state: 'locked_by_admin', reason: c.reason, lasts_till: c.pausedTill?.toISOString() ?? null };
      }
    }
    const [suggestion] = await this.d.repo.pendingSuggestions([c.id]);
    if (suggestion) return { state: 'waiting_admin', reason: null, lasts_till: null };
    if (c.testState === 'message_edited' || c.testState === 'message_deleted') {
      return { state: c.testState, reason: null, lasts_till: null };
    }
    return { state: 'active', reason: null, lasts_till: null };
  }

  private async view(caller: TestCaller, settings: AgentSettings): Promise<TestChatMessages> {
    const c = await this.d.repo.test(caller.accId, caller.userId);
    const rows = c ? await this.d.repo.messages(c.id) : [];
    const suggestion = rows.filter((m) => m.status === 'pending').at(-1) ?? null;
    return {
      messages: rows.filter((m) => m.showClient).map(messageWire),
      recommended_answer: suggestion ? messageWire(suggestion) : null,
      status: await this.status(caller, c, settings),
    };
  }
}
