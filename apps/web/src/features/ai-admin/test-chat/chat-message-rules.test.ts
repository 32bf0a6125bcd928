import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@salon/contract/ai-chat';
import { awaitsBot, groupByDay, messageSide, visibleMessages } from './chat-message-rules';

let nextId = 1;
function message(patch: Partial<ChatMessage>): ChatMessage {
  return {
    id: nextId++,
    from: 'client',
    text: 'hi',
    time: '2026-11-26T10:00:00Z',
    direction: 'incoming',
    is_ai_response: false,
    show_admin: true,
    show_client: true,
    require_action: false,
    ...patch,
  };
}

describe('messageSide', () => {
  it('puts the client on the right in the test chat and on the left in a live conversation', () => {
    expect(messageSide({ from: 'client' }, 'client')).toBe('right');
    expect(messageSide({ from: 'bot' }, 'client')).toBe('left');
    expect(messageSide({ from: 'admin' }, 'client')).toBe('left');
    expect(messageSide({ from: 'client' }, 'salon')).toBe('left');
    expect(messageSide({ from: 'bot' }, 'salon')).toBe('right');
    expect(messageSide({ from: 'admin' }, 'salon')).toBe('right');
  });
});

describe('visibleMessages', () => {
  it('leaves out the waiting suggestion (it has its card) and messages nobody sees', () => {
    const question = message({});
    const suggestion = message({ from: 'bot', is_ai_response: true, show_client: false, require_action: true });
    const deleted = message({ from: 'bot', show_admin: false, show_client: false });
    const note = message({ from: 'bot', show_client: false });
    expect(visibleMessages([question, suggestion, deleted, note], suggestion).map((m) => m.id)).toEqual([
      question.id,
      note.id,
    ]);
    expect(visibleMessages([question, suggestion], null).map((m) => m.id)).toEqual([question.id, suggestion.id]);
  });
});

describe('groupByDay', () => {
  it('starts a new group when the branch day changes, not the UTC day', () => {
    const a = message({ time: '2026-11-26T20:00:00Z' });
    const b = message({ time: '2026-11-26T21:30:00Z' });
    const c = message({ time: '2026-11-27T08:00:00Z' });
    expect(groupByDay([a, b, c], 'UTC').map((g) => [g.day, g.messages.length])).toEqual([
      ['2026-11-26', 2],
      ['2026-11-27', 1],
    ]);
    // In Moscow (UTC+3) 21:30 UTC is already the 27th.
    expect(groupByDay([a, b, c], 'Europe/Moscow').map((g) => [g.day, g.messages.length])).toEqual([
      ['2026-11-26', 1],
      ['2026-11-27', 2],
    ]);
    expect(groupByDay([], 'UTC')).toEqual([]);
  });
});

describe('awaitsBot', () => {
  const active = { state: 'active', reason: null, lasts_till: null } as const;

  it('is true while the client wrote last and the bot may answer', () => {
    expect(awaitsBot([message({ from: 'bot' }), message({})], active)).toBe(true);
    expect(awaitsBot([message({}), message({ from: 'bot' })], active)).toBe(false);
    expect(awaitsBot([message({})], { ...active, state: 'disabled' })).toBe(false);
    expect(awaitsBot([], active)).toBe(false);
  });

  it('ignores a suggestion the client has not seen', () => {
    expect(awaitsBot([message({}), message({ from: 'bot', show_client: false })], active)).toBe(true);
  });
});
