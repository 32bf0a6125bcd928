import { MaxError } from '@maxhub/max-bot-api';
import type { SendFailure } from '../../channel.js';

// How the MAX Bot API's answers map onto the channel port. The library turns every non-200 answer
// into a MaxError (HTTP status + the API's `code`); a thrown TypeError is the network (fetch).

export type MaxFailureKind = 'unauthorized' | 'invalid_token' | 'retryable' | 'rejected';

// Codes the API answers with when the user blocked or left the bot's dialog (docs name them as
// `chat.denied`, `dialog.suspended`, `chat.not.found`; the wording varies, so match the stems).
const GONE_CODE = /denied|suspended|blocked|not\.found|not_found|forbidden/i;

export function isUnauthorized(err: unknown): boolean {
  return err instanceof MaxError && err.status === 401;
}

// Network failures, timeouts and the provider's own troubles: worth trying again later.
export function isTransient(err: unknown): boolean {
  if (err instanceof MaxError) return err.status === 429 || err.status >= 500;
  return true;
}

export function describeError(err: unknown): string {
  if (err instanceof MaxError) return `${err.status} ${err.code}: ${err.description}`;
  return err instanceof Error ? err.message : String(err);
}

export interface MappedSendFailure {
  failure: SendFailure;
  detail: string;
  // The user blocked or stopped the bot: the core unlinks them.
  userGone: boolean;
  tokenRevoked: boolean;
}

export function mapSendError(err: unknown): MappedSendFailure {
  const detail = describeError(err);
  const base = { detail, userGone: false, tokenRevoked: false };
  if (!(err instanceof MaxError)) return { ...base, failure: 'provider_error' };
  const { status, code } = err;
  if (status === 401) return { ...base, failure: 'not_connected', tokenRevoked: true };
  if (status === 429) return { ...base, failure: 'rate_limited' };
  if (status === 403 || status === 404 || (status < 500 && GONE_CODE.test(String(code)))) {
    return { ...base, failure: 'not_on_channel', userGone: true };
  }
  // 499: the library's own code for an upload that failed on the network.
  if (status >= 500 || status === 499) return { ...base, failure: 'provider_error' };
  return { ...base, failure: 'invalid_recipient' };
}
