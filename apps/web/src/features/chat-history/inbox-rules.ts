import type { ChatConversationWire, ChatRowWire } from '@salon/contract/chat-history';

export interface ConversationGroup {
  conversationId: number;
  phoneNumber: string;
  // The client's name as the latest of their messages gives it.
  name: string | null;
  rows: ChatRowWire[];
}

// A wildcard search can match several clients: one group per conversation, the most recently
// active first, each with its messages oldest first.
export function splitByConversation(rows: readonly ChatRowWire[]): ConversationGroup[] {
  const groups = new Map<number, ConversationGroup>();
  for (const row of rows) {
    let group = groups.get(row.conversationId);
    if (!group) {
      group = { conversationId: row.conversationId, phoneNumber: row.phoneNumber, name: null, rows: [] };
      groups.set(row.conversationId, group);
    }
    group.rows.push(row);
    if (row.author === 'client' && row.authorName) group.name = row.authorName;
  }
  const latest = (g: ConversationGroup) => Math.max(...g.rows.map((r) => Date.parse(r.date) || 0));
  return [...groups.values()].sort((a, b) => latest(b) - latest(a));
}

// The line under a conversation's name: its last message, or the file it carried.
export function lastMessagePreview(last: ChatConversationWire['lastMessage']): string {
  if (last.type === 'file') return last.caption || last.fileName || last.body;
  return last.body;
}

// What the side of a bubble is: the client's on the left, the salon's and the bot's on the right.
export function bubbleSide(author: ChatRowWire['author']): 'left' | 'right' {
  return author === 'client' ? 'left' : 'right';
}

// A reply can go out with text, a file, or both; never empty.
export function canSendReply(text: string, file: File | null, sending: boolean): boolean {
  return !sending && (text.trim() !== '' || file !== null);
}

// The id a reply is sent under; kept while the same reply is retried.
export function newRequestId(random: () => string = () => crypto.randomUUID()): string {
  return random();
}

// Unread counts over 99 read as "99+".
export function unreadLabel(count: number): string {
  return count > 99 ? '99+' : String(count);
}
