import { PaymentProviderError } from '../../provider.js';

// YooKassa's REST API v3 (yookassa.ru/developers/using-api): JSON over HTTPS, HTTP Basic auth with
// the shop id and secret key, an `Idempotence-Key` on every POST (a repeat with the same key answers
// the first result, so a retry can never pay twice). Errors answer
// `{type: 'error', id, code, description, parameter}`; 202 means "still processing, ask again with
// the same key".

export const YOOKASSA_API_URL = 'https://api.yookassa.ru/v3';

export interface YookassaClientOptions {
  shopId: string;
  secretKey: string;
  baseUrl?: string;
  // Per attempt, headers and body included.
  timeoutMs?: number;
  // Attempts per call, the first included.
  maxAttempts?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  fetch?: typeof fetch;
}

export interface YookassaCall {
  method: 'GET' | 'POST';
  // Below the base URL, e.g. `/payments/<id>`; callers encode the segments.
  path: string;
  body?: unknown;
  // Required on POST: kept the same over every retry of this call.
  idempotenceKey?: string;
}

type Attempt =
  { ok: true; status: number; json: unknown } | { ok: false; error: PaymentProviderError; waitMs?: number };

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class YookassaClient {
  readonly #baseUrl: string;
  readonly #auth: string;
  readonly #timeoutMs: number;
  readonly #maxAttempts: number;
  readonly #backoffBaseMs: number;
  readonly #backoffMaxMs: number;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #random: () => number;
  readonly #fetch: typeof fetch;

  constructor(options: YookassaClientOptions) {
    if (!options.shopId || !options.secretKey) throw new Error('YooKassa shop id and secret key are required');
    this.#baseUrl = (options.baseUrl ?? YOOKASSA_API_URL).replace(/\/+$/, '');
    this.#auth = `Basic ${Buffer.from(`${options.shopId}:${options.secretKey}`).toString('base64')}`;
    this.#timeoutMs = options.timeoutMs ?? 15_000;
    this.#maxAttempts = Math.max(1, options.maxAttempts ?? 4);
    this.#backoffBaseMs = options.backoffBaseMs ?? 500;
    this.#backoffMaxMs = options.backoffMaxMs ?? 10_000;
    this.#sleep = options.sleep ?? defaultSleep;
    this.#random = options.random ?? Math.random;
    this.#fetch = options.fetch ?? globalThis.fetch;
  }

  // The answer's JSON, or null for a 404 on a GET (an unknown object).
  async call(call: YookassaCall): Promise<unknown> {
    if (call.method === 'POST' && !call.idempotenceKey)
      throw new Error(`YooKassa POST ${call.path}: no idempotence key`);
    for (let attempt = 1; ; attempt++) {
      const result = await this.#attempt(call);
      if (result.ok) return result.status === 404 ? null : result.json;
      if (!result.error.retryable || attempt >= this.#maxAttempts) throw result.error;
      await this.#sleep(Math.min(this.#backoffMaxMs, result.waitMs ?? this.#backoff(attempt)));
    }
  }

  // Exponential with "equal jitter": between half and all of base * 2^(attempt-1), capped.
  #backoff(attempt: number): number {
    const ceiling = Math.min(this.#backoffMaxMs, this.#backoffBaseMs * 2 ** (attempt - 1));
    return Math.round(ceiling / 2 + (this.#random() * ceiling) / 2);
  }

  async #attempt(call: YookassaCall): Promise<Attempt> {
    const what = `YooKassa ${call.method} ${call.path}`;
    const headers: Record<string, string> = { authorization: this.#auth, accept: 'application/json' };
    if (call.idempotenceKey) headers['idempotence-key'] = call.idempotenceKey;
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    let text: string;
    try {
      response = await this.#fetch(`${this.#baseUrl}${call.path}`, {
        method: call.method,
        headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
      text = await response.text();
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      return timedOut
        ? { ok: false, error: new PaymentProviderError(`${what}: no answer in ${this.#timeoutMs} ms`, true, 'timeout') }
        : { ok: false, error: new PaymentProviderError(`${what}: ${reasonOf(err)}`, true, 'network') };
    }

    const status = response.status;
    let json: unknown;
    try {
      json = text.trim() === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (status === 200) {
      if (!isObject(json))
        return { ok: false, error: new PaymentProviderError(`${what}: not JSON`, true, 'bad_response') };
      return { ok: true, status, json };
    }
    if (status === 404 && call.method === 'GET') return { ok: true, status, json: null };
    const apiError = isObject(json) ? json : {};
    const code = typeof apiError.code === 'string' ? apiError.code : `http_${status}`;
    const description = typeof apiError.description === 'string' ? `: ${apiError.description}` : '';
    const parameter = typeof apiError.parameter === 'string' ? ` (${apiError.parameter})` : '';
    const message = `${what} answered ${status} ${code}${description}${parameter}`;
    // 202: the request is still being processed; the same key gets the outcome later.
    if (status === 202 || status === 429 || status >= 500) {
      const retryAfter = retryAfterMs(apiError.retry_after, response.headers.get('retry-after'));
      const retryCode = status === 202 ? 'processing' : status === 429 ? 'too_many_requests' : 'server_error';
      return {
        ok: false,
        error: new PaymentProviderError(message, true, retryCode),
        ...(retryAfter === undefined ? {} : { waitMs: retryAfter }),
      };
    }
    return { ok: false, error: new PaymentProviderError(message, false, code) };
  }
}

// YooKassa's 202 body gives `retry_after` in milliseconds; a Retry-After header is in seconds.
function retryAfterMs(bodyValue: unknown, header: string | null): number | undefined {
  if (typeof bodyValue === 'number' && Number.isFinite(bodyValue) && bodyValue >= 0) return bodyValue;
  if (header && /^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function reasonOf(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = (err as { cause?: unknown }).cause;
  return cause instanceof Error ? `${err.message} (${cause.message})` : err.message;
}
