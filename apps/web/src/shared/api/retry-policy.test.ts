import { describe, expect, it } from 'vitest';
import { decideRetry } from './retry-policy';

const first = { attempt: 0, maxRetries: 1, authenticated: true };

describe('decideRetry', () => {
  it('refreshes on 401 and 403 without delay', () => {
    expect(decideRetry({ httpStatus: 401, status: 'Unauthorized' }, first)).toEqual({ action: 'refresh', delayMs: 0 });
    expect(decideRetry({ httpStatus: 403, status: 'Fail rights' }, first)).toEqual({ action: 'refresh', delayMs: 0 });
    expect(decideRetry({ httpStatus: 401, status: null }, first)).toEqual({ action: 'refresh', delayMs: 0 });
  });

  it('never refreshes on Access denied', () => {
    expect(decideRetry({ httpStatus: 403, status: 'Access denied' }, first)).toEqual({ action: 'fail' });
  });

  it('does not refresh other failures', () => {
    expect(decideRetry({ httpStatus: 500, status: 'Internal error' }, first)).toEqual({ action: 'fail' });
    expect(decideRetry({ httpStatus: 400, status: 'Bad request' }, first)).toEqual({ action: 'fail' });
  });

  it('waits 100-300 ms before retrying an expired token', () => {
    const answer = { httpStatus: 401, status: 'Expired token', detail: 'token_expired' };
    expect(decideRetry(answer, first, () => 0)).toEqual({ action: 'refresh', delayMs: 100 });
    expect(decideRetry(answer, first, () => 1)).toEqual({ action: 'refresh', delayMs: 300 });
    expect(decideRetry(answer, first, () => 0.5)).toEqual({ action: 'refresh', delayMs: 200 });
  });

  it('stops after the allowed number of retries', () => {
    const answer = { httpStatus: 401, status: 'Unauthorized' };
    expect(decideRetry(answer, { attempt: 1, maxRetries: 1, authenticated: true })).toEqual({ action: 'fail' });
    expect(decideRetry(answer, { attempt: 2, maxRetries: 3, authenticated: true }).action).toBe('refresh');
    expect(decideRetry(answer, { attempt: 3, maxRetries: 3, authenticated: true })).toEqual({ action: 'fail' });
  });

  it('leaves unauthenticated calls (login) alone', () => {
    expect(decideRetry({ httpStatus: 401, status: 'Wrong pin' }, { ...first, authenticated: false })).toEqual({
      action: 'fail',
    });
  });
});
