import type { Ack, SendFailure, SendResult } from '../../channel.js';
import {
  SmsProviderError,
  type SmsCredentials,
  type SmsDeliveryStatus,
  type SmsProviderOptions,
  type SmsReportInput,
} from './sms-provider.js';

// The little HTTP and JSON plumbing the SMS adapters share. Provider replies are untyped JSON, so
// they are read as `unknown` and narrowed field by field.

export const DEFAULT_TIMEOUT_MS = 15_000;

export interface HttpReply {
  status: number;
  text: string;
  // undefined when the body is not JSON (a proxy's HTML error page, an empty 502).
  json: unknown;
  retryAfterMs: number | undefined;
}

export interface HttpRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
}

export class SmsTransportError extends SmsProviderError {
  constructor(message: string) {
    super('network', message);
    this.name = 'SmsTransportError';
  }
}

export function resolveOptions(options: SmsProviderOptions | undefined, defaultBaseUrl: string) {
  return {
    baseUrl: (options?.baseUrl ?? defaultBaseUrl).replace(/\/+$/, ''),
    fetch: options?.fetch ?? globalThis.fetch,
    timeoutMs: options?.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  };
}

export type ResolvedOptions = ReturnType<typeof resolveOptions>;

export async function httpRequest(options: ResolvedOptions, request: HttpRequest): Promise<HttpReply> {
  let response: Response;
  let text: string;
  try {
    response = await options.fetch(request.url, {
      method: request.method,
      headers: { accept: 'application/json', ...request.headers },
      body: request.body,
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    text = await response.text();
  } catch (err) {
    throw new SmsTransportError(err instanceof Error ? err.message : String(err));
  }
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, text, json, retryAfterMs: parseRetryAfter(response.headers.get('retry-after')) };
}

function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

export function formBody(params: Record<string, string | undefined>): string {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) body.set(k, v);
  return body.toString();
}

export function withQuery(url: string, params: Record<string, string | undefined>): string {
  const query = formBody(params);
  return query === '' ? url : `${url}?${query}`;
}

export const FORM_HEADERS = { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' };

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// Providers send numbers both as JSON numbers and as strings ("0", "12.50").
export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

export function toId(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

export function field(value: unknown, ...path: string[]): unknown {
  let current = value;
  for (const key of path) {
    if (!isRecord(current)) return undefined;
    current = current[key];
  }
  return current;
}

export function trimmed(value: string | undefined | null): string | undefined {
  const t = value?.trim();
  return t ? t : undefined;
}

// The API key a gateway authenticates with; without one nothing is sent (the driver reports it).
export function requiredApiKey(credentials: SmsCredentials, provider: string, what = 'an API key'): string {
  const key = trimmed(credentials.apiKey);
  if (!key) throw new SmsProviderError('missing_credentials', `${provider} needs ${what}`);
  return key;
}

export function failed(failure: SendFailure, detail: string, retryAfterMs?: number): SendResult {
  return retryAfterMs === undefined ? { ok: false, failure, detail } : { ok: false, failure, detail, retryAfterMs };
}

// What any provider's HTTP status alone tells, before its own error codes are read.
export function failureFromHttpStatus(reply: HttpReply): SendResult | undefined {
  if (reply.status === 429) return failed('rate_limited', 'http 429', reply.retryAfterMs);
  if (reply.status === 401 || reply.status === 403) return failed('provider_error', 'bad_credentials');
  if (reply.status >= 500) return failed('provider_error', `http ${reply.status}`, reply.retryAfterMs);
  return undefined;
}

// A send whose request failed in transit may or may not have reached the provider; the core
// retries with the same idempotency key, which the providers with a client id can recognise.
export async function sendGuarded(run: () => Promise<SendResult>): Promise<SendResult> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof SmsProviderError) return failed('provider_error', `${err.code}: ${err.message}`);
    throw err;
  }
}

// A provider's delivery-report codes, grouped by the ack each means; any other code is 'pending'
// (not known yet, or a code this adapter does not know: ask again later).
export function ackByCode(
  groups: Partial<Record<Ack, readonly number[]>>,
): (code: number | undefined) => SmsDeliveryStatus {
  const table = new Map<number, Ack>();
  for (const [ack, codes] of Object.entries(groups) as [Ack, readonly number[]][]) {
    for (const code of codes) table.set(code, ack);
  }
  return (code) => (code === undefined ? 'pending' : (table.get(code) ?? 'pending'));
}

// A callback's fields wherever the provider put them: the query of a GET, the form or JSON object of a
// POST (the body wins where both have one).
export function reportParams(input: SmsReportInput): Record<string, unknown> {
  return { ...input.query, ...(isRecord(input.body) ? input.body : {}) };
}
