import { systemTimer, TokenBucket, type Timer } from './token-bucket.js';

// The YCLIENTS REST API (docs/yclients_official/yclientsru.apib): JSON over HTTPS, answers
// `{success, data, meta}`, failures `{success: false, data: null, meta: {message, errors}}` (some
// endpoints `{error_code, error_message}`), 5 requests a second per IP.

export const YCLIENTS_API_URL = 'https://api.yclients.com/api/v1';
export const YCLIENTS_ACCEPT = 'application/vnd.yclients.v2+json';
export const YCLIENTS_REQUESTS_PER_SECOND = 5;

export type YclientsErrorCode =
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'rate_limited'
  | 'server_error'
  | 'rejected'
  | 'timeout'
  | 'network'
  | 'bad_response'
  | 'not_connected';

export class YclientsError extends Error {
  constructor(
    readonly code: YclientsErrorCode,
    message: string,
    readonly httpStatus: number | undefined,
    // Whether the same request may succeed later; the client has already retried those it could.
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'YclientsError';
  }
}

// 401/403: the partner or user token is wrong, revoked or lacks the right (YCLIENTS also answers 403
// when the company's licence has run out). Retrying cannot help; the branch must be reconnected.
export class YclientsAuthError extends YclientsError {
  constructor(code: 'unauthorized' | 'forbidden', message: string, httpStatus: number) {
    super(code, message, httpStatus, false);
    this.name = 'YclientsAuthError';
  }
}

export interface YclientsClientOptions {
  partnerToken: string;
  baseUrl?: string;
  // Per attempt, headers and body included.
  timeoutMs?: number;
  // Attempts per request, the first included.
  maxAttempts?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  // A longer Retry-After is not slept through: the request fails (retryable) and the caller's own
  // schedule (the inbox, the poll) tries again later.
  maxRetryAfterMs?: number;
  timer?: Timer;
  // Shared by every request of this client; defaults to YCLIENTS' 5 requests a second.
  limiter?: TokenBucket;
  random?: () => number;
  fetch?: typeof fetch;
}

export interface YclientsRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  // Below the base URL, e.g. `/record/4564/2`; callers encode the segments.
  path: string;
  // An array repeats its key (`service_ids[]=1&service_ids[]=2`, as the Blueprint's arrays go).
  query?: Record<string, string | number | readonly (string | number)[] | undefined>;
  body?: unknown;
  // The branch's user token; without it only partner-level calls work.
  userToken?: string | null;
}

export interface YclientsReply {
  status: number;
  data: unknown;
  meta: unknown;
}

type Attempt = { ok: true; reply: YclientsReply } | { ok: false; error: YclientsError; retryAfterMs?: number };

// One client per process: every branch's calls share its rate limiter.
export class YclientsClient {
  readonly #baseUrl: string;
  readonly #timer: Timer;
  readonly #limiter: TokenBucket;
  readonly #fetch: typeof fetch;
  readonly #random: () => number;
  readonly #timeoutMs: number;
  readonly #maxAttempts: number;
  readonly #backoffBaseMs: number;
  readonly #backoffMaxMs: number;
  readonly #maxRetryAfterMs: number;

  constructor(private readonly options: YclientsClientOptions) {
    if (!options.partnerToken) throw new Error('YCLIENTS partner token is required');
    this.#baseUrl = (options.baseUrl ?? YCLIENTS_API_URL).replace(/\/+$/, '');
    this.#timer = options.timer ?? systemTimer;
    this.#limiter = options.limiter ?? new TokenBucket({ perSecond: YCLIENTS_REQUESTS_PER_SECOND }, this.#timer);
    this.#fetch = options.fetch ?? globalThis.fetch;
    this.#random = options.random ?? Math.random;
    this.#timeoutMs = options.timeoutMs ?? 15_000;
    this.#maxAttempts = Math.max(1, options.maxAttempts ?? 5);
    this.#backoffBaseMs = options.backoffBaseMs ?? 500;
    this.#backoffMaxMs = options.backoffMaxMs ?? 30_000;
    this.#maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
  }

