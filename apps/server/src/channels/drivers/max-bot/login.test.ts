import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  openMaxSession,
  startFakeMaxApi,
  storedCredentials,
  type FakeMaxApi,
} from '../../../test-support/fake-max-api.js';
import { until } from '../../../test-support/until.js';

describe('MAX bot login', () => {
  let api: FakeMaxApi;
  beforeEach(async () => {
    api = await startFakeMaxApi({ username: 'salon_bot' });
  });
  afterEach(() => api.close());

  it('opens without credentials as not logged in', async () => {
    const { recorded } = await openMaxSession(api);
    expect(recorded.statuses).toEqual([{ status: 'not_authenticated' }]);
    expect(api.requests).toEqual([]);
  });

  it('accepts a good token: stores it with the username and reports the bot’s handle', async () => {
    const { session, recorded } = await openMaxSession(api);
    await expect(session.login({ step: 'bot_token', token: ` ${api.token} ` })).resolves.toEqual({
      result: 'auth_success',
    });
    expect(recorded.credentials).toEqual([JSON.stringify({ token: api.token, username: 'salon_bot' })]);
    expect(recorded.statuses.at(-1)).toEqual({ status: 'authenticated', phone: 'salon_bot' });
    // The token went as the Authorization header, as the official client sends it.
    expect(api.requests.find((r) => r.path === '/me')?.headers.authorization).toBe(api.token);
    await until(() => Promise.resolve(api.polls().length > 0));
    await session.close();
  });

  it('refuses a wrong token and stores nothing', async () => {
    const { session, recorded } = await openMaxSession(api);
    await expect(session.login({ step: 'bot_token', token: 'wrong-token' })).resolves.toEqual({
      result: 'error',
      error: 'invalid_token',
    });
    expect(recorded.credentials).toEqual([]);
    expect(recorded.statuses).toEqual([{ status: 'not_authenticated' }]);
    expect(api.polls()).toEqual([]);
  });

  it('reports a provider failure during login as such', async () => {
    api.fail('GET', '/me', { status: 503, json: { code: 'internal', message: 'down' } });
    const { session, recorded } = await openMaxSession(api);
    const result = await session.login({ step: 'bot_token', token: api.token });
    expect(result).toMatchObject({ result: 'error', error: 'provider_error' });
    expect(recorded.credentials).toEqual([]);
  });

  it('supports no other login step', async () => {
    const { session } = await openMaxSession(api);
    await expect(session.login({ step: 'qr' })).resolves.toEqual({ result: 'error', error: 'not_supported' });
    await expect(session.login({ step: 'phone', phone: '79161234567' })).resolves.toEqual({
      result: 'error',
      error: 'not_supported',
    });
  });

  it('restarts from stored credentials as the same authenticated bot', async () => {
    const { session, recorded } = await openMaxSession(api, { credentials: storedCredentials(api) });
    await until(() => Promise.resolve(recorded.statuses.some((s) => s.status === 'authenticated')));
    expect(recorded.statuses).toEqual([{ status: 'loading' }, { status: 'authenticated', phone: 'salon_bot' }]);
    expect(recorded.credentials).toEqual([]);
    await until(() => Promise.resolve(api.polls().length > 0));
    await session.close();
  });

  it('removes a webhook subscription left over before it long-polls', async () => {
    api.subscriptions.push({ url: 'https://old.example/hook', update_types: ['message_created'] });
    const { session } = await openMaxSession(api, { credentials: storedCredentials(api) });
    await until(() => Promise.resolve(api.polls().length > 0));
    expect(api.subscriptions).toEqual([]);
    const unsubscribe = api.requests.find((r) => r.method === 'DELETE' && r.path === '/subscriptions');
    expect(unsubscribe?.query.get('url')).toBe('https://old.example/hook');
    await session.close();
  });

  it('reports a revoked stored token', async () => {
    const { recorded } = await openMaxSession(api, {
      credentials: JSON.stringify({ token: 'revoked', username: 'salon_bot' }),
    });
    await until(() => Promise.resolve(recorded.statuses.length > 1));
    expect(recorded.statuses.at(-1)).toEqual({ status: 'not_authenticated', reason: 'token_revoked' });
    expect(api.polls()).toEqual([]);
  });

  it('waits out MAX being down and then connects', async () => {
    api.fail('GET', '/me', { status: 502, json: { code: 'bad.gateway', message: 'down' } }, 2);
    const { session, recorded } = await openMaxSession(api, { credentials: storedCredentials(api) });
    await until(() => Promise.resolve(recorded.statuses.some((s) => s.status === 'authenticated')));
    expect(recorded.statuses).toEqual([
      { status: 'loading' },
      { status: 'loading' },
      { status: 'loading' },
      { status: 'authenticated', phone: 'salon_bot' },
    ]);
    expect(api.requests.filter((r) => r.path === '/me')).toHaveLength(3);
    await session.close();
  });

  it('logs out: forgets the credentials and stops polling', async () => {
    const { session, recorded } = await openMaxSession(api, { credentials: storedCredentials(api) });
    await until(() => Promise.resolve(api.polls().length > 0));
    await session.logout();
    expect(recorded.credentials).toEqual(['']);
    expect(recorded.statuses.at(-1)).toEqual({ status: 'not_authenticated', reason: 'logged_out' });
    const polls = api.polls().length;
    await new Promise((r) => setTimeout(r, 100));
    expect(api.polls()).toHaveLength(polls);
  });
});
