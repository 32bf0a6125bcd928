import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/api-error';
import { cardState, isPageDenied } from './card-state';

describe('dashboard card state', () => {
  it('loads, then is ok with the data', () => {
    expect(cardState({ isPending: true, isError: false, data: undefined })).toEqual({ status: 'loading' });
    expect(cardState({ isPending: false, isError: false, data: { total: 3 } })).toEqual({
      status: 'ok',
      data: { total: 3 },
    });
  });

  it('leaves a failed card ok with no data', () => {
    expect(cardState({ isPending: false, isError: true, data: undefined })).toEqual({ status: 'ok', data: null });
  });

  it('denies the page when any card is refused, not for other errors', () => {
    expect(isPageDenied([null, new ApiError('Access denied', 403)])).toBe(true);
    expect(isPageDenied([new ApiError('Fail rights', 403), undefined])).toBe(true);
    expect(isPageDenied([new ApiError('Internal server error', 500), new ApiError('Network error', 0), null])).toBe(
      false,
    );
    expect(isPageDenied([])).toBe(false);
  });
});
