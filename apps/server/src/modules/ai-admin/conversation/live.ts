import { AGGREGATION_SECONDS, type AgentSettings } from '@salon/contract/ai-agents';
import { AI_CHAT_STATUS, HUMAN_PAUSE_MINUTES, type TakeoverState } from '@salon/contract/ai-chat';
import type { Outbox } from '../../../channels/dispatch/outbox.js';
import type { ReplyContext, ReplyHandler } from '../../../channels/inbound/reply-chain.js';
import type { Clock } from '../../../platform/clock.js';
import type { Db } from '../../../platform/db/client.js';
import { DomainError } from '../../../platform/errors.js';
import type { Logger } from '../../../platform/logger.js';
import { ask, excludedClient, HISTORY_MESSAGES, type AskDeps, type Outcome } from './ask.js';
import type { AdminAlerts } from './alerts.js';
import { notWaiting, replyToClient } from './client-reply.js';
import type { ConversationRow, ConversationsRepository, MessageRow } from './repository.js';

const MINUTE = 60_000;
const PAUSE_MS = HUMAN_PAUSE_MINUTES * MINUTE;

// When someone at the salon last wrote to the client themselves (the chat-history module: a reply
// from the inbox, or a message typed on the salon's own phone).
export interface HumanTakeover {
  lastHumanMessageAt(accId: number, phone: string): Promise<Date | null>;
}

// Marks a client's messages read on the channel they came in on (best effort; never throws).
export interface ReadMarker {
  markRead(accId: number, instanceId: string, phone: string, providerMessageIds: string[]): Promise<void>;
}

export interface LiveDeps {
  db: Db;
  repo: ConversationsRepository;
  // The agent's settings of a branch (stored, or the defaults).
  settings(accId: number): Promise<AgentSettings>;
  outbox: Pick<Outbox, 'transaction'>;
  takeover: HumanTakeover;
  ask: AskDeps;
  alerts: AdminAlerts;
  readMarker: ReadMarker | undefined;
  // The branch's channel instance of a kind (its id), for marking messages read.
  instanceOf(accId: number, kind: string): Promise<string | null>;
  // Asks for one answer step of the conversation after `delayMs` (a queue job; none in tests, where
  // the sweep answers).
  schedule(conversationId: number, delayMs: number): Promise<void>;
  clock: Clock;
  logger: Logger;
}

const notFound = () => new DomainError('not_found', AI_CHAT_STATUS.messageNotFound);

// The AI administrator in live conversations: the reply-chain handler (slot 'ai_admin'), the answer
// step after the aggregation time, and an admin's actions on a suggestion or a conversation.
export class LiveConversations {
  constructor(private readonly d: LiveDeps) {}

  handler(): ReplyHandler {
    return { name: 'ai_admin', handle: (context) => this.receive(context) };
  }

  // A client's message. 'pass' when the bot is not to touch it (agent off, not paid, an excluded
  // client); otherwise it is stored and 'handled': answered after the aggregation time, or left to
  // the person who has the conversation (handed over, paused, the salon wrote itself just now).
  async receive({ accId, instance, message }: ReplyContext): Promise<'handled' | 'pass'> {
    const text = message.type === 'text' ? message.body : (message.caption ?? '');
    if (text.trim() === '') return 'pass';
    const branch = await this.d.repo.branch(accId);
    if (!branch || !branch.paid || branch.sendOutAccount) return 'pass';
    const settings = await this.d.settings(accId);
    if (!settings.is_active) return 'pass';
    const now = this.d.clock.now();
    const phone = message.from;
    if (await excludedClient(this.d.ask.tools, accId, settings, phone, now)) return 'pass';
    const human = await this.d.takeover.lastHumanMessageAt(accId, phone);

    const stored = await this.d.db.transaction(async (tx) => {
      const repo = this.d.repo.with(tx);
      const touched = await repo.touchLive(accId, phone, {
        clientName: message.name ?? '',
        channel: instance.kind,
        now,
      });
      let c = touched.conversation;
      // A new conversation (a day of silence) starts with the bot again, whoever had the last one.
      if (touched.fresh && c.state !== 'bot')
        c = (await repo.setTakeover(c.id, { state: 'bot', pausedTill: null, reason: null }))!;
      c = await this.applyHumanPause(repo, c, human, now);
      const botAnswers = answersNow(c, now);
      const id = await repo.insertMessage({
        accId,
        conversationId: c.id,
        author: 'client',
        direction: 'incoming',
        text,
        at: message.at.getTime() > now.getTime() ? now : message.at,
        providerMessageId: message.providerMessageId,
        // A person has the conversation: theirs to answer, never the bot's later.
        answered: !botAnswers,
      });
      if (id === null) return { c, started: false };
      if (touched.fresh) await repo.insertEvent({ accId, conversationId: c.id, kind: 'conversation', at: now });
      const started = botAnswers && (await repo.startPending(c.id, now));
      return { c, started };
    });
    if (stored.started) await this.d.schedule(stored.c.id, settings.aggregation_time * 1000);
    return 'handled';
  }

