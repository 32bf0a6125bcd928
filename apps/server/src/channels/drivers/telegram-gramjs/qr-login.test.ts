import { Api } from 'telegram';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeCloudPassword } from '../../../test-support/telegram-gramjs/fake-cloud-password.js';
import { type FakeTelegramClient, rpcError, user } from '../../../test-support/telegram-gramjs/fake-telegram-client.js';
import { API_HASH, API_ID, flush, lastStatus, openSession } from '../../../test-support/telegram-gramjs/harness.js';

const anna = user({ id: 501, phone: '79161234567', firstName: 'Anna' });

// Bytes whose plain base64 has '+', '/' and '=' padding, so the URL-safe encoding shows.
const TOKEN_1 = Buffer.from([0xfb, 0xff, 0xfe, 0x01, 0x02]);
const TOKEN_2 = Buffer.from([0x10, 0x20, 0x30, 0x40]);

// Issues tokens that expire 30 s from the (fake) clock, one per export, until `accepted` is set.
function scriptTokens(client: FakeTelegramClient, tokens: Buffer[]): { accept(result: Api.auth.TypeLoginToken): void } {
  let issued = 0;
  let accepted: Api.auth.TypeLoginToken | null = null;
  client.on(Api.auth.ExportLoginToken, () => {
    if (accepted) return accepted;
    const token = tokens[Math.min(issued, tokens.length - 1)] ?? TOKEN_1;
    issued += 1;
    return new Api.auth.LoginToken({ expires: Math.floor(Date.now() / 1000) + 30, token });
  });
  return {
    accept: (result) => {
      accepted = result;
    },
  };
}

