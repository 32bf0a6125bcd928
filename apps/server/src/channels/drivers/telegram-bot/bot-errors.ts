import { GrammyError, HttpError } from 'grammy';
import type { LoginResult, SendResult } from '../../channel.js';

// How the Bot API's answers (https://core.telegram.org/bots/api#making-requests: `error_code`,
// `description`, `parameters.retry_after`) map onto the channel port.

export function apiErrorCode(error: unknown): number | null {
  return error instanceof GrammyError ? error.error_code : null;
}

// The token was revoked in @BotFather (or never existed): it will never work again.
export function isUnauthorized(error: unknown): boolean {
  return apiErrorCode(error) === 401;
}

// Another getUpdates poller or a webhook holds this bot's updates.
export function isConflict(error: unknown): boolean {
  return apiErrorCode(error) === 409;
}

export function retryAfterMs(error: unknown): number | undefined {
  const seconds = error instanceof GrammyError ? error.parameters.retry_after : undefined;
  return typeof seconds === 'number' ? seconds * 1000 : undefined;
}

export function describeError(error: unknown): string {
  if (error instanceof GrammyError) return `${error.error_code}: ${error.description}`;
  if (error instanceof HttpError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

export type SendFailureResult = Extract<SendResult, { ok: false }>;

// `stopped`: the user blocked the bot (or deleted their account), so the core must drop the link.
export function sendFailure(error: unknown): { result: SendFailureResult; stopped: boolean; revoked: boolean } {
  const detail = describeError(error);
  const fail = (failure: SendFailureResult['failure'], extra: Partial<SendFailureResult> = {}) => ({
    result: { ok: false as const, failure, detail, ...extra },
    stopped: false,
    revoked: false,
  });
  if (!(error instanceof GrammyError)) return fail('provider_error');
  const code = error.error_code;
  // "Forbidden: bot was blocked by the user", "Forbidden: user is deactivated".
  if (code === 403) return { ...fail('not_on_channel'), stopped: true };
  if (code === 429) {
    const wait = retryAfterMs(error);
    return fail('rate_limited', wait === undefined ? {} : { retryAfterMs: wait });
  }
  if (code === 401) return { ...fail('not_connected'), revoked: true };
  if (code === 400) return fail(/chat not found/i.test(error.description) ? 'not_on_channel' : 'invalid_recipient');
  return fail('provider_error');
}

export type LoginFailure = Extract<LoginResult, { result: 'error' }>;

export function loginFailure(error: unknown): LoginFailure {
  const detail = describeError(error);
  const code = apiErrorCode(error);
  // 404: the Bot API's answer to a token that is not even shaped like one.
  if (code === 401 || code === 404) return { result: 'error', error: 'invalid_token', detail };
  const wait = code === 429 ? retryAfterMs(error) : undefined;
  if (wait !== undefined) return { result: 'error', error: 'flood', retryAfterMs: wait, detail };
  return { result: 'error', error: 'provider_error', detail };
}
