import { describe, expect, it } from 'vitest';
import type { ChatRowWire } from '@salon/contract/chat-history';
import { formatFileSize } from '../../shared/i18n/format-file-size';
import {
  charactersMissing,
  dayKey,
  isChatSearchReady,
  isEmptyResult,
  parseGeo,
  sanitizeChatSearch,
  sideOf,
  sortByDate,
} from './chat-search';

describe('chat history search (SPEC 5)', () => {
  it('keeps digits and * only, at most 15', () => {
    expect(sanitizeChatSearch('+7 (999) 12*-**-01')).toBe('799912***01');
    expect(sanitizeChatSearch('1234567890123456789')).toHaveLength(15);
  });

  it('runs with at least 10 characters', () => {
    expect(isChatSearchReady('799912345')).toBe(false);
    expect(isChatSearchReady('7999123456')).toBe(true);
    expect(isChatSearchReady('79991*****')).toBe(true);
    expect(isChatSearchReady('**********')).toBe(true);
    expect(isChatSearchReady('7999-12345')).toBe(false);
    expect(charactersMissing('7999')).toBe(6);
    expect(charactersMissing('79991234567')).toBe(0);
  });

  it("treats 'messages not found' as an empty result", () => {
    expect(isEmptyResult({ messages: [], status: 'messages not found' })).toBe(true);
    expect(isEmptyResult({ messages: [], status: null })).toBe(true);
    expect(isEmptyResult({ messages: [1], status: null })).toBe(false);
  });
});

describe('conversation layout', () => {
  const row = (date: string, direction: ChatRowWire['direction']): ChatRowWire => ({
    type: 'text',
    name: null,
    date,
    body: 'hi',
    phoneNumber: '79991234567',
    direction,
    channel: 'whatsapp',
    fileData: null,
    caption: null,
    conversationId: 1,
    author: direction === 'incoming' ? 'client' : direction === 'outgoing' ? 'salon' : 'bot',
    authorName: null,
    status: null,
  });

  it('puts the client left and the salon and its bot right', () => {
    expect(sideOf('incoming')).toBe('left');
    expect(sideOf('outgoing')).toBe('right');
    expect(sideOf('bot')).toBe('right');
  });

  it('orders messages by time', () => {
    const rows = [row('2025-01-02T10:00:00Z', 'bot'), row('2025-01-01T10:00:00Z', 'incoming')];
    expect(sortByDate(rows).map((r) => r.direction)).toEqual(['incoming', 'bot']);
  });

  it('groups by the local calendar day', () => {
    const local = new Date(2025, 4, 9, 23, 30).toISOString();
    expect(dayKey(local)).toBe('2025-05-09');
  });

  it('formats file sizes and reads coordinates', () => {
    expect(formatFileSize(512, 'en-US')).toBe('512 byte');
    expect(formatFileSize(1536, 'en-US')).toBe('1.5 kB');
    expect(formatFileSize(5 * 1024 * 1024, 'en-US')).toBe('5 MB');
    expect(parseGeo('55.7558,37.6173')).toEqual({ lat: 55.7558, lon: 37.6173 });
    expect(parseGeo('somewhere')).toBeNull();
    expect(parseGeo('95,10')).toBeNull();
  });
});
