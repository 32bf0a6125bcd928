import { AI_CHAT_STATUS, type ChatMessage, type ConversationWire, type TakeoverState } from '@salon/contract/ai-chat';
import { DomainError } from '../../../platform/errors.js';
import { errors } from '../../../platform/http/errors.js';
import type { LiveConversations } from './live.js';
import type { ConversationRow, ConversationsRepository, MessageRow } from './repository.js';
import { conversationWire, messageWire } from './wire.js';

// The /ai_admin page's calls on live conversations (contract ai-chat.ts "Live conversations"):
// who the bot talks to, the messages, taking a conversation over, an admin's answer to a suggestion.
export class ConversationsService {
  constructor(private readonly d: { repo: ConversationsRepository; live: LiveConversations }) {}

  // Send-out-only branches have no AI pages (SPEC 6 menu).
  private async assertBranch(accId: number): Promise<void> {
    const branch = await this.d.repo.branch(accId);
    if (!branch) throw errors.accountsNotFound();
    if (branch.sendOutAccount) throw errors.failRights('send_out_account');
  }

  async list(
    accId: number,
    page: { limit: number; skip: number; waiting: boolean },
  ): Promise<{ data: ConversationWire[]; total: number }> {
    await this.assertBranch(accId);
    const { rows, total } = await this.d.repo.list(accId, page);
    const suggestions = await this.d.repo.pendingSuggestions(rows.map((r) => r.id));
    return { data: rows.map((r) => this.wire(r, suggestions)), total };
  }

  async messages(accId: number, phone: string): Promise<{ conversation: ConversationWire; messages: ChatMessage[] }> {
    await this.assertBranch(accId);
    const c = await this.d.repo.live(accId, phone);
    if (!c) throw new DomainError('not_found', AI_CHAT_STATUS.conversationNotFound);
    const messages = await this.d.repo.messages(c.id);
    return { conversation: this.wire(c, messages), messages: messages.map(messageWire) };
  }

  async takeover(accId: number, phone: string, state: TakeoverState, minutes?: number): Promise<ConversationWire> {
    await this.assertBranch(accId);
    return this.wireOf(await this.d.live.setTakeover(accId, phone, state, minutes));
  }

  async act(accId: number, messageId: number, action: 'send' | 'delete', text?: string): Promise<ConversationWire> {
    await this.assertBranch(accId);
    const c =
      action === 'send'
        ? await this.d.live.sendSuggestion(accId, messageId, text)
        : await this.d.live.deleteSuggestion(accId, messageId);
    return this.wireOf(c);
  }

  private async wireOf(c: ConversationRow): Promise<ConversationWire> {
    return this.wire(c, await this.d.repo.pendingSuggestions([c.id]));
  }

  // With the latest suggestion of the conversation still waiting for an admin.
  private wire(c: ConversationRow, messages: MessageRow[]): ConversationWire {
    const pending = messages.filter((m) => m.conversationId === c.id && m.status === 'pending');
    return conversationWire(c, pending.at(-1) ?? null);
  }
}
