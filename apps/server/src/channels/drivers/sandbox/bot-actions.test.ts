import { describe, expect, it } from 'vitest';
import { botActionOf, botSubscription, botUsername } from './bot-actions.js';
import { isValidBotToken } from './rules.js';

describe('sandbox bots', () => {
  it('accepts tokens shaped as the providers issue them, unless they say invalid', () => {
    expect(isValidBotToken('tg_bot', '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw')).toBe(true);
    expect(isValidBotToken('tg_bot', '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5invalid')).toBe(false);
    expect(isValidBotToken('tg_bot', 'sandbox_max_token_0123456789abcdef')).toBe(false);
    expect(isValidBotToken('max', 'sandbox_max_token_0123456789abcdef')).toBe(true);
    expect(isValidBotToken('max', 'short_token')).toBe(false);
    expect(isValidBotToken('whatsapp', 'sandbox_max_token_0123456789abcdef')).toBe(false);
  });

  it('names a bot after its token, the same every time', () => {
    expect(botUsername('a-token')).toBe(botUsername('a-token'));
    expect(botUsername('a-token')).not.toBe(botUsername('another-token'));
    expect(botUsername('a-token')).toMatch(/^salon_[0-9a-f]{6}_bot$/);
  });

  it('reaches a phone that started the bot and shared its number, until it stops the bot', () => {
    const start = botActionOf({ start: 'invite' });
    const contact = botActionOf({ contact: '79005551234' });
    const stop = botActionOf({ stopped: true });
    expect(start).toEqual({ type: 'start', token: 'invite' });
    expect(botActionOf({ start: null })).toEqual({ type: 'start', token: null });
    expect(botActionOf({ askContact: true })).toBeNull();
    expect(botSubscription([contact])).toEqual({ started: false, shared: false });
    expect(botSubscription([start, contact])).toEqual({ started: true, shared: true });
    expect(botSubscription([start, contact, stop])).toEqual({ started: false, shared: true });
    expect(botSubscription([start, contact, stop, start])).toEqual({ started: true, shared: true });
  });
});
