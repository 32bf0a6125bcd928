import { describe, expect, it } from 'vitest';
import { CHAT_STATES, HANDOVER_REASONS, type ChatStatus } from '@salon/contract/ai-chat';
import { INITIAL_CHAT_STATUS, isLockOver, statusView, untilShowsDay } from './chat-status-rules';

const status = (
  state: ChatStatus['state'],
  reason: string | null = null,
  lasts_till: string | null = null,
): ChatStatus => ({
  state,
  reason,
  lasts_till,
});

describe('statusView', () => {
  it('reads the SPEC 4 default (locked, reason exclude_list) as the exclusion state', () => {
    expect(INITIAL_CHAT_STATUS).toEqual({ state: 'locked_by_admin', reason: 'exclude_list', lasts_till: null });
    expect(statusView(INITIAL_CHAT_STATUS)).toEqual({
      key: 'exclude_list',
      text: 'exclude_list',
      handover: null,
      tone: 'off',
      until: null,
      reason: null,
    });
  });

  it('gives every state a key of its own and a tone', () => {
    const tones = Object.fromEntries(CHAT_STATES.map((s) => [s, statusView(status(s)).tone]));
    expect(tones).toEqual({
      active: 'ok',
      waiting_admin: 'wait',
      message_edited: 'ok',
      message_deleted: 'ok',
      locked_by_admin: 'off',
      exclude_list: 'off',
      disabled: 'off',
    });
    for (const s of CHAT_STATES) expect(statusView(status(s)).key).toBe(s);
  });

  it('keeps the end and the reason of an admin lock only', () => {
    const lock = statusView(status('locked_by_admin', 'salon_wrote', '2026-11-26T12:30:00Z'));
    expect(lock).toEqual({
      key: 'locked_by_admin',
      text: 'locked_by_admin',
      handover: null,
      tone: 'off',
      until: '2026-11-26T12:30:00Z',
      reason: { key: 'salon_wrote' },
    });
    expect(statusView(status('locked_by_admin', 'held for a VIP')).reason).toEqual({ text: 'held for a VIP' });
    expect(statusView(status('locked_by_admin', 'no_match')).reason).toEqual({ key: 'no_match' });
    expect(statusView(status('locked_by_admin', '  ')).reason).toBeNull();
    expect(statusView(status('waiting_admin', 'salon_wrote', '2026-11-26T12:30:00Z'))).toMatchObject({
      until: null,
      reason: null,
    });
  });
});

describe('lock end', () => {
  const now = Date.parse('2026-11-26T10:00:00Z');

  it('writes the day only when the lock ends on another day of the branch', () => {
    // 23:30 UTC is still the 26th in London but already the 27th in Moscow (UTC+3).
    expect(untilShowsDay('2026-11-26T23:30:00Z', now, 'Europe/London')).toBe(false);
    expect(untilShowsDay('2026-11-26T23:30:00Z', now, 'Europe/Moscow')).toBe(true);
  });

  it('treats a lock whose end has passed as over', () => {
    const view = statusView(status('locked_by_admin', null, '2026-11-26T09:59:00Z'));
    expect(isLockOver(view, now)).toBe(true);
    expect(isLockOver(statusView(status('locked_by_admin', null, '2026-11-26T10:01:00Z')), now)).toBe(false);
    expect(isLockOver(statusView(status('locked_by_admin')), now)).toBe(false);
  });
});

describe('hand-over', () => {
  it('reads a lock for a hand-over reason as handed over, with the reason; the salon writing as its lock', () => {
    for (const reason of HANDOVER_REASONS) {
      expect(statusView(status('locked_by_admin', reason))).toEqual({
        key: 'locked_by_admin',
        text: 'handed_over',
        handover: reason,
        tone: 'off',
        until: null,
        reason: { key: reason },
      });
    }
    // What the test chat's server sends when the salon answers itself (test-chat/service.ts).
    expect(statusView(status('locked_by_admin', 'admin_wrote', '2026-11-26T12:30:00Z'))).toMatchObject({
      key: 'locked_by_admin',
      text: 'locked_by_admin',
      handover: null,
      reason: { key: 'salon_wrote' },
    });
    expect(statusView(status('locked_by_admin', 'admin'))).toMatchObject({ text: 'locked_by_admin', handover: null });
    expect(statusView(status('waiting_admin', 'no_match'))).toMatchObject({ text: 'waiting_admin', handover: null });
  });
});
