import { describe, expect, it, vi } from 'vitest';
import { tokenResponse } from '@salon/contract/auth';
import { okSchema } from '@salon/contract/status';
import { createMemoryStorage } from '../session/key-value-storage';
import { createSessionStore } from '../session/session-store';
import { createApiClient } from './api-client';
import { ApiError, failureCodes } from './api-error';

type Reply = { status: number; body: unknown };
type Route = (url: URL, init: RequestInit) => Reply | Promise<Reply>;

function setup(route: Route, extra: Partial<Parameters<typeof createApiClient>[0]> = {}) {
  const session = createSessionStore(createMemoryStorage());
  session.update({
    authenticated: true,
    userId: '123456',
    accId: 7,
    branchId: 70,
    sendOutAccount: false,
    accessToken: 'old',
    refreshToken: 'refresh-token-of-at-least-20',
  });
  const calls: { url: URL; init: RequestInit }[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://test');
    calls.push({ url, init });
    const reply = await route(url, init);
    return new Response(JSON.stringify(reply.body), { status: reply.status });
  });
  const onAuthLost = vi.fn(() => session.clear());
  const sleep = vi.fn(async () => {});
  const client = createApiClient({
    baseUrls: { main: '/api', mailing: '/api/mailing', ai: '/api/ai' },
    fetch: fetchImpl as typeof fetch,
    session,
    tokenSchema: tokenResponse,
    onAuthLost,
    sleep,
    random: () => 0.5,
    ...extra,
  });
  const authOf = (i: number) => new Headers(calls[i]?.init.headers).get('Authorization');
  return { session, calls, client, onAuthLost, sleep, authOf };
}

const ok = { status: 200, body: { ok: true } };
const newToken = {
  status: 200,
  body: { ok: true, token: 'new', expires_in: 900, refresh_token: 'rotated-refresh-token-1' },
};
const unauthorized = { status: 401, body: { ok: false, status: 'Unauthorized' } };

