import { describe, expect, it } from 'vitest';
import type { PartnerAdmin } from '@salon/contract/partners';
import { ApiError } from '../../shared/api/api-error';
import {
  accessStatus,
  adminFailure,
  adminProblems,
  clearsTgId,
  rowBusy,
  sanitizeTgId,
  toAccessBody,
  toAdminBody,
} from './access-rules';

const admins: PartnerAdmin[] = [{ name: 'Анна', telegram_id: 123456789, access: true }];
const idle = { pending: false, error: null, adding: false, changing: false, deleting: false };

describe('partner admin form (SPEC 5 Telegram id)', () => {
  it('keeps digits only, at most 12', () => {
    expect(sanitizeTgId(' 12a-34 ')).toBe('1234');
    expect(sanitizeTgId('1234567890123456')).toBe('123456789012');
  });

  it('accepts 5-12 digits not starting with 0 and a name', () => {
    expect(adminProblems({ name: 'Иван', tgId: '12345' }, admins)).toEqual({});
    expect(adminProblems({ name: 'Иван', tgId: '123456789012' }, admins)).toEqual({});
  });

  it('names an empty, a malformed and a listed id', () => {
    expect(adminProblems({ name: 'Иван', tgId: '' }, admins).tgId).toBe('emptyTgId');
    expect(adminProblems({ name: 'Иван', tgId: '1234' }, admins).tgId).toBe('invalidTgId');
    expect(adminProblems({ name: 'Иван', tgId: '012345' }, admins).tgId).toBe('invalidTgId');
    const duplicate = adminProblems({ name: 'Иван', tgId: '123456789' }, admins);
    expect(duplicate.tgId).toBe('uniqueTgId');
    expect(clearsTgId(duplicate)).toBe(true);
    expect(clearsTgId({ tgId: 'invalidTgId' })).toBe(false);
  });

  it('asks for a name', () => {
    expect(adminProblems({ name: '  ', tgId: '12345' }, admins)).toEqual({ name: 'nameRequired' });
  });

  it('builds the wire bodies', () => {
    expect(toAdminBody({ name: ' Иван ', tgId: '12345' })).toEqual({ name: 'Иван', telegram_id: 12345, access: true });
    expect(toAccessBody(admins[0]!, false)).toEqual({ name: 'Анна', telegram_id: 123456789, access: false });
  });

  it('translates server refusals', () => {
    expect(adminFailure(new ApiError('admin_exists', 409))).toEqual({ field: 'tgId', key: 'uniqueTgId' });
    const issue = new ApiError('Bad request', 400, undefined, [
      { path: 'body.telegram_id', code: 'invalid_telegram_id' },
    ]);
    expect(adminFailure(issue)).toEqual({ field: 'tgId', key: 'invalidTgId' });
    expect(adminFailure(new ApiError('admin_is_owner', 400))?.key).toBe('isOwner');
    expect(adminFailure(new ApiError('Internal Server Error', 500))).toBeNull();
  });
});

describe('SPEC 4 access statuses', () => {
  it('tells loading, success and the running action', () => {
    expect(accessStatus({ ...idle, pending: true })).toBe('loading');
    expect(accessStatus(idle)).toBe('success');
    expect(accessStatus({ ...idle, adding: true })).toBe('addingUser');
    expect(accessStatus({ ...idle, changing: true })).toBe('changeAccess');
    expect(accessStatus({ ...idle, deleting: true })).toBe('deletingUser');
  });

  it('tells a refusal for rights from another error', () => {
    expect(accessStatus({ ...idle, error: new ApiError('Fail rights', 403) })).toBe('accessDenied');
    expect(accessStatus({ ...idle, error: new ApiError('Internal Server Error', 500) })).toBe('error');
  });

  it('puts a row action on its own row only', () => {
    expect(rowBusy(1, { changing: 1, deleting: null })).toBe('changeAccess');
    expect(rowBusy(2, { changing: 1, deleting: 2 })).toBe('deletingUser');
    expect(rowBusy(3, { changing: 1, deleting: 2 })).toBeNull();
  });
});
