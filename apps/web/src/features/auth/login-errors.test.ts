import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/api-error';
import { loginErrorMessage } from './login-errors';

describe('loginErrorMessage', () => {
  it('shows the tries left of a wrong PIN', () => {
    expect(loginErrorMessage(new ApiError('Wrong pin', 401, '3'), 'pin')).toEqual({
      key: 'status.wrongPinTries',
      count: 3,
    });
    expect(loginErrorMessage(new ApiError('Wrong pin', 401, 'attempts_left: 1'), 'pin')).toEqual({
      key: 'status.wrongPinTries',
      count: 1,
    });
    expect(loginErrorMessage(new ApiError('Wrong pin', 401), 'pin')).toEqual({ key: 'status.wrongPin' });
  });

  it('explains an expired or burned PIN and rate limits', () => {
    expect(loginErrorMessage(new ApiError('Pin expired', 401), 'pin')).toEqual({ key: 'status.pinExpired' });
    expect(loginErrorMessage(new ApiError('Too many requests', 429), 'telegramId')).toEqual({
      key: 'status.pinHeldAskBot',
    });
    expect(loginErrorMessage(new ApiError('Too many requests', 429), 'pin')).toEqual({
      key: 'status.tooManyRequests',
    });
  });

  it('reads a 400 on the PIN request as a rejected Telegram id', () => {
    expect(loginErrorMessage(new ApiError('Bad request', 400), 'telegramId')).toEqual({
      key: 'status.invalidTelegramId',
    });
    expect(loginErrorMessage(new ApiError('Bad request', 400), 'pin')).toEqual({ key: 'status.badRequest' });
  });

  it('reports network failures', () => {
    expect(loginErrorMessage(new ApiError('Network error', 0), 'pin')).toEqual({ key: 'status.network' });
  });
});
