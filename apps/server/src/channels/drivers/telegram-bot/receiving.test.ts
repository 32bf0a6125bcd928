import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BotWebhook, ChannelSession } from '../../channel.js';
import {
  openBotSession,
  privateMessage,
  startFakeBotApi,
  storedCredentials,
  type FakeBotApiServer,
} from '../../../test-support/fake-telegram-bot-api.js';
import { until } from '../../../test-support/until.js';

const anna = { id: 501, first_name: 'Anna' };
const webhook: BotWebhook = {
  url: (id) => `https://salon.example/api/bots/tg/${id}`,
  secret: (id) => `secret-of-${id}`,
};
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('telegram bot receiving updates', () => {
  let api: FakeBotApiServer;
  const sessions: ChannelSession[] = [];
  const open = async (options: Parameters<typeof openBotSession>[1] = {}) => {
    const opened = await openBotSession(api, { credentials: storedCredentials(), ...options });
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

  it('long-polls with the confirmed offset and the update types it handles', async () => {
    const { recorded } = await open();
    const first = api.pushUpdate(privateMessage(anna, { text: 'one' }, 1));
    await until(async () => recorded.inbound.length === 1);
    await until(async () => api.callsOf('getUpdates').some((c) => c.params.offset === first + 1));
    const [initial] = api.callsOf('getUpdates');
    expect(initial?.params).toEqual({ timeout: 1, allowed_updates: ['message', 'my_chat_member'] });
  });

  it('resumes after a failed poll from the right offset, without losing or repeating updates', async () => {
    const { recorded } = await open();
    const first = api.pushUpdate(privateMessage(anna, { text: 'one' }, 1));
    await until(async () => recorded.inbound.length === 1);
    api.failNext('getUpdates', 'network');
    await until(async () => recorded.statuses.at(-1)?.reason === 'poll_failed');
    api.pushUpdate(privateMessage(anna, { text: 'two' }, 2));
    await until(async () => recorded.inbound.length === 2);
    await pause(100);
    expect(recorded.inbound.map((m) => m.body)).toEqual(['one', 'two']);
    const offsets = api.callsOf('getUpdates').map((c) => c.params.offset);
    // Every poll after the first update confirms it, the failed one and its retry included.
    expect(offsets.slice(offsets.indexOf(first + 1)).every((o) => typeof o === 'number' && o >= first + 1)).toBe(true);
    expect(offsets.filter((o) => o === first + 1).length).toBeGreaterThanOrEqual(2);
    expect(recorded.statuses.at(-1)).toEqual({ status: 'authenticated', phone: 'salon_test_bot' });
  });

  it('backs off while another poller holds the updates, then carries on', async () => {
    const { recorded } = await open();
    await until(async () => api.callsOf('getUpdates').length > 0);
    api.failNext('getUpdates', {
      error_code: 409,
      description: 'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
    });
    // Ends the current long poll, so the scripted conflict answers the next one.
    api.pushUpdate(privateMessage(anna, { text: 'one' }, 1));
    await until(async () => recorded.inbound.length === 1);
    const afterFirst = api.callsOf('getUpdates').length;
    await until(async () => api.callsOf('getUpdates').length >= afterFirst + 1);
    api.pushUpdate(privateMessage(anna, { text: 'two' }, 2));
    await until(async () => recorded.inbound.length === 2);
    expect(api.callsOf('getUpdates').length).toBeGreaterThanOrEqual(afterFirst + 1);
    // Someone else polling is no outage of this bot.
    expect(recorded.statuses.every((s) => s.status === 'authenticated')).toBe(true);
  });

  it('stops polling on close', async () => {
    const { session } = await open();
    await until(async () => api.callsOf('getUpdates').length > 0);
    await session.close();
    const polls = api.callsOf('getUpdates').length;
    await pause(1_300);
    expect(api.callsOf('getUpdates')).toHaveLength(polls);
  });

  it('in webhook mode sets the webhook with its secret and does not poll', async () => {
    const { recorded } = await open({ webhook });
    await until(async () => api.webhook !== null && recorded.statuses.length > 0);
    expect(api.webhook).toEqual({
      url: 'https://salon.example/api/bots/tg/bot-1',
      secret_token: 'secret-of-bot-1',
      allowed_updates: ['message', 'my_chat_member'],
    });
    await pause(100);
    expect(api.callsOf('getUpdates')).toHaveLength(0);
    expect(api.callsOf('deleteWebhook')).toHaveLength(0);
    expect(recorded.statuses).toEqual([{ status: 'authenticated', phone: 'salon_test_bot' }]);
  });

  it('in webhook mode handles an update the route hands over', async () => {
    const { session, recorded } = await open({
      webhook,
      replyTo: () => ({ text: 'Поделитесь номером', askContact: true }),
    });
    await until(async () => api.webhook !== null);
    await session.handleUpdate?.({ update_id: 9, ...privateMessage(anna, { text: '/start tok1' }) });
    expect(recorded.subscribers).toEqual([{ type: 'started', address: '501', name: 'Anna', startToken: 'tok1' }]);
    expect(api.callsOf('sendMessage')).toHaveLength(1);
    await session.handleUpdate?.({ update_id: 10, ...privateMessage(anna, { text: 'hello' }, 2) });
    expect(recorded.inbound.map((m) => m.body)).toEqual(['hello']);
  });

  it('in webhook mode retries setting the webhook after a failure', async () => {
    api.failNext('setWebhook', 'network');
    const { recorded } = await open({ webhook });
    // The fake holds the webhook once it has the request; the session says so when the answer is back.
    await until(async () => api.webhook !== null && recorded.statuses.at(-1)?.status === 'authenticated');
    expect(api.callsOf('setWebhook')).toHaveLength(2);
    expect(recorded.statuses.at(-1)).toEqual({ status: 'authenticated', phone: 'salon_test_bot' });
  });

  it('removes the webhook on logout', async () => {
    const { session } = await open({ webhook });
    await until(async () => api.webhook !== null);
    await session.logout();
    expect(api.webhook).toBeNull();
  });
});