describe('api client', () => {
  it('adds the bearer token and the session params', async () => {
    const { client, calls, authOf } = setup(() => ok);
    await client.request({ path: '/dashboard/review', schema: okSchema, query: { page: 2 } });
    const params = Object.fromEntries(calls[0]!.url.searchParams);
    expect(params).toEqual({ page: '2', user_id: '123456', acc_id: '7', branch_id: '70', s_a: '0' });
    expect(authOf(0)).toBe('Bearer old');
  });

  it('adds no session params when the call names acc_id or user_id itself', async () => {
    const { client, calls } = setup(() => ok);
    await client.request({ path: '/x', schema: okSchema, query: { acc_id: 9 } });
    await client.request({ path: '/y', schema: okSchema, method: 'POST', body: { user_id: '555555' } });
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({ acc_id: '9' });
    expect(Object.fromEntries(calls[1]!.url.searchParams)).toEqual({});
  });

  it('repeats a parameter for each item of a list', async () => {
    const { client, calls } = setup(() => ok);
    await client.request({ path: '/x', schema: okSchema, query: { statuses: ['Возврат', 'Начислено'], page: 1 } });
    expect(calls[0]!.url.searchParams.getAll('statuses')).toEqual(['Возврат', 'Начислено']);
    expect(calls[0]!.url.searchParams.get('page')).toBe('1');
  });

  it('uses the host base url', async () => {
    const { client, calls } = setup(() => ok);
    await client.request({ host: 'mailing', path: '/calendar', schema: okSchema });
    expect(calls[0]!.url.pathname).toBe('/api/mailing/calendar');
  });

  it('throws ok:false answers as ApiError with status and detail', async () => {
    const { client } = setup(() => ({ status: 400, body: { ok: false, status: 'Bad request', detail: 'x' } }));
    const error = await client.request({ path: '/x', schema: okSchema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 'Bad request', httpStatus: 400, detail: 'x' });
  });

  it('keeps the field issues of a rejected body and drops malformed ones', async () => {
    const issues = [{ path: 'body.inn', code: 'INN_NOT_VALID' }, { path: 3 }, 'x'];
    const { client } = setup(() => ({ status: 400, body: { ok: false, status: 'Bad request', issues } }));
    const error = await client.request({ path: '/x', schema: okSchema }).catch((e: unknown) => e);
    expect(error).toMatchObject({ issues: [{ path: 'body.inn', code: 'INN_NOT_VALID' }] });
    expect(failureCodes(error)).toEqual([
      { field: '', code: 'Bad request' },
      { field: 'inn', code: 'INN_NOT_VALID' },
    ]);
  });

  it('turns a failed fetch into a network ApiError', async () => {
    const { client } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(client.request({ path: '/x', schema: okSchema })).rejects.toMatchObject({
      httpStatus: 0,
      status: 'Network error',
    });
  });

  it('accepts a lazily loaded schema', async () => {
    const { client } = setup(() => ok);
    await expect(client.request({ path: '/x', schema: () => Promise.resolve(okSchema) })).resolves.toEqual({
      ok: true,
    });
  });

  it('reports a schema that fails to load as a network error', async () => {
    const { client } = setup(() => ok);
    const schema = () => Promise.reject(new Error('chunk load failed'));
    await expect(client.request({ path: '/x', schema })).rejects.toMatchObject({
      status: 'Network error',
      httpStatus: 0,
    });
  });

  it('rejects answers that do not match the schema', async () => {
    const { client } = setup(() => ({ status: 200, body: { ok: 'yes' } }));
    await expect(client.request({ path: '/x', schema: okSchema })).rejects.toMatchObject({ status: 'Bad response' });
  });

  it('refreshes the token on 401 and retries with the new one', async () => {
    const { client, calls, session, authOf } = setup((url, init) => {
      if (url.pathname === '/api/upd_token') return newToken;
      return new Headers(init.headers).get('Authorization') === 'Bearer new' ? ok : unauthorized;
    });
    await expect(client.request({ path: '/x', schema: okSchema })).resolves.toEqual({ ok: true });
    expect(calls.map((c) => c.url.pathname)).toEqual(['/api/x', '/api/upd_token', '/api/x']);
    expect(calls[1]!.url.searchParams.get('token')).toBe('refresh-token-of-at-least-20');
    expect(authOf(2)).toBe('Bearer new');
    expect(session.get().accessToken).toBe('new');
  });

  it('does not refresh on Access denied', async () => {
    const { client, calls } = setup(() => ({ status: 403, body: { ok: false, status: 'Access denied' } }));
    await expect(client.request({ path: '/x', schema: okSchema })).rejects.toMatchObject({ status: 'Access denied' });
    expect(calls).toHaveLength(1);
  });

  it('retries once by default and as often as asked', async () => {
    const once = setup((url) => (url.pathname === '/api/upd_token' ? newToken : unauthorized));
    await expect(once.client.request({ path: '/x', schema: okSchema })).rejects.toMatchObject({ httpStatus: 401 });
    expect(once.calls.filter((c) => c.url.pathname === '/api/x')).toHaveLength(2);

    let token = 0;
    const thrice = setup((url) =>
      url.pathname === '/api/upd_token'
        ? {
            status: 200,
            body: { ok: true, token: `t${++token}`, expires_in: 1, refresh_token: `rotated-refresh-token-${token}` },
          }
        : unauthorized,
    );
    await expect(thrice.client.request({ path: '/accounts', schema: okSchema, retries: 3 })).rejects.toMatchObject({
      httpStatus: 401,
    });
    expect(thrice.calls.filter((c) => c.url.pathname === '/api/accounts')).toHaveLength(4);
  });

  it('waits silently before retrying an expired token', async () => {
    let first = true;
    const { client, sleep } = setup((url) => {
      if (url.pathname === '/api/upd_token') return newToken;
      if (first) {
        first = false;
        return { status: 401, body: { ok: false, status: 'Expired token', detail: 'token_expired' } };
      }
      return ok;
    });
    await expect(client.request({ path: '/x', schema: okSchema })).resolves.toEqual({ ok: true });
    expect(sleep).toHaveBeenCalledWith(200);
  });

  it('shares one refresh between concurrent 401s', async () => {
    const { client, calls } = setup((url, init) => {
      if (url.pathname === '/api/upd_token') return new Promise<Reply>((r) => setTimeout(() => r(newToken), 5));
      return new Headers(init.headers).get('Authorization') === 'Bearer new' ? ok : unauthorized;
    });
    await Promise.all([1, 2, 3].map((i) => client.request({ path: `/x${i}`, schema: okSchema })));
    expect(calls.filter((c) => c.url.pathname === '/api/upd_token')).toHaveLength(1);
  });

  it('keeps the rotated refresh token and sends it on the next refresh', async () => {
    let n = 0;
    // The access token the server takes; '' once it expired.
    let valid = '';
    const { client, calls, session } = setup((url, init) => {
      if (url.pathname === '/api/upd_token') {
        valid = `new${++n}`;
        return {
          status: 200,
          body: { ok: true, token: valid, expires_in: 900, refresh_token: `rotated-refresh-token-${n}` },
        };
      }
      return new Headers(init.headers).get('Authorization') === `Bearer ${valid}` ? ok : unauthorized;
    });
    await client.request({ path: '/x', schema: okSchema });
    expect(session.get().refreshToken).toBe('rotated-refresh-token-1');
    valid = '';
    await client.request({ path: '/x', schema: okSchema });
    const sent = calls.filter((c) => c.url.pathname === '/api/upd_token').map((c) => c.url.searchParams.get('token'));
    expect(sent).toEqual(['refresh-token-of-at-least-20', 'rotated-refresh-token-1']);
  });

  it('refreshes once when two clients of one session hit a 401 together', async () => {
    const route: Route = (url, init) => {
      if (url.pathname === '/api/upd_token') return new Promise<Reply>((r) => setTimeout(() => r(newToken), 5));
      return new Headers(init.headers).get('Authorization') === 'Bearer new' ? ok : unauthorized;
    };
    const first = setup(route);
    // The upload client: its own instance over the same session and network.
    const second = createApiClient({
      baseUrls: { main: '/api', mailing: '/api/mailing', ai: '/api/ai' },
      fetch: (async (input: RequestInfo | URL, init: RequestInit = {}) => {
        const url = new URL(String(input), 'http://test');
        first.calls.push({ url, init });
        const reply = await route(url, init);
        return new Response(JSON.stringify(reply.body), { status: reply.status });
      }) as typeof fetch,
      session: first.session,
      tokenSchema: tokenResponse,
      onAuthLost: () => first.session.clear(),
      sleep: async () => {},
      random: () => 0.5,
    });
    await Promise.all([
      first.client.request({ path: '/a', schema: okSchema }),
      second.request({ path: '/b', schema: okSchema }),
    ]);
    expect(first.calls.filter((c) => c.url.pathname === '/api/upd_token')).toHaveLength(1);
  });

  it('takes the tokens another tab refreshed meanwhile instead of spending the old refresh token', async () => {
    const { client, calls, session, authOf } = setup(
      (url, init) => {
        if (url.pathname === '/api/upd_token') return newToken;
        return new Headers(init.headers).get('Authorization') === 'Bearer from-other-tab' ? ok : unauthorized;
      },
      {
        // The other tab held the lock and stored its rotation before this one got it.
        lock: async (run) => {
          session.update({ accessToken: 'from-other-tab', refreshToken: 'rotated-by-other-tab-0001' });
          await run();
        },
      },
    );
    await expect(client.request({ path: '/x', schema: okSchema })).resolves.toEqual({ ok: true });
    expect(calls.filter((c) => c.url.pathname === '/api/upd_token')).toHaveLength(0);
    expect(authOf(1)).toBe('Bearer from-other-tab');
  });

  it('ends the session when the refresh token is refused', async () => {
    const { client, onAuthLost, session } = setup((url) =>
      url.pathname === '/api/upd_token' ? { status: 401, body: { ok: false, status: 'Unauthorized' } } : unauthorized,
    );
    await expect(client.request({ path: '/x', schema: okSchema })).rejects.toMatchObject({ httpStatus: 401 });
    expect(onAuthLost).toHaveBeenCalledOnce();
    expect(session.get().authenticated).toBe(false);
  });

  it('keeps the session when the refresh fails for a server fault', async () => {
    const { client, onAuthLost } = setup((url) =>
      url.pathname === '/api/upd_token' ? { status: 500, body: { ok: false, status: 'Internal error' } } : unauthorized,
    );
    await expect(client.request({ path: '/x', schema: okSchema })).rejects.toMatchObject({ status: 'Internal error' });
    expect(onAuthLost).not.toHaveBeenCalled();
  });

  it('sends unauthenticated calls bare and never refreshes them', async () => {
    const { client, calls, authOf } = setup(() => ({
      status: 401,
      body: { ok: false, status: 'Wrong pin', detail: '3' },
    }));
    const call = client.request({
      path: '/tg/check_pin',
      method: 'POST',
      query: { pin: '1234' },
      body: { user_id: '123456' },
      auth: false,
      schema: okSchema,
    });
    await expect(call).rejects.toMatchObject({ status: 'Wrong pin', detail: '3' });
    expect(calls).toHaveLength(1);
    expect(authOf(0)).toBeNull();
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({ pin: '1234' });
  });
});
