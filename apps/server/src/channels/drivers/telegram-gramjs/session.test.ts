import { Api } from 'telegram';
import { UpdateConnectionState } from 'telegram/network/index.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeTelegramClient, rpcError, user } from '../../../test-support/telegram-gramjs/fake-telegram-client.js';
import { flush, lastStatus, openSession } from '../../../test-support/telegram-gramjs/harness.js';

const anna = user({ id: 501, phone: '79161234567', firstName: 'Anna' });

describe('telegram session lifecycle', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens without credentials as not logged in, and stores nothing', async () => {
    const { recorded, client } = await openSession();
    expect(client.connectCalls).toBe(1);
    expect(recorded.statuses).toEqual([
      { status: 'loading' },
      { status: 'not_authenticated', reason: 'login_required' },
    ]);
    expect(recorded.credentials).toEqual([]);
  });

  it('reopens with the credentials a login reported as the same authenticated account', async () => {
    // Telegram's side: which sessions are logged in as whom.
    const authorized = new Map<string, Api.User>();
    const makeClient = (session: string) => {
      const client = new FakeTelegramClient(session, { me: authorized.get(session) ?? null });
      client.on(
        Api.auth.SendCode,
        () => new Api.auth.SentCode({ type: new Api.auth.SentCodeTypeApp({ length: 5 }), phoneCodeHash: 'h' }),
      );
      client.on(Api.auth.SignIn, () => {
        authorized.set(client.sessionString, anna);
        return new Api.auth.Authorization({ user: anna });
      });
      return client;
    };
    const first = await openSession({ client: makeClient });
    await first.session.login({ step: 'phone', phone: '79161234567' });
    await first.session.login({ step: 'code', code: '12345' });
    const [stored] = first.recorded.credentials;
    expect(stored).toBe(first.client.sessionString);
    await first.session.close();

    const second = await openSession({ client: makeClient, credentials: stored });

    expect(second.clients[0]?.sessionString).toBe(stored);
    expect(second.recorded.statuses).toEqual([
      { status: 'loading' },
      { status: 'authenticated', phone: '79161234567' },
    ]);
    // Nothing new to store: the session string did not change.
    expect(second.recorded.credentials).toEqual([]);
    await expect(second.session.login({ step: 'qr' })).resolves.toEqual({ result: 'auth_success' });
  });

  it('drops stored credentials that Telegram no longer accepts', async () => {
    const { recorded } = await openSession({ credentials: 'revoked-session' });
    expect(recorded.credentials).toEqual(['']);
    expect(lastStatus(recorded)).toEqual({ status: 'not_authenticated', reason: 'AUTH_KEY_UNREGISTERED' });
  });

  it('reports a banned account as blocked', async () => {
    const { recorded } = await openSession({
      credentials: 'banned-session',
      client: (session) =>
        new FakeTelegramClient(session).on(Api.users.GetUsers, rpcError('USER_DEACTIVATED_BAN', 401)),
    });
    expect(recorded.credentials).toEqual(['']);
    expect(lastStatus(recorded)).toEqual({ status: 'blocked', reason: 'USER_DEACTIVATED_BAN' });
  });

  it('starts logged out when the stored session cannot be parsed', async () => {
    const { recorded, clients } = await openSession({
      credentials: 'garbage',
      client: (session) => {
        if (session === 'garbage') throw new Error('Not a valid string');
        return new FakeTelegramClient(session);
      },
    });
    expect(clients).toHaveLength(1);
    expect(recorded.credentials).toEqual(['']);
    expect(lastStatus(recorded)).toEqual({ status: 'not_authenticated', reason: 'login_required' });
  });

  it('retries connecting with a backoff and waits for it before a login step', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { session, client, recorded } = await openSession({
      client: (session) => {
        const fake = new FakeTelegramClient(session);
        fake.connectResults = [false, false];
        return fake;
      },
    });
    expect(lastStatus(recorded)).toEqual({ status: 'loading', reason: 'connect_failed' });
    await expect(session.login({ step: 'qr' })).resolves.toMatchObject({ result: 'error', error: 'provider_error' });

    await vi.advanceTimersByTimeAsync(1_000);
    expect(client.connectCalls).toBe(2);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(client.connectCalls).toBe(3);
    expect(lastStatus(recorded)).toEqual({ status: 'not_authenticated', reason: 'login_required' });
    await session.close();
  });

  it('reports loading while GramJS reconnects an authenticated session', async () => {
    const { client, recorded } = await openSession({
      credentials: 'stored',
      client: (session) => new FakeTelegramClient(session, { me: anna }),
    });
    client.push(new UpdateConnectionState(UpdateConnectionState.disconnected));
    expect(lastStatus(recorded)).toEqual({ status: 'loading', reason: 'reconnecting' });
    client.push(new UpdateConnectionState(UpdateConnectionState.connected));
    expect(lastStatus(recorded)).toEqual({ status: 'authenticated', phone: '79161234567' });
  });

  it('logs out at Telegram and forgets the session', async () => {
    const { session, client, recorded } = await openSession({
      credentials: 'stored',
      client: (session) =>
        new FakeTelegramClient(session, { me: anna }).on(Api.auth.LogOut, () => new Api.auth.LoggedOut({})),
    });
    await session.logout();
    expect(client.requestsOf(Api.auth.LogOut)).toHaveLength(1);
    expect(recorded.credentials).toEqual(['']);
    expect(lastStatus(recorded)).toEqual({ status: 'not_authenticated', reason: 'logged_out' });
  });

  it('closes without logging out', async () => {
    const { session, client, recorded } = await openSession({
      credentials: 'stored',
      client: (session) => new FakeTelegramClient(session, { me: anna }),
    });
    await session.close();
    await flush();
    expect(client.destroyed).toBe(true);
    expect(client.requestsOf(Api.auth.LogOut)).toHaveLength(0);
    expect(recorded.credentials).toEqual([]);
    await expect(
      session.send({ idempotencyKey: 'k', to: '79161234567', text: 'x', media: null }),
    ).resolves.toMatchObject({
      ok: false,
      failure: 'not_connected',
    });
  });
});
