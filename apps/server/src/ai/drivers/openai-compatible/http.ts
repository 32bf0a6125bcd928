// One chat-completions request with the retry rules: a time-out per attempt, up to `maxAttempts`
// attempts on network errors, 429 and 5xx with exponential backoff and jitter (Retry-After wins
// when the server sends it). A time-out is not retried: the client has already waited the whole
// budget, and a person answers better than a second wait. Anything else (400, 401…) is a
// configuration or protocol fault that retrying cannot fix.

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | null;
  tool_call_id?: string;
  tool_calls?: ToolCall[];
}

export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface ChatChoice {
  message: { role: 'assistant'; content: string | null; tool_calls?: ToolCall[] };
  finish_reason: string | null;
}

export interface HttpOptions {
  baseUrl: string;
  apiKey?: string;
  timeoutMs: number;
  maxAttempts: number;
  backoffBaseMs: number;
  // A longer Retry-After is not slept through: the client would be left waiting.
  maxRetryAfterMs: number;
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
}

export type ChatResult = { ok: true; choice: ChatChoice } | { ok: false; failure: string };

function retryAfterMs(value: string | null): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

function isTimeout(err: unknown): boolean {
  return err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
}

function parseChoice(json: unknown): ChatChoice | null {
  if (typeof json !== 'object' || json === null) return null;
  const choices = (json as { choices?: unknown }).choices;
  if (!Array.isArray(choices) || choices.length === 0) return null;
  const choice = choices[0] as Partial<ChatChoice>;
  if (typeof choice?.message !== 'object' || choice.message === null) return null;
  return { message: choice.message, finish_reason: choice.finish_reason ?? null };
}

export async function postChat(options: HttpOptions, body: unknown): Promise<ChatResult> {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  let failure = 'no attempt';
  for (let attempt = 1; attempt <= options.maxAttempts; attempt += 1) {
    let wait: number | undefined;
    try {
      const response = await options.fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      if (response.ok) {
        const choice = parseChoice(await response.json());
        return choice ? { ok: true, choice } : { ok: false, failure: 'malformed response' };
      }
      await response.body?.cancel();
      failure = `HTTP ${response.status}`;
      if (response.status !== 429 && response.status < 500) return { ok: false, failure };
      wait = retryAfterMs(response.headers.get('retry-after'));
    } catch (err) {
      if (isTimeout(err)) return { ok: false, failure: 'timeout' };
      failure = err instanceof Error ? `network: ${err.message}` : 'network';
    }
    if (attempt === options.maxAttempts) break;
    // "Equal jitter": between half and all of base * 2^(attempt-1).
    const ceiling = options.backoffBaseMs * 2 ** (attempt - 1);
    const delay = wait ?? ceiling / 2 + options.random() * (ceiling / 2);
    if (delay > options.maxRetryAfterMs) return { ok: false, failure: `${failure}, retry after ${delay} ms` };
    await options.sleep(delay);
  }
  return { ok: false, failure };
}
