import type { ChatMessage, ConversationWire, TakeoverState } from '@salon/contract/ai-chat';
import type { ConversationRow, MessageRow } from './repository.js';

// Rows to the AI host's wire shapes (SPEC 3 Chat message, snake_case).
export function messageWire(m: MessageRow): ChatMessage {
  return {
    id: m.id,
    from: m.author === 'client' || m.author === 'admin' ? m.author : 'bot',
    text: m.text,
    time: m.at.toISOString(),
    direction: m.direction === 'incoming' ? 'incoming' : 'outgoing',
    is_ai_response: m.isAiResponse,
    show_admin: m.showAdmin,
    show_client: m.showClient,
    require_action: m.requireAction,
  };
}

export function conversationWire(c: ConversationRow, suggestion: MessageRow | null): ConversationWire {
  return {
    phone: c.phone,
    client_name: c.clientName,
    channel: c.channel,
    state: c.state as TakeoverState,
    paused_till: c.pausedTill?.toISOString() ?? null,
    reason: c.reason,
    last_message_at: c.lastMessageAt.toISOString(),
    recommended_answer: suggestion ? messageWire(suggestion) : null,
  };
}
