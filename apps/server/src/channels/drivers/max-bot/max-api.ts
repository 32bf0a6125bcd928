import { AsyncLocalStorage } from 'node:async_hooks';
import { Bot, type Api } from '@maxhub/max-bot-api';

// The official client's Api over one bot token. Only `bot.api` is used: Bot.start() sets
// process.exitCode and rethrows on a handler error, and its polling gives up on a 4xx; the session
// runs its own loop instead.

export interface MaxApiOptions {
  baseUrl: string;
  fetch?: typeof fetch;
}

const DEFAULT_RETRY_AFTER_MS = 1000;

// The library reads only the body of an error answer, so a 429's Retry-After header is picked up
// here, in the fetch it calls, for the call running inside `withRetryAfter`.
const retryAfterScope = new AsyncLocalStorage<{ ms: number | null }>();

export function createMaxApi(token: string, options: MaxApiOptions): Api {
  const baseFetch = options.fetch ?? globalThis.fetch;
  const recordingFetch: typeof fetch = async (input, init) => {
    const response = await baseFetch(input, init);
    const scope = retryAfterScope.getStore();
    if (scope && response.status === 429) scope.ms = parseRetryAfter(response.headers.get('retry-after'));
    return response;
  };
  return new Bot(token, { clientOptions: { baseUrl: options.baseUrl, fetch: recordingFetch } }).api;
}

// Runs one API call and tells how long a 429 in it asked us to wait (1 s when it did not say).
export async function withRetryAfter<T>(
  call: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; error: unknown; retryAfterMs: number }> {
  const scope = { ms: null as number | null };
  try {
    return { ok: true, value: await retryAfterScope.run(scope, call) };
  } catch (error) {
    return { ok: false, error, retryAfterMs: scope.ms ?? DEFAULT_RETRY_AFTER_MS };
  }
}

function parseRetryAfter(value: string | null): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}
