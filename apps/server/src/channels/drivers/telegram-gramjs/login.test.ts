import { Api } from 'telegram';
import { describe, expect, it } from 'vitest';
import { FakeCloudPassword } from '../../../test-support/telegram-gramjs/fake-cloud-password.js';
import { type FakeTelegramClient, rpcError, user } from '../../../test-support/telegram-gramjs/fake-telegram-client.js';
import { API_HASH, API_ID, lastStatus, openSession } from '../../../test-support/telegram-gramjs/harness.js';

const anna = user({ id: 501, phone: '79161234567', firstName: 'Anna' });

function sentCode(hash = 'hash-1'): Api.auth.SentCode {
  return new Api.auth.SentCode({ type: new Api.auth.SentCodeTypeApp({ length: 5 }), phoneCodeHash: hash });
}

describe('telegram login by phone', () => {
  it('sends the code, signs in with it, then reports the session and the account', async () => {
    const { session, client, recorded } = await openSession();
    client.on(Api.auth.SendCode, () => sentCode('hash-abc'));
    client.on(Api.auth.SignIn, () => new Api.auth.Authorization({ user: anna }));

    await expect(session.login({ step: 'phone', phone: '+7 (916) 123-45-67' })).resolves.toEqual({
      result: 'code_sent',
    });
    const [sendCode] = client.requestsOf(Api.auth.SendCode);
    expect(sendCode).toMatchObject({ phoneNumber: '79161234567', apiId: API_ID, apiHash: API_HASH });

    await expect(session.login({ step: 'code', code: '12345' })).resolves.toEqual({ result: 'auth_success' });
    const [signIn] = client.requestsOf(Api.auth.SignIn);
    expect(signIn).toMatchObject({ phoneNumber: '79161234567', phoneCodeHash: 'hash-abc', phoneCode: '12345' });

    expect(recorded.credentials).toEqual([client.sessionString]);
    expect(recorded.credentials[0]).toMatch(/^fake-session:/);
    expect(lastStatus(recorded)).toEqual({ status: 'authenticated', phone: '79161234567' });
    // Updates (inbound, read receipts) start flowing once the session asked for the state.
    expect(client.requestsOf(Api.updates.GetState)).toHaveLength(1);
  });

  it('rejects a malformed number without asking Telegram', async () => {
    const { session, client } = await openSession();
    await expect(session.login({ step: 'phone', phone: '12345' })).resolves.toMatchObject({
      result: 'error',
      error: 'invalid_phone',
    });
    await expect(session.login({ step: 'phone', phone: '7916abc4567' })).resolves.toMatchObject({
      error: 'invalid_phone',
    });
    expect(client.requestsOf(Api.auth.SendCode)).toHaveLength(0);
  });

  it('maps PHONE_NUMBER_INVALID to invalid_phone', async () => {
    const { session, client } = await openSession();
    client.on(Api.auth.SendCode, rpcError('PHONE_NUMBER_INVALID'));
    await expect(session.login({ step: 'phone', phone: '79161234567' })).resolves.toMatchObject({
      result: 'error',
      error: 'invalid_phone',
    });
  });

  it('reports a flood wait with its duration', async () => {
    const { session, client } = await openSession();
    client.on(Api.auth.SendCode, rpcError('FLOOD_WAIT_37', 420));
    await expect(session.login({ step: 'phone', phone: '79161234567' })).resolves.toEqual({
      result: 'error',
      error: 'flood',
      retryAfterMs: 37_000,
      detail: 'FLOOD_WAIT_37',
    });
  });

  it('lets a wrong code be typed again with the same code hash', async () => {
    const { session, client, recorded } = await openSession();
    client.on(Api.auth.SendCode, () => sentCode('hash-1'));
    client.once(Api.auth.SignIn, rpcError('PHONE_CODE_INVALID'));
    client.on(Api.auth.SignIn, () => new Api.auth.Authorization({ user: anna }));

    await session.login({ step: 'phone', phone: '79161234567' });
    await expect(session.login({ step: 'code', code: '11111' })).resolves.toMatchObject({
      result: 'error',
      error: 'wrong_code',
    });
    expect(recorded.credentials).toEqual([]);
    await expect(session.login({ step: 'code', code: '22222' })).resolves.toEqual({ result: 'auth_success' });
    expect(client.requestsOf(Api.auth.SignIn).map((r) => r.phoneCodeHash)).toEqual(['hash-1', 'hash-1']);
  });

  it('reports an expired code and then asks for a new phone step', async () => {
    const { session, client } = await openSession();
    client.on(Api.auth.SendCode, () => sentCode());
    client.on(Api.auth.SignIn, rpcError('PHONE_CODE_EXPIRED'));

    await session.login({ step: 'phone', phone: '79161234567' });
    await expect(session.login({ step: 'code', code: '12345' })).resolves.toMatchObject({ error: 'code_expired' });
    // The code hash is spent: another code without a new phone step never reaches Telegram.
    await expect(session.login({ step: 'code', code: '12345' })).resolves.toMatchObject({ error: 'code_expired' });
    expect(client.requestsOf(Api.auth.SignIn)).toHaveLength(1);
  });

  it('refuses a number that has no Telegram account', async () => {
    const { session, client, recorded } = await openSession();
    client.on(Api.auth.SendCode, () => sentCode());
    client.on(Api.auth.SignIn, () => new Api.auth.AuthorizationSignUpRequired({}));
    await session.login({ step: 'phone', phone: '79161234567' });
    await expect(session.login({ step: 'code', code: '12345' })).resolves.toMatchObject({ error: 'invalid_phone' });
    expect(recorded.credentials).toEqual([]);
  });

  it('has no pairing codes', async () => {
    const { session } = await openSession();
    await expect(session.login({ step: 'pairing_code', phone: '79161234567' })).resolves.toMatchObject({
      result: 'error',
      error: 'not_supported',
    });
  });
});