  // A message from the salon itself within the pause takes the conversation from the bot until the
  // pause ends; an expired pause gives it back.
  private async applyHumanPause(
    repo: ConversationsRepository,
    c: ConversationRow,
    human: Date | null,
    now: Date,
  ): Promise<ConversationRow> {
    if (c.state === 'human') return c;
    if (human && now.getTime() - human.getTime() < PAUSE_MS) {
      const till = new Date(human.getTime() + PAUSE_MS);
      if (c.state === 'paused' && c.pausedTill && c.pausedTill.getTime() >= till.getTime()) return c;
      return (await repo.setTakeover(c.id, { state: 'paused', pausedTill: till, reason: 'salon_wrote' }))!;
    }
    if (c.state === 'paused' && c.pausedTill && c.pausedTill.getTime() <= now.getTime()) {
      return (await repo.setTakeover(c.id, { state: 'bot', pausedTill: null, reason: null }))!;
    }
    return c;
  }

  // Conversations whose aggregation time is over (the sweep; a lost or early job is caught here).
  async answerAllDue(): Promise<void> {
    // No conversation is due before the shortest aggregation time; each checks its own.
    const cutoff = new Date(this.d.clock.now().getTime() - AGGREGATION_SECONDS.min * 1000);
    for (const c of await this.d.repo.pendingSince(cutoff, 200)) {
      try {
        await this.answerDue(c.id);
      } catch (err) {
        this.d.logger.error({ err, conversationId: c.id }, 'AI admin answer step failed');
      }
    }
  }

  // The answer step: all the client's unanswered messages answered together, once.
  async answerDue(conversationId: number): Promise<'answered' | 'not_due' | 'idle'> {
    const c0 = await this.d.repo.byId(conversationId);
    if (!c0 || c0.testUserId !== null || !c0.pendingSince) return 'idle';
    const settings = await this.d.settings(c0.accId);
    const now = this.d.clock.now();
    const dueAt = c0.pendingSince.getTime() + settings.aggregation_time * 1000;
    if (now.getTime() < dueAt) {
      await this.d.schedule(c0.id, dueAt - now.getTime());
      return 'not_due';
    }
    if (!(await this.d.repo.claimPending(c0.id, c0.pendingSince))) return 'idle';
    const branch = await this.d.repo.branch(c0.accId);
    const pending = await this.d.repo.unanswered(c0.id);
    const last = pending.at(-1);
    if (!last) return 'idle';
    const human = await this.d.takeover.lastHumanMessageAt(c0.accId, c0.phone);
    const c = await this.d.db.transaction((tx) => this.applyHumanPause(this.d.repo.with(tx), c0, human, now));
    if (!branch || !branch.paid || branch.sendOutAccount || !settings.is_active || !answersNow(c, now)) {
      // Whoever has the conversation now (or nobody, the bot being off) answers these.
      await this.d.repo.markAnswered(c.id, last.id);
      return 'idle';
    }
    const history = await this.d.repo.history(c.id, pending[0]!.id, HISTORY_MESSAGES);
    const outcome = await ask(this.d.ask, {
      accId: c.accId,
      branch,
      settings,
      client: { name: c.clientName, phone: c.phone },
      now,
      history,
      pending,
      onEvent: (e) =>
        this.d.repo.insertEvent({
          accId: c.accId,
          conversationId: c.id,
          kind: e.kind,
          recordId: e.recordId,
          revenue: e.revenue,
          at: this.d.clock.now(),
        }),
      saidSince: (text, since) => this.d.repo.botSaidSince(c.id, text, since),
    });
    const question = pending.map((m) => m.text).join('\n');
    if (outcome.kind === 'handover') {
      await this.handOver(c, pending, outcome, question, settings, now);
    } else if (settings.recommendation_mode === 'automatic') {
      await this.sendAnswer(c, pending, outcome.text, settings, now);
    } else {
      await this.suggest(c, question, outcome.text, now);
    }
    return 'answered';
  }

