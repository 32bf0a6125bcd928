import { describe, expect, it } from 'vitest';
import { HUMAN_PAUSE_MINUTES, type ConversationWire } from '@salon/contract/ai-chat';
import {
  PAUSE_MINUTES,
  effectiveTakeover,
  needsConfirmation,
  sortConversations,
  takeoverActions,
} from './conversation-rules';

const now = Date.parse('2026-11-26T10:00:00Z');

function conversation(patch: Partial<ConversationWire>): ConversationWire {
  return {
    phone: '79990000001',
    client_name: 'Anna',
    channel: 'whatsapp',
    state: 'bot',
    paused_till: null,
    reason: null,
    last_message_at: '2026-11-26T09:00:00Z',
    recommended_answer: null,
    ...patch,
  };
}

describe('effectiveTakeover', () => {
  it('ends a pause at its time', () => {
    expect(effectiveTakeover({ state: 'paused', paused_till: '2026-11-26T10:30:00Z' }, now)).toBe('paused');
    expect(effectiveTakeover({ state: 'paused', paused_till: '2026-11-26T09:59:00Z' }, now)).toBe('bot');
    expect(effectiveTakeover({ state: 'paused', paused_till: null }, now)).toBe('paused');
    expect(effectiveTakeover({ state: 'human', paused_till: null }, now)).toBe('human');
    expect(effectiveTakeover({ state: 'bot', paused_till: null }, now)).toBe('bot');
  });
});

describe('takeoverActions', () => {
  it('offers what changes the state, and asks before a person takes over', () => {
    expect(takeoverActions('bot')).toEqual(['human', 'pause']);
    expect(takeoverActions('paused')).toEqual(['human', 'pause', 'bot']);
    expect(takeoverActions('human')).toEqual(['bot', 'pause']);
    expect(needsConfirmation('human')).toBe(true);
    expect(needsConfirmation('bot')).toBe(false);
    expect(needsConfirmation('pause')).toBe(false);
  });

  it('offers the pause a message from the salon phone starts first', () => {
    expect(PAUSE_MINUTES[0]).toBe(HUMAN_PAUSE_MINUTES);
    expect(new Set(PAUSE_MINUTES).size).toBe(PAUSE_MINUTES.length);
  });
});

describe('sortConversations', () => {
  it('puts conversations with a waiting suggestion first, then the newest', () => {
    const suggestion = {
      id: 5,
      from: 'bot',
      text: 'We are open till 21:00',
      time: '2026-11-26T08:00:00Z',
      direction: 'outgoing',
      is_ai_response: true,
      show_admin: true,
      show_client: false,
      require_action: true,
    } as const;
    const old = conversation({ phone: '79990000001', last_message_at: '2026-11-25T09:00:00Z' });
    const fresh = conversation({ phone: '79990000002', last_message_at: '2026-11-26T09:30:00Z' });
    const waiting = conversation({
      phone: '79990000003',
      last_message_at: '2026-11-24T09:00:00Z',
      recommended_answer: suggestion,
    });
    expect(sortConversations([old, fresh, waiting]).map((c) => c.phone)).toEqual([
      '79990000003',
      '79990000002',
      '79990000001',
    ]);
  });
});