describe('telegram login with a cloud password (2FA)', () => {
  function withPassword(client: FakeTelegramClient, cloud: FakeCloudPassword): void {
    client.on(Api.auth.SendCode, () => sentCode());
    client.on(Api.auth.SignIn, rpcError('SESSION_PASSWORD_NEEDED', 401));
    client.on(Api.account.GetPassword, () => cloud.parameters());
    client.on(Api.auth.CheckPassword, async (request) => {
      if (!(await cloud.accepts(request.password))) return rpcError('PASSWORD_HASH_INVALID')(request);
      return new Api.auth.Authorization({ user: anna });
    });
  }

  it('asks for the password after the code and signs in with an SRP proof', async () => {
    const { session, client, recorded } = await openSession();
    withPassword(client, new FakeCloudPassword('correct horse'));

    await session.login({ step: 'phone', phone: '79161234567' });
    await expect(session.login({ step: 'code', code: '12345' })).resolves.toEqual({ result: '2fa' });
    await expect(session.login({ step: 'password', password: 'correct horse' })).resolves.toEqual({
      result: 'auth_success',
    });

    const [check] = client.requestsOf(Api.auth.CheckPassword);
    // Only the proof travels, never the password.
    expect(check?.password).toBeInstanceOf(Api.InputCheckPasswordSRP);
    expect(JSON.stringify(check)).not.toContain('correct horse');
    expect(recorded.credentials).toEqual([client.sessionString]);
    expect(lastStatus(recorded)).toEqual({ status: 'authenticated', phone: '79161234567' });
  });

  it('reports a wrong password and accepts the right one next', async () => {
    const { session, client, recorded } = await openSession();
    withPassword(client, new FakeCloudPassword('correct horse'));

    await session.login({ step: 'phone', phone: '79161234567' });
    await session.login({ step: 'code', code: '12345' });
    await expect(session.login({ step: 'password', password: 'battery staple' })).resolves.toMatchObject({
      result: 'error',
      error: 'wrong_password',
    });
    expect(recorded.credentials).toEqual([]);
    await expect(session.login({ step: 'password', password: 'correct horse' })).resolves.toEqual({
      result: 'auth_success',
    });
    // Each attempt used fresh SRP parameters.
    expect(client.requestsOf(Api.account.GetPassword)).toHaveLength(2);
  });

  it('refuses a password step nobody asked for', async () => {
    const { session, client } = await openSession();
    await expect(session.login({ step: 'password', password: 'x' })).resolves.toMatchObject({ result: 'error' });
    expect(client.requestsOf(Api.account.GetPassword)).toHaveLength(0);
  });
});
