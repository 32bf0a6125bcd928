import { EXPIRED_TOKEN_DETAIL, STATUS } from '@salon/contract/status-text';
import { RETRY_DELAY_MAX_MS, RETRY_DELAY_MIN_MS } from '@salon/contract/constants';
import type { ApiIssue } from './api-error';

export interface FailedAnswer {
  httpStatus: number;
  // Body status text; null when the body had none.
  status: string | null;
  detail?: string | undefined;
  issues?: readonly ApiIssue[];
}

export interface RetryState {
  // Refresh-and-retry cycles already spent on this call.
  attempt: number;
  maxRetries: number;
  // Only calls that carried a bearer token can be cured by a new one.
  authenticated: boolean;
}

export type RetryDecision = { action: 'fail' } | { action: 'refresh'; delayMs: number };

export function isExpiredToken(answer: FailedAnswer): boolean {
  return answer.detail === EXPIRED_TOKEN_DETAIL;
}

// SPEC 4 "Token refresh": a 401/403 whose status is not 'Access denied' gets a new token and a
// retry; an expired-token answer is retried silently after a random 100-300 ms pause.
export function decideRetry(
  answer: FailedAnswer,
  state: RetryState,
  random: () => number = Math.random,
): RetryDecision {
  if (!state.authenticated || state.attempt >= state.maxRetries) return { action: 'fail' };
  if (answer.status === STATUS.accessDenied) return { action: 'fail' };
  const expired = isExpiredToken(answer);
  if (!expired && answer.httpStatus !== 401 && answer.httpStatus !== 403) return { action: 'fail' };
  const delayMs = expired ? RETRY_DELAY_MIN_MS + Math.round(random() * (RETRY_DELAY_MAX_MS - RETRY_DELAY_MIN_MS)) : 0;
  return { action: 'refresh', delayMs };
}
