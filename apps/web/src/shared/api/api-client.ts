import type { TokenResponse } from '@salon/contract/auth';
import { TOKEN_RETRIES_DEFAULT } from '@salon/contract/constants';
import type { SessionStore } from '../session/session-store';
import { ApiError, BAD_RESPONSE_STATUS, NETWORK_ERROR_STATUS, statusForHttp, type ApiIssue } from './api-error';
import { decideRetry, type FailedAnswer } from './retry-policy';

// The three hosts of ARCHITECTURE.md "The three hosts".
export type ApiHost = 'main' | 'mailing' | 'ai';
// A list repeats its parameter (`statuses=a&statuses=b`), as the server's list filters read it.
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

// What checks an answer: a contract zod schema, or a zod-free guard with the same contract
// (public-config-guard.ts) where the login page's JS budget cannot carry zod.
export interface ResponseParser<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: { message: string } };
}

// The parser, or a loader of it. Calls the login page makes on a click pass loaders, so zod and
// the contract schemas arrive with the first answer instead of weighing down the page's first load.
export type ParserSource<T> = ResponseParser<T> | (() => Promise<ResponseParser<T>>);

export interface ApiRequest<T> {
  path: string;
  schema: ParserSource<T>;
  host?: ApiHost;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  // A plain object is sent as JSON; FormData as multipart.
  body?: unknown;
  // false for the sign-in calls: no bearer, no session params, and a 401 is an answer, not a cue to refresh.
  auth?: boolean;
  // Refresh-and-retry cycles allowed (SPEC 4: 3 for the accounts load, 1 elsewhere).
  retries?: number;
  signal?: AbortSignal;
}

export interface ApiClientDeps {
  baseUrls: Record<ApiHost, string>;
  fetch: typeof fetch;
  session: Pick<SessionStore, 'get' | 'update'>;
  // Schema of GET /upd_token (the contract's tokenResponse).
  tokenSchema: ParserSource<TokenResponse>;
  // The refresh token was refused: the session is over.
  onAuthLost: () => void;
  // Re-reads the tokens another tab may have stored (a no-op where there is one tab).
  syncTokens?: () => void;
  // Runs refreshes one at a time across clients and tabs (Web Locks); see refreshLock.
  lock?: (run: () => Promise<void>) => Promise<void>;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

export interface ApiClient {
  request<T>(request: ApiRequest<T>): Promise<T>;
  // Exposed so long-lived streams (AI file progress) can refresh the same way.
  refreshAccessToken(): Promise<void>;
}

interface Answer {
  httpStatus: number;
  body: unknown;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// Refresh tokens rotate and a spent one presented again ends the session (contract auth.ts), so
// two refreshes must never send the same token: not two clients of this tab (the upload client
// has its own), not two tabs. Web Locks cover both; without them, this tab's calls queue here.
let tabQueue: Promise<void> = Promise.resolve();
export async function refreshLock(run: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks) {
    await locks.request('salon.token-refresh', run);
    return;
  }
  const turn = tabQueue.then(run);
  tabQueue = turn.catch(() => undefined);
  await turn;
}

function buildUrl(base: string, path: string, query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value))
      for (const item of value as readonly (string | number)[]) params.append(key, String(item));
    else params.set(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  const search = params.toString();
  return `${base.replace(/\/$/, '')}${path}${search ? `?${search}` : ''}`;
}

// Answers are JSON; an empty or non-JSON body (a proxy's error page) reads as null.
function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function carriesIdentity(query: Record<string, QueryValue>, body: unknown): boolean {
  const has = (o: object) => 'acc_id' in o || 'user_id' in o;
  const plainBody = typeof body === 'object' && body !== null && !(body instanceof FormData);
  return has(query) || (plainBody && has(body));
}

// Reads the {ok:false, status, detail?} envelope of a failed answer (contract status.ts failSchema).
// Done by hand: every failed call passes here, and it must not need zod loaded.
function toFailedAnswer(answer: Answer): FailedAnswer {
  const body = answer.body;
  if (typeof body !== 'object' || body === null || !('status' in body) || typeof body.status !== 'string') {
    return { httpStatus: answer.httpStatus, status: null };
  }
  const detail = 'detail' in body && typeof body.detail === 'string' ? body.detail : undefined;
  const issues = 'issues' in body && Array.isArray(body.issues) ? body.issues.filter(isIssue) : [];
  return { httpStatus: answer.httpStatus, status: body.status, detail, issues };
}

function isIssue(value: unknown): value is ApiIssue {
  return (
    typeof value === 'object' &&
    value !== null &&
    'path' in value &&
    typeof value.path === 'string' &&
    'code' in value &&
    typeof value.code === 'string'
  );
}

function loadSchema<T>(source: ParserSource<T>): Promise<ResponseParser<T>> {
  const loading = typeof source === 'function' ? source() : Promise.resolve(source);
  const guarded = loading.catch(() => {
    throw new ApiError(NETWORK_ERROR_STATUS, 0);
  });
  // The call may fail before the schema is awaited; that must not surface as an unhandled rejection.
  guarded.catch(() => undefined);
  return guarded;
}

