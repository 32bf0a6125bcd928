import { AI_CHAT_STATUS } from '@salon/contract/ai-chat';
import type { ChannelKind } from '../../../channels/channel.js';
import type { OutboxWriter } from '../../../channels/dispatch/outbox.js';
import { DomainError } from '../../../platform/errors.js';
import type { ConversationRow, ConversationsRepository } from './repository.js';

interface Reply {
  // The client's messages up to this one are the ones answered.
  upToId: number;
  // The outbox's idempotency key: the same reply goes out once.
  key: string;
  now: Date;
}

// The bot's answer; text null: nothing is said to the client (a hand-over without a message).
export type BotReply = Reply & { text: string | null; suggestion?: undefined };
// An admin sends a waiting suggestion (this message, edited or not) rather than a new message.
export type SuggestionReply = Reply & { text: string; suggestion: { id: number; edited: boolean } };

export const notWaiting = () => new DomainError('conflict', AI_CHAT_STATUS.notWaiting);

// An answer to a live client — the bot's, or a suggestion an admin sends — as one outbox message
// and the conversation's record of it, inside the caller's outbox transaction (`repo` goes through
// the same one). The answer first claims what it answers, so that two answer steps, or two admins
// pressing at once, never both send: the client's messages (a new answer then also retires a
// suggestion still waiting for them), or the suggestion itself. Returns the client's messages it
// answered, or null when another answer had claimed them (nothing was written then); a suggestion
// someone else sent or deleted meanwhile throws, so the caller's transaction commits none of it.
export async function replyToClient(
  repo: ConversationsRepository,
  outbox: OutboxWriter,
  c: ConversationRow,
  reply: SuggestionReply,
): Promise<number[]>;
export async function replyToClient(
  repo: ConversationsRepository,
  outbox: OutboxWriter,
  c: ConversationRow,
  reply: BotReply,
): Promise<number[] | null>;
export async function replyToClient(
  repo: ConversationsRepository,
  outbox: OutboxWriter,
  c: ConversationRow,
  reply: BotReply | SuggestionReply,
): Promise<number[] | null> {
  const { now } = reply;
  if (reply.suggestion) {
    const { suggestion } = reply;
    // The suggestion keeps the outbox row that carries it, so the row is written first.
    const outboxId = await enqueue(outbox, c, reply.key, reply.text, now);
    const settled = await repo.settleSuggestion(suggestion.id, {
      status: suggestion.edited ? 'edited' : 'sent',
      text: reply.text,
      outboxId,
      at: now,
    });
    if (!settled) throw notWaiting();
    return repo.markAnswered(c.id, reply.upToId);
  }
  const answered = await repo.markAnswered(c.id, reply.upToId);
  if (answered.length === 0) return null;
  await repo.supersedePending(c.id);
  if (reply.text !== null) {
    const outboxId = await enqueue(outbox, c, reply.key, reply.text, now);
    await repo.insertMessage({
      accId: c.accId,
      conversationId: c.id,
      author: 'bot',
      direction: 'outgoing',
      text: reply.text,
      at: now,
      isAiResponse: true,
      outboxId,
    });
  }
  return answered;
}

async function enqueue(outbox: OutboxWriter, c: ConversationRow, key: string, body: string, now: Date) {
  const { id } = await outbox.enqueue({
    accId: c.accId,
    idempotencyKey: key,
    source: 'reply',
    sourceId: `ai_admin:${c.id}`,
    recipient: c.phone,
    clientName: c.clientName || null,
    body,
    media: null,
    channels: [c.channel as ChannelKind],
    notBefore: now,
  });
  return id;
}