  async request(request: YclientsRequest): Promise<YclientsReply> {
    for (let attempt = 1; ; attempt++) {
      await this.#limiter.take();
      const result = await this.#attempt(request);
      if (result.ok) return result.reply;
      const { error } = result;
      if (!error.retryable || attempt >= this.#maxAttempts) throw error;
      const delay = result.retryAfterMs ?? this.#backoff(attempt);
      if (delay > this.#maxRetryAfterMs) throw error;
      await this.#timer.sleep(delay);
    }
  }

  // Exponential, with "equal jitter": between half and all of base * 2^(attempt-1), capped.
  #backoff(attempt: number): number {
    const ceiling = Math.min(this.#backoffMaxMs, this.#backoffBaseMs * 2 ** (attempt - 1));
    return Math.round(ceiling / 2 + (this.#random() * ceiling) / 2);
  }

  #headers(request: YclientsRequest): Record<string, string> {
    const auth = request.userToken
      ? `Bearer ${this.options.partnerToken}, User ${request.userToken}`
      : `Bearer ${this.options.partnerToken}`;
    const headers: Record<string, string> = { accept: YCLIENTS_ACCEPT, authorization: auth };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    return headers;
  }

  #url(request: YclientsRequest): string {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(request.query ?? {})) {
      if (Array.isArray(value)) for (const v of value) query.append(key, String(v));
      else if (value !== undefined) query.set(key, String(value));
    }
    const search = query.toString();
    return `${this.#baseUrl}${request.path}${search ? `?${search}` : ''}`;
  }

  async #attempt(request: YclientsRequest): Promise<Attempt> {
    const what = `${request.method} ${request.path}`;
    let response: Response;
    let text: string;
    try {
      response = await this.#fetch(this.#url(request), {
        method: request.method,
        headers: this.#headers(request),
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
      text = await response.text();
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      const error = timedOut
        ? new YclientsError('timeout', `YCLIENTS ${what}: no answer in ${this.#timeoutMs} ms`, undefined, true)
        : new YclientsError('network', `YCLIENTS ${what}: ${reasonOf(err)}`, undefined, true);
      return { ok: false, error };
    }

    const status = response.status;
    let json: unknown;
    try {
      json = text.trim() === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    const message = `YCLIENTS ${what} answered ${status}${errorText(json)}`;

    if (status >= 200 && status < 300) {
      if (json === undefined) {
        if (text.trim() !== '')
          return { ok: false, error: new YclientsError('bad_response', `${message}: not JSON`, status, false) };
        return { ok: true, reply: { status, data: null, meta: null } };
      }
      if (isObject(json) && json.success === false) {
        return { ok: false, error: new YclientsError('rejected', message, status, false) };
      }
      // Documented answers are `{success, data, meta}`; a few examples show the bare entity.
      if (isObject(json) && 'data' in json)
        return { ok: true, reply: { status, data: json.data, meta: json.meta ?? null } };
      return { ok: true, reply: { status, data: json, meta: null } };
    }
    if (status === 401) return { ok: false, error: new YclientsAuthError('unauthorized', message, status) };
    if (status === 403) return { ok: false, error: new YclientsAuthError('forbidden', message, status) };
    if (status === 404) return { ok: false, error: new YclientsError('not_found', message, status, false) };
    if (status === 429) {
      return {
        ok: false,
        error: new YclientsError('rate_limited', message, status, true),
        retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
      };
    }
    if (status >= 500) {
      return {
        ok: false,
        error: new YclientsError('server_error', message, status, true),
        retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
      };
    }
    return { ok: false, error: new YclientsError('rejected', message, status, false) };
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function reasonOf(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = (err as Error & { cause?: unknown }).cause;
  return cause instanceof Error ? `${err.message} (${cause.message})` : err.message;
}

// The reason YCLIENTS gave, if any: `meta.message`, or `error_message` on the older endpoints.
function errorText(json: unknown): string {
  if (!isObject(json)) return '';
  const meta = json.meta;
  const text = isObject(meta) && typeof meta.message === 'string' ? meta.message : json.error_message;
  return typeof text === 'string' && text !== '' ? `: ${text}` : '';
}

// Seconds, or an HTTP date.
function retryAfterMs(value: string | null): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}
