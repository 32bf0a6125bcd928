import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/api-error';
import {
  clearFieldErrors,
  hasFieldErrors,
  recheckFields,
  serverFieldErrors,
  settingsPageState,
} from './settings-page-state';

const denied = new ApiError('Access denied', 403);
const broken = new ApiError('Internal error', 500);
const base = { hasData: true, loadError: null, saving: false, saveError: null };

describe('settings page state', () => {
  it('is loading until the first answer, then success', () => {
    expect(settingsPageState({ ...base, hasData: false })).toBe('loading');
    expect(settingsPageState(base)).toBe('success');
  });

  it('tells a refused load from a failed one', () => {
    expect(settingsPageState({ ...base, hasData: false, loadError: denied })).toBe('accessDenied');
    expect(settingsPageState({ ...base, hasData: false, loadError: broken })).toBe('error');
    expect(settingsPageState({ ...base, hasData: false, loadError: new ApiError('Fail rights', 403) })).toBe(
      'accessDenied',
    );
  });

  it('keeps the form when a background reload fails, but not when the access is gone', () => {
    expect(settingsPageState({ ...base, loadError: broken })).toBe('success');
    expect(settingsPageState({ ...base, loadError: denied })).toBe('accessDenied');
  });

  it('shows saving, then savingError, and access denied for a refused save', () => {
    expect(settingsPageState({ ...base, saving: true })).toBe('saving');
    expect(settingsPageState({ ...base, saveError: broken })).toBe('savingError');
    expect(settingsPageState({ ...base, saveError: denied })).toBe('accessDenied');
  });
});

describe('field errors', () => {
  it('maps the issues of a rejected save, dropping the request part of the path', () => {
    const error = new ApiError('Bad request', 400, undefined, [
      { path: 'body.inn', code: 'INN_NOT_VALID' },
      { path: 'body.name', code: 'too_big' },
    ]);
    const errors = serverFieldErrors(error, (field) => (field === 'inn' ? ['inn', 'innInvalid'] : null));
    expect(errors).toEqual({ inn: 'innInvalid' });
  });

  it('maps a status that names the field by itself', () => {
    const error = new ApiError('INN_NOT_VALID', 400);
    expect(serverFieldErrors(error, (_f, code) => (code === 'INN_NOT_VALID' ? ['inn', 'innInvalid'] : null))).toEqual({
      inn: 'innInvalid',
    });
    expect(serverFieldErrors(new Error('x'), () => ['inn', 'innInvalid'])).toEqual({});
  });

  it('clears only the edited fields', () => {
    const errors = { inn: 'innInvalid', kpp: 'kppInvalid' } as const;
    expect(clearFieldErrors(errors, ['inn'])).toEqual({ kpp: 'kppInvalid' });
    expect(clearFieldErrors(errors, ['name'])).toBe(errors);
    expect(hasFieldErrors(clearFieldErrors(errors, ['inn', 'kpp']))).toBe(false);
  });

  it('re-checks only the named fields', () => {
    const errors = { kpp: 'kppInvalid' } as const;
    expect(recheckFields(errors, { inn: 'innInvalid', name: 'tooLong' }, ['inn'])).toEqual({
      kpp: 'kppInvalid',
      inn: 'innInvalid',
    });
    expect(recheckFields({ inn: 'innInvalid' }, {}, ['inn'])).toEqual({});
  });
});
