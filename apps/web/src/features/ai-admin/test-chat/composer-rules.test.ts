import { describe, expect, it } from 'vitest';
import { AI_CHAT_TEXT_MAX } from '@salon/contract/ai-chat';
import { canSendText, composerKeyAction, pretendInstant, pretendPhone } from './composer-rules';

describe('composerKeyAction', () => {
  it('sends on Enter and leaves Shift+Enter, IME Enter and other keys to the textarea', () => {
    expect(composerKeyAction({ key: 'Enter', shiftKey: false })).toBe('send');
    expect(composerKeyAction({ key: 'Enter', shiftKey: true })).toBe('none');
    expect(composerKeyAction({ key: 'Enter', shiftKey: false, isComposing: true })).toBe('none');
    expect(composerKeyAction({ key: 'a', shiftKey: false })).toBe('none');
  });
});

describe('canSendText', () => {
  it('needs some text, no message on its way, and no more than the limit', () => {
    expect(canSendText('Hello', false)).toBe(true);
    expect(canSendText('   \n', false)).toBe(false);
    expect(canSendText('Hello', true)).toBe(false);
    expect(canSendText('x'.repeat(AI_CHAT_TEXT_MAX), false)).toBe(true);
    expect(canSendText('x'.repeat(AI_CHAT_TEXT_MAX + 1), false)).toBe(false);
  });
});

describe('pretend conditions', () => {
  it('takes an empty phone as the default and 10 to 15 digits as a number', () => {
    expect(pretendPhone('')).toEqual({ ok: true, phone: undefined });
    expect(pretendPhone('79991234567')).toEqual({ ok: true, phone: '79991234567' });
    expect(pretendPhone('799912')).toEqual({ ok: false });
    expect(pretendPhone('7'.repeat(16))).toEqual({ ok: false });
  });

  it("reads the pretend time on the branch's clocks", () => {
    expect(pretendInstant('2026-11-26T23:30', 'Europe/Moscow')).toBe('2026-11-26T20:30:00.000Z');
    expect(pretendInstant('2026-11-26T23:30', 'Asia/Vladivostok')).toBe('2026-11-26T13:30:00.000Z');
    expect(pretendInstant('', 'Europe/Moscow')).toBeUndefined();
    expect(pretendInstant('2026-11-26T2', 'Europe/Moscow')).toBeUndefined();
    expect(pretendInstant('2026-02-30T10:00', 'Europe/Moscow')).toBeUndefined();
  });
});