function isFailure(answer: Answer): boolean {
  const okFalse =
    typeof answer.body === 'object' && answer.body !== null && 'ok' in answer.body && answer.body.ok === false;
  return answer.httpStatus < 200 || answer.httpStatus >= 300 || okFalse;
}

function toError(failed: FailedAnswer): ApiError {
  return new ApiError(
    failed.status ?? statusForHttp(failed.httpStatus),
    failed.httpStatus,
    failed.detail,
    failed.issues,
  );
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const sleep = deps.sleep ?? defaultSleep;
  const random = deps.random ?? Math.random;
  // Concurrent 401s share one refresh call.
  let refreshInFlight: Promise<void> | null = null;

  async function send(url: string, init: RequestInit): Promise<Answer> {
    let response: Response;
    try {
      response = await deps.fetch(url, init);
    } catch (error) {
      if (init.signal?.aborted) throw error;
      throw new ApiError(NETWORK_ERROR_STATUS, 0);
    }
    const text = await response.text().catch(() => '');
    return { httpStatus: response.status, body: parseJson(text) };
  }

  function authLost(): ApiError {
    deps.onAuthLost();
    return new ApiError(statusForHttp(401), 401);
  }

  async function runRefresh(): Promise<void> {
    const startedWith = deps.session.get().refreshToken;
    await (deps.lock ?? refreshLock)(async () => {
      deps.syncTokens?.();
      const current = deps.session.get();
      // Another client or tab refreshed while this one waited: its tokens are already stored.
      if (current.refreshToken && current.refreshToken !== startedWith && current.accessToken) return;
      await sendRefresh(current.refreshToken);
    });
  }

  async function sendRefresh(refreshToken: string | null): Promise<void> {
    if (!refreshToken) throw authLost();
    const schema = loadSchema(deps.tokenSchema);
    const answer = await send(buildUrl(deps.baseUrls.main, '/upd_token', { token: refreshToken }), { method: 'GET' });
    if (isFailure(answer)) {
      // A refused refresh token ends the session; a server or network fault does not.
      if (answer.httpStatus === 401 || answer.httpStatus === 403) throw authLost();
      throw toError(toFailedAnswer(answer));
    }
    const parsed = (await schema).safeParse(answer.body);
    if (!parsed.success) throw new ApiError(BAD_RESPONSE_STATUS, answer.httpStatus, parsed.error.message);
    deps.session.update({ accessToken: parsed.data.token, refreshToken: parsed.data.refresh_token });
  }

  function refreshAccessToken(): Promise<void> {
    refreshInFlight ??= runRefresh().finally(() => {
      refreshInFlight = null;
    });
    return refreshInFlight;
  }

  async function request<T>(req: ApiRequest<T>): Promise<T> {
    const auth = req.auth ?? true;
    const maxRetries = req.retries ?? TOKEN_RETRIES_DEFAULT;
    const isForm = req.body instanceof FormData;
    const schema = loadSchema(req.schema);

    for (let attempt = 0; ; attempt += 1) {
      const current = deps.session.get();
      const query: Record<string, QueryValue> = { ...req.query };
      if (auth && !carriesIdentity(query, req.body)) {
        query.user_id ??= current.userId;
        if (current.accId !== null) {
          query.acc_id ??= current.accId;
          query.branch_id ??= current.branchId;
          query.s_a ??= current.sendOutAccount ? 1 : 0;
        }
      }
      const headers: Record<string, string> = { Accept: 'application/json' };
      const tokenUsed = auth ? current.accessToken : null;
      if (tokenUsed) headers.Authorization = `Bearer ${tokenUsed}`;
      if (req.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
      const init: RequestInit = { method: req.method ?? 'GET', headers };
      if (req.body !== undefined) init.body = isForm ? (req.body as FormData) : JSON.stringify(req.body);
      if (req.signal) init.signal = req.signal;

      const answer = await send(buildUrl(deps.baseUrls[req.host ?? 'main'], req.path, query), init);
      if (!isFailure(answer)) {
        const parsed = (await schema).safeParse(answer.body);
        if (!parsed.success) throw new ApiError(BAD_RESPONSE_STATUS, answer.httpStatus, parsed.error.message);
        return parsed.data;
      }

      const failed = toFailedAnswer(answer);
      const decision = decideRetry(failed, { attempt, maxRetries, authenticated: auth }, random);
      if (decision.action === 'fail') throw toError(failed);
      // Another call may have refreshed while this one was in flight; then its new token is enough.
      const latest = deps.session.get().accessToken;
      if (latest === null || latest === tokenUsed) await refreshAccessToken();
      if (decision.delayMs > 0) await sleep(decision.delayMs);
    }
  }

  return { request, refreshAccessToken };
}
