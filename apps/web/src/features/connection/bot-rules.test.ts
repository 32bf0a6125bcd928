import { describe, expect, it } from 'vitest';
import { botCanDisconnect, botErrorKey, botHandle, botNeedsToken, checkBotToken, inviteVariable } from './bot-rules';
import { CHANNEL_UI_STATES, isBotCode, otherChannel } from './channel-state';

const TELEGRAM_TOKEN = '123456789:AAH-abcdefghijklmnopqrstuvwxyz_0123';

describe('bot token form', () => {
  it('trims a pasted token and takes it', () => {
    expect(checkBotToken(`  ${TELEGRAM_TOKEN}\n`)).toEqual({ ok: true, token: TELEGRAM_TOKEN });
  });

  it('asks for a token when the field is empty or blank', () => {
    expect(checkBotToken('')).toEqual({ ok: false, error: 'required' });
    expect(checkBotToken(' \n\t ')).toEqual({ ok: false, error: 'required' });
  });

  it('refuses what cannot be a token before asking the messenger', () => {
    expect(checkBotToken('short')).toEqual({ ok: false, error: 'malformed' });
    expect(checkBotToken('1234567890 abcdefghij')).toEqual({ ok: false, error: 'malformed' });
    expect(checkBotToken('токен-бота-из-макса')).toEqual({ ok: false, error: 'malformed' });
    expect(checkBotToken('x'.repeat(257))).toEqual({ ok: false, error: 'malformed' });
  });

  it('words each error the server answers, and an unknown one generically', () => {
    expect(botErrorKey('invalid_token')).toBe('invalidToken');
    expect(botErrorKey('not_paid')).toBe('notPaid');
    expect(botErrorKey('provider_error')).toBe('providerError');
    expect(botErrorKey('not_supported')).toBe('notSupported');
    expect(botErrorKey('unexpected')).toBe('generic');
    expect(botErrorKey(null)).toBe('generic');
  });
});

describe('bot panel', () => {
  it('shows the token form for every not-logged-in state and nothing else', () => {
    const waiting = CHANNEL_UI_STATES.filter(botNeedsToken);
    expect(waiting).toEqual(['noConnect', 'notSetUp', 'notConnected']);
  });

  it('offers Disconnect only while there is a session', () => {
    expect(CHANNEL_UI_STATES.filter(botCanDisconnect)).toEqual(['authenticated', 'error', 'blocked', 'loading']);
  });

  it('shows the username as @username', () => {
    expect(botHandle('salon_barhat_bot')).toBe('@salon_barhat_bot');
    expect(botHandle('@salon_barhat_bot')).toBe('@salon_barhat_bot');
    expect(botHandle(null)).toBeNull();
    expect(botHandle(' ')).toBeNull();
  });

  it('names the template variable that invites clients to each bot', () => {
    expect(inviteVariable('TGB')).toBe('{tg_bot_link}');
    expect(inviteVariable('MAX')).toBe('{max_link}');
  });

  it('tells bots from the messenger logins and falls back to WhatsApp', () => {
    expect([isBotCode('WA'), isBotCode('TG'), isBotCode('TGB'), isBotCode('MAX')]).toEqual([false, false, true, true]);
    expect(otherChannel('TGB')).toBe('WA');
    expect(otherChannel('MAX')).toBe('WA');
  });
});
