import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { isAccessDenied, statusMessageKey } from './error-message';

describe('statusMessageKey', () => {
  it('maps every status of the brief', () => {
    const cases: [string, string][] = [
      ['Access denied', 'status.accessDenied'],
      ['Fail rights', 'status.failRights'],
      ['accounts not found', 'status.accountsNotFound'],
      ['Expired token', 'status.expiredToken'],
      ['Unauthorized', 'status.unauthorized'],
      ['Bad request', 'status.badRequest'],
      ['Too many requests', 'status.tooManyRequests'],
      ['Wrong pin', 'status.wrongPin'],
      ['Pin expired', 'status.pinExpired'],
      ['Internal error', 'status.internal'],
      ['Network error', 'status.network'],
      ['Недостаточно прав', 'status.failRights'],
    ];
    for (const [status, key] of cases) expect(statusMessageKey(new ApiError(status, 400))).toBe(key);
  });

  it('falls back to the unknown message', () => {
    expect(statusMessageKey(new ApiError('Something new', 500))).toBe('status.unknown');
    expect(statusMessageKey(new Error('boom'))).toBe('status.unknown');
  });

  it('knows the access-denied statuses', () => {
    expect(isAccessDenied(new ApiError('Fail rights', 403))).toBe(true);
    expect(isAccessDenied(new ApiError('accounts not found', 404))).toBe(true);
    expect(isAccessDenied(new ApiError('Unauthorized', 401))).toBe(false);
  });
});
