import type { ChatMessage, ChatStatus } from '@salon/contract/ai-chat';
import { zonedDayKey } from '../../../shared/lib/datetime';

// Whose eyes the chat is drawn for: the test chat is the client's screen (the admin plays the
// client), a live conversation is the salon's (like the inbox).
export type Perspective = 'client' | 'salon';
export type Side = 'left' | 'right';

export function messageSide(message: Pick<ChatMessage, 'from'>, perspective: Perspective): Side {
  const fromClient = message.from === 'client';
  return fromClient === (perspective === 'client') ? 'right' : 'left';
}

// The bubbles to draw: the waiting suggestion has its own card, and a message nobody sees
// (a deleted suggestion) is left out. One only the admin sees is drawn, marked as such.
export function visibleMessages(messages: readonly ChatMessage[], recommended: ChatMessage | null): ChatMessage[] {
  return messages.filter((m) => (m.show_admin || m.show_client) && m.id !== recommended?.id);
}

export interface DayGroup {
  // 'YYYY-MM-DD' in the branch zone.
  day: string;
  messages: ChatMessage[];
}

// Messages under a day separator each, in the order given (the server sends them oldest first).
export function groupByDay(messages: readonly ChatMessage[], timeZone: string): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const message of messages) {
    const day = zonedDayKey(message.time, timeZone) ?? '';
    const last = groups.at(-1);
    if (last && last.day === day) last.messages.push(message);
    else groups.push({ day, messages: [message] });
  }
  return groups;
}

// The bot owes an answer: the client wrote last and the chat is open to the bot. The panel then
// asks again every few seconds (answers come after the aggregation time).
export function awaitsBot(messages: readonly ChatMessage[], status: ChatStatus): boolean {
  const last = messages.filter((m) => m.show_client).at(-1);
  return status.state === 'active' && last?.from === 'client';
}
