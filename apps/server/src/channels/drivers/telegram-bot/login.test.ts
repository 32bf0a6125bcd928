import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChannelSession } from '../../channel.js';
import {
  FAKE_BOT,
  openBotSession,
  startFakeBotApi,
  storedCredentials,
  type FakeBotApiServer,
} from '../../../test-support/fake-telegram-bot-api.js';
import { until } from '../../../test-support/until.js';

describe('telegram bot login and lifecycle', () => {
  let api: FakeBotApiServer;
  const sessions: ChannelSession[] = [];
  const open = async (options: Parameters<typeof openBotSession>[1] = {}) => {
    const opened = await openBotSession(api, options);
    sessions.push(opened.session);
    return opened;
  };

  beforeEach(async () => {
    api = await startFakeBotApi();
  });
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((s) => s.close()));
    await api.close();
  });

  it('opens without credentials as not logged in, asking Telegram nothing', async () => {
    const { recorded } = await open();
    expect(recorded.statuses).toEqual([{ status: 'not_authenticated' }]);
    expect(api.calls).toEqual([]);
  });

  it('accepts a good token: stores it with the username, reports authenticated and starts polling', async () => {
    const { session, recorded } = await open();
    await expect(session.login({ step: 'bot_token', token: ` ${FAKE_BOT.token} ` })).resolves.toEqual({
      result: 'auth_success',
    });
    expect(recorded.credentials).toEqual([JSON.stringify({ token: FAKE_BOT.token, username: 'salon_test_bot' })]);
    expect(recorded.statuses.at(-1)).toEqual({ status: 'authenticated', phone: 'salon_test_bot' });
    await until(async () => api.callsOf('getUpdates').length > 0);
    expect(api.callsOf('deleteWebhook')).toHaveLength(1);
  });

  it('refuses a token Telegram does not know as invalid_token', async () => {
    const { session, recorded } = await open();
    const result = await session.login({ step: 'bot_token', token: '7000001:AAHwrongTokenButWellShaped_999999' });
    expect(result).toMatchObject({ result: 'error', error: 'invalid_token' });
    expect(api.callsOf('getMe')).toHaveLength(1);
    expect(recorded.credentials).toEqual([]);
    expect(recorded.statuses).toEqual([{ status: 'not_authenticated' }]);
  });

  it('refuses a string that is no token without sending it anywhere', async () => {
    const { session } = await open();
    await expect(session.login({ step: 'bot_token', token: '../getMe?x=1' })).resolves.toMatchObject({
      result: 'error',
      error: 'invalid_token',
    });
    expect(api.calls).toEqual([]);
  });

  it('answers other login steps as not supported', async () => {
    const { session } = await open();
    await expect(session.login({ step: 'qr' })).resolves.toEqual({ result: 'error', error: 'not_supported' });
  });

  it('reports a Telegram outage during login as provider_error', async () => {
    const { session } = await open();
    api.failNext('getMe', { error_code: 500, description: 'Internal Server Error' });
    await expect(session.login({ step: 'bot_token', token: FAKE_BOT.token })).resolves.toMatchObject({
      result: 'error',
      error: 'provider_error',
    });
  });

  it('opens with stored credentials as the authenticated bot', async () => {
    const { recorded } = await open({ credentials: storedCredentials() });
    await until(async () => recorded.statuses.length > 0);
    expect(recorded.statuses).toEqual([{ status: 'authenticated', phone: 'salon_test_bot' }]);
    expect(recorded.credentials).toEqual([]);
    expect(api.callsOf('getMe')).toHaveLength(1);
  });

  it('reports a token revoked in @BotFather as not authenticated', async () => {
    api.revokeToken();
    const { recorded } = await open({ credentials: storedCredentials() });
    await until(async () => recorded.statuses.length > 0);
    expect(recorded.statuses).toEqual([{ status: 'not_authenticated', reason: 'token_revoked' }]);
    // Nothing more is asked with a dead token.
    await new Promise((r) => setTimeout(r, 100));
    expect(api.callsOf('getUpdates')).toHaveLength(0);
  });

  it('keeps trying through a Telegram outage, reporting loading meanwhile', async () => {
    api.failNext('getMe', 'network', 2);
    const { recorded } = await open({ credentials: storedCredentials() });
    await until(async () => recorded.statuses.at(-1)?.status === 'authenticated');
    expect(recorded.statuses).toEqual([
      { status: 'loading', reason: 'connect_failed' },
      { status: 'authenticated', phone: 'salon_test_bot' },
    ]);
    expect(api.callsOf('getMe')).toHaveLength(3);
  });

  it('starts logged out when the stored credentials cannot be read', async () => {
    const { recorded } = await open({ credentials: 'not json' });
    expect(recorded.statuses).toEqual([{ status: 'not_authenticated' }]);
    expect(api.calls).toEqual([]);
  });

  it('logs out: forgets the token and stops receiving', async () => {
    const { session, recorded } = await open({ credentials: storedCredentials() });
    await until(async () => api.callsOf('getUpdates').length > 0);
    await session.logout();
    expect(recorded.credentials).toEqual(['']);
    expect(recorded.statuses.at(-1)).toEqual({ status: 'not_authenticated', reason: 'logged_out' });
    const polls = api.callsOf('getUpdates').length;
    await new Promise((r) => setTimeout(r, 150));
    expect(api.callsOf('getUpdates')).toHaveLength(polls);
    await expect(session.send({ idempotencyKey: 'k', to: '42', text: 'hi', media: null })).resolves.toMatchObject({
      ok: false,
      failure: 'not_connected',
    });
  });
});