describe('telegram QR login', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-01-15T09:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('returns a tg://login link with the token in base64url and its expiry', async () => {
    const { session, client, recorded } = await openSession();
    scriptTokens(client, [TOKEN_1]);

    const result = await session.login({ step: 'qr' });

    expect(result).toEqual({
      result: 'qr',
      qr: 'tg://login?token=-__-AQI',
      expiresAt: new Date('2026-01-15T09:00:30Z'),
    });
    const [exported] = client.requestsOf(Api.auth.ExportLoginToken);
    expect(exported).toMatchObject({ apiId: API_ID, apiHash: API_HASH, exceptIds: [] });
    expect(recorded.qrs).toEqual([{ value: 'tg://login?token=-__-AQI', expiresAt: new Date('2026-01-15T09:00:30Z') }]);
    expect(lastStatus(recorded)).toEqual({ status: 'got qr code' });
    await session.close();
  });

  it('refreshes the token when it expires until the scan, then signs in', async () => {
    const { session, client, recorded } = await openSession();
    const tokens = scriptTokens(client, [TOKEN_1, TOKEN_2]);
    await session.login({ step: 'qr' });

    await vi.advanceTimersByTimeAsync(29_000);
    expect(client.requestsOf(Api.auth.ExportLoginToken)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(client.requestsOf(Api.auth.ExportLoginToken)).toHaveLength(2);
    expect(recorded.qrs.map((q) => q.value)).toEqual([
      `tg://login?token=${TOKEN_1.toString('base64url')}`,
      `tg://login?token=${TOKEN_2.toString('base64url')}`,
    ]);
    expect(recorded.qrs[1]?.expiresAt).toEqual(new Date('2026-01-15T09:01:00Z'));

    // The phone scanned it: Telegram says so with UpdateLoginToken; exporting again yields the login.
    tokens.accept(new Api.auth.LoginTokenSuccess({ authorization: new Api.auth.Authorization({ user: anna }) }));
    client.push(new Api.UpdateLoginToken());
    await flush();

    expect(recorded.credentials).toEqual([client.sessionString]);
    expect(lastStatus(recorded)).toEqual({ status: 'authenticated', phone: '79161234567' });
    // No refreshes after success.
    const exports = client.requestsOf(Api.auth.ExportLoginToken).length;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(client.requestsOf(Api.auth.ExportLoginToken)).toHaveLength(exports);
    await session.close();
  });

  it('imports the token on the data centre of the account when redirected', async () => {
    const { session, client, recorded } = await openSession();
    const tokens = scriptTokens(client, [TOKEN_1]);
    client.on(Api.auth.ImportLoginToken, (request) => {
      expect(client.switchedTo).toEqual([4]);
      expect(request.token).toEqual(Buffer.from('dc4-token'));
      return new Api.auth.LoginTokenSuccess({ authorization: new Api.auth.Authorization({ user: anna }) });
    });
    await session.login({ step: 'qr' });

    tokens.accept(new Api.auth.LoginTokenMigrateTo({ dcId: 4, token: Buffer.from('dc4-token') }));
    client.push(new Api.UpdateLoginToken());
    await flush();

    expect(client.requestsOf(Api.auth.ImportLoginToken)).toHaveLength(1);
    // The session to keep is the one on the new data centre.
    expect(recorded.credentials).toEqual([client.sessionString]);
    expect(client.sessionString).toMatch(/^fake-session:dc4:/);
    expect(lastStatus(recorded)).toEqual({ status: 'authenticated', phone: '79161234567' });
    await session.close();
  });

  it('reports that a scanned account needs its password, then takes it', async () => {
    const { session, client, recorded } = await openSession();
    const cloud = new FakeCloudPassword('secret');
    scriptTokens(client, [TOKEN_1]);
    client.on(Api.account.GetPassword, () => cloud.parameters());
    client.on(Api.auth.CheckPassword, async (request) =>
      (await cloud.accepts(request.password))
        ? new Api.auth.Authorization({ user: anna })
        : rpcError('PASSWORD_HASH_INVALID')(request),
    );
    await session.login({ step: 'qr' });

    client.on(Api.auth.ExportLoginToken, rpcError('SESSION_PASSWORD_NEEDED', 401));
    client.push(new Api.UpdateLoginToken());
    await flush();

    expect(lastStatus(recorded)).toEqual({ status: 'not_authenticated', reason: '2fa' });
    expect(recorded.credentials).toEqual([]);
    // No more token refreshes while the password is pending.
    const exports = client.requestsOf(Api.auth.ExportLoginToken).length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(client.requestsOf(Api.auth.ExportLoginToken)).toHaveLength(exports);

    vi.useRealTimers();
    await expect(session.login({ step: 'password', password: 'secret' })).resolves.toEqual({ result: 'auth_success' });
    expect(recorded.credentials).toEqual([client.sessionString]);
    expect(lastStatus(recorded)).toEqual({ status: 'authenticated', phone: '79161234567' });
  });

  it('stops refreshing an unscanned QR after about five minutes', async () => {
    const { session, client, recorded } = await openSession();
    scriptTokens(client, [TOKEN_1]);
    await session.login({ step: 'qr' });

    await vi.advanceTimersByTimeAsync(30_000 * 12);

    expect(client.requestsOf(Api.auth.ExportLoginToken)).toHaveLength(11);
    expect(recorded.qrs).toHaveLength(10);
    expect(lastStatus(recorded)).toEqual({ status: 'not_authenticated', reason: 'qr_expired' });
    await session.close();
  });

  it('stops refreshing when the user switches to the phone login', async () => {
    const { session, client } = await openSession();
    scriptTokens(client, [TOKEN_1]);
    client.on(
      Api.auth.SendCode,
      () => new Api.auth.SentCode({ type: new Api.auth.SentCodeTypeSms({ length: 5 }), phoneCodeHash: 'h' }),
    );
    await session.login({ step: 'qr' });
    await session.login({ step: 'phone', phone: '79161234567' });

    await vi.advanceTimersByTimeAsync(120_000);
    expect(client.requestsOf(Api.auth.ExportLoginToken)).toHaveLength(1);
    await session.close();
  });
});