  private async sendAnswer(
    c: ConversationRow,
    pending: MessageRow[],
    text: string,
    settings: AgentSettings,
    now: Date,
  ): Promise<void> {
    const last = pending.at(-1)!;
    const sent = await this.d.outbox.transaction(async (tx, outbox) => {
      const repo = this.d.repo.with(tx);
      const reply = { upToId: last.id, text, key: `ai-answer:${c.id}:${last.id}`, now };
      if (!(await replyToClient(repo, outbox, c, reply))) return false;
      const answerMs = Math.max(0, now.getTime() - pending[0]!.at.getTime());
      await repo.insertEvent({ accId: c.accId, conversationId: c.id, kind: 'answer', answerMs, at: now });
      return true;
    });
    if (sent) await this.markRead(c, pending, settings);
  }

  // Manual mode: the answer waits for an admin (cabinet or the bot's buttons). The client's
  // messages stay unanswered until it is sent or deleted; a newer suggestion replaces it.
  private async suggest(c: ConversationRow, question: string, text: string, now: Date): Promise<void> {
    const id = await this.d.db.transaction(async (tx) => {
      const repo = this.d.repo.with(tx);
      await repo.supersedePending(c.id);
      return repo.insertMessage({
        accId: c.accId,
        conversationId: c.id,
        author: 'bot',
        direction: 'outgoing',
        text,
        at: now,
        isAiResponse: true,
        requireAction: true,
        showClient: false,
        status: 'pending',
      });
    });
    if (id !== null) await this.d.alerts.suggestion(c, question, id, text);
  }

  private async handOver(
    c: ConversationRow,
    pending: MessageRow[],
    outcome: Extract<Outcome, { kind: 'handover' }>,
    question: string,
    settings: AgentSettings,
    now: Date,
  ): Promise<void> {
    const last = pending.at(-1)!;
    const done = await this.d.outbox.transaction(async (tx, outbox) => {
      const repo = this.d.repo.with(tx);
      const reply = { upToId: last.id, text: outcome.clientText, key: `ai-handover:${c.id}:${last.id}`, now };
      if (!(await replyToClient(repo, outbox, c, reply))) return false;
      await repo.setTakeover(c.id, { state: 'human', pausedTill: null, reason: outcome.reason });
      await repo.insertEvent({
        accId: c.accId,
        conversationId: c.id,
        kind: 'handover',
        reason: outcome.reason,
        at: now,
      });
      return true;
    });
    if (!done) return;
    if (outcome.clientText !== null) await this.markRead(c, pending, settings);
    await this.d.alerts.handover(c, outcome.reason, question, outcome.night);
  }

