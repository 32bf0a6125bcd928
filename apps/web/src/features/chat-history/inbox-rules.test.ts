import { describe, expect, it } from 'vitest';
import type { ChatRowWire } from '@salon/contract/chat-history';
import { bubbleSide, canSendReply, lastMessagePreview, splitByConversation, unreadLabel } from './inbox-rules';

const row = (
  conversationId: number,
  date: string,
  author: ChatRowWire['author'],
  name: string | null = null,
): ChatRowWire => ({
  type: 'text',
  name,
  date,
  body: `${conversationId} ${date}`,
  phoneNumber: `7999000000${conversationId}`,
  direction: author === 'client' ? 'incoming' : author === 'salon' ? 'outgoing' : 'bot',
  channel: 'whatsapp',
  fileData: null,
  caption: null,
  conversationId,
  author,
  authorName: name,
  status: null,
});

describe('splitByConversation', () => {
  it('groups a wildcard search by number, the latest active conversation first', () => {
    const groups = splitByConversation([
      row(1, '2026-11-01T10:00:00Z', 'client', 'Anna'),
      row(2, '2026-11-02T10:00:00Z', 'client', 'Boris'),
      row(1, '2026-11-03T10:00:00Z', 'salon', 'Admin'),
    ]);
    expect(groups.map((g) => g.conversationId)).toEqual([1, 2]);
    expect(groups[0]?.rows).toHaveLength(2);
    expect(groups[0]?.name).toBe('Anna');
    expect(groups[1]?.name).toBe('Boris');
  });

  it('gives no group for no rows', () => {
    expect(splitByConversation([])).toEqual([]);
  });
});

describe('inbox rules', () => {
  it('puts the client on the left and the salon and bot on the right', () => {
    expect(bubbleSide('client')).toBe('left');
    expect(bubbleSide('salon')).toBe('right');
    expect(bubbleSide('bot')).toBe('right');
  });

  it('sends a reply with text or a file, never empty or twice at once', () => {
    expect(canSendReply('  ', null, false)).toBe(false);
    expect(canSendReply('hi', null, false)).toBe(true);
    expect(canSendReply('', new File(['x'], 'a.txt'), false)).toBe(true);
    expect(canSendReply('hi', null, true)).toBe(false);
  });

  it('previews a file by its caption or name', () => {
    const base = { body: '', caption: null, fileName: 'price.pdf', date: '', author: 'client' as const };
    expect(lastMessagePreview({ ...base, type: 'file' })).toBe('price.pdf');
    expect(lastMessagePreview({ ...base, type: 'file', caption: 'Prices' })).toBe('Prices');
    expect(lastMessagePreview({ ...base, type: 'text', body: 'Hello' })).toBe('Hello');
  });

  it('caps the unread badge', () => {
    expect(unreadLabel(5)).toBe('5');
    expect(unreadLabel(120)).toBe('99+');
  });
});