  private async markRead(c: ConversationRow, messages: MessageRow[], settings: AgentSettings): Promise<void> {
    if (!settings.mark_read || !this.d.readMarker) return;
    const ids = messages.map((m) => m.providerMessageId).filter((id): id is string => id !== null);
    if (ids.length === 0) return;
    try {
      const instanceId = await this.d.instanceOf(c.accId, c.channel);
      if (instanceId) await this.d.readMarker.markRead(c.accId, instanceId, c.phone, ids);
    } catch (err) {
      this.d.logger.warn({ err, conversationId: c.id }, 'AI admin: messages could not be marked read');
    }
  }

  // --- An admin's actions (cabinet or admin bot) ---

  // Sends a waiting suggestion (edited: `text` instead of it) through the outbox; never another
  // branch's message, never a test chat's.
  async sendSuggestion(accId: number, messageId: number, text?: string): Promise<ConversationRow> {
    const { message, conversation: c } = await this.suggestionOf(accId, messageId);
    const now = this.d.clock.now();
    const body = text?.trim() ? text.trim() : message.text;
    const edited = body !== message.text;
    const answered = await this.d.outbox.transaction(async (tx, outbox) => {
      const repo = this.d.repo.with(tx);
      const waitedSince = await repo.firstAskedBefore(c.id, message.id);
      // Someone else sent or deleted it meanwhile: this throws, and nothing of it commits.
      const ids = await replyToClient(repo, outbox, c, {
        upToId: message.id,
        text: body,
        key: `ai-suggestion:${message.id}`,
        now,
        suggestion: { id: message.id, edited },
      });
      const answerMs = waitedSince ? Math.max(0, now.getTime() - waitedSince.getTime()) : null;
      await repo.insertEvent({ accId: c.accId, conversationId: c.id, kind: 'answer', answerMs, at: now });
      return ids;
    });
    const settings = await this.d.settings(accId);
    const incoming = (await this.d.repo.messages(c.id)).filter((m) => answered.includes(m.id));
    await this.markRead(c, incoming, settings);
    return (await this.d.repo.byId(c.id))!;
  }

  // Throws a waiting suggestion away; the client's messages it answered count as handled by a person.
  async deleteSuggestion(accId: number, messageId: number): Promise<ConversationRow> {
    const { message, conversation: c } = await this.suggestionOf(accId, messageId);
    await this.d.db.transaction(async (tx) => {
      const repo = this.d.repo.with(tx);
      if (!(await repo.settleSuggestion(message.id, { status: 'deleted' }))) throw notWaiting();
      await repo.markAnswered(c.id, message.id);
    });
    return (await this.d.repo.byId(c.id))!;
  }

  private async suggestionOf(accId: number, messageId: number) {
    const message = await this.d.repo.message(accId, messageId);
    const conversation = message && (await this.d.repo.byId(message.conversationId));
    if (!message || !conversation || conversation.testUserId !== null) throw notFound();
    if (message.status !== 'pending') throw notWaiting();
    return { message, conversation };
  }

  // The cabinet takes a conversation over, pauses the bot for a while, or gives it back to the bot.
  async setTakeover(accId: number, phone: string, state: TakeoverState, minutes?: number): Promise<ConversationRow> {
    const c = await this.d.repo.live(accId, phone);
    if (!c) throw new DomainError('not_found', AI_CHAT_STATUS.conversationNotFound);
    const now = this.d.clock.now();
    const takeover =
      state === 'bot'
        ? { state, pausedTill: null, reason: null }
        : state === 'paused'
          ? {
              state,
              pausedTill: new Date(now.getTime() + (minutes ?? HUMAN_PAUSE_MINUTES) * MINUTE),
              reason: 'cabinet',
            }
          : { state, pausedTill: null, reason: 'cabinet' };
    return (await this.d.repo.setTakeover(c.id, takeover))!;
  }
}

// The bot answers in 'bot', and in 'paused' once the pause is over.
export function answersNow(c: Pick<ConversationRow, 'state' | 'pausedTill'>, now: Date): boolean {
  if (c.state === 'bot') return true;
  return c.state === 'paused' && c.pausedTill !== null && c.pausedTill.getTime() <= now.getTime();
}
