import { describe, expect, it } from 'vitest';
import { CLIENT_LIST_STATUS, MAX_CLIENT_LIST_BYTES } from '@salon/contract/mailing-clients';
import { STATUS } from '@salon/contract/status-text';
import { ApiError, NETWORK_ERROR_STATUS } from '../../shared/api/api-error';
import { CLIENT_LIST_DROP_ACCEPT, fileFailure, parseFailure, recipientCount } from './recipients-rules';

const consent = { consent_count: 50, neutral_count: 40, declined_count: 10, active_count: 20 };

describe('recipientCount (SPEC 4 recipient choice)', () => {
  it('counts consenting and neutral recipients (unanswered ones as neutral), never the declined', () => {
    expect(recipientCount(consent, { consentTrue: true, consentNeutral: true })).toBe(110);
    expect(recipientCount(consent, { consentTrue: true, consentNeutral: false })).toBe(50);
    expect(recipientCount(consent, { consentTrue: false, consentNeutral: true })).toBe(60);
    expect(recipientCount(consent, { consentTrue: false, consentNeutral: false })).toBe(0);
  });
});

describe('parseFailure (SPEC 8 Mailing)', () => {
  it("shows the clients-not-found callout for 'Файл пустой' and 'Нет контактов'", () => {
    expect(parseFailure(new ApiError(STATUS.badRequest, 400, CLIENT_LIST_STATUS.empty))).toEqual({ kind: 'notFound' });
    expect(parseFailure(new ApiError(STATUS.badRequest, 400, CLIENT_LIST_STATUS.noContacts))).toEqual({
      kind: 'notFound',
    });
    // The same texts as the status itself.
    expect(parseFailure(new ApiError(CLIENT_LIST_STATUS.noContacts, 400))).toEqual({ kind: 'notFound' });
  });

  it('translates our client-list statuses', () => {
    expect(parseFailure(new ApiError(STATUS.badRequest, 413, CLIENT_LIST_STATUS.tooBig))).toEqual({
      kind: 'listStatus',
      key: 'tooBig',
    });
    expect(parseFailure(new ApiError(STATUS.badRequest, 415, CLIENT_LIST_STATUS.saveAsXlsx))).toEqual({
      kind: 'listStatus',
      key: 'saveAsXlsx',
    });
  });

  it('shows any other detail as the message', () => {
    expect(parseFailure(new ApiError(STATUS.badRequest, 400, 'Лист пуст'))).toEqual({
      kind: 'detail',
      text: 'Лист пуст',
    });
  });

  it('falls back to the common error, and switches to access denied for rights statuses', () => {
    expect(parseFailure(new ApiError(NETWORK_ERROR_STATUS, 0))).toEqual({ kind: 'common', key: 'status.network' });
    expect(parseFailure(new Error('boom'))).toEqual({ kind: 'common', key: 'status.unknown' });
    expect(parseFailure(new ApiError(STATUS.accessDenied, 403))).toEqual({ kind: 'accessDenied' });
  });
});

describe('fileFailure (SPEC 5 client list)', () => {
  it('accepts xlsx and xls within the size limit', () => {
    expect(Object.values(CLIENT_LIST_DROP_ACCEPT).flat().sort()).toEqual(['.xls', '.xlsx']);
    expect(fileFailure('clients.xlsx', 1000)).toBeNull();
    expect(fileFailure('CLIENTS.XLS', 1000)).toBeNull();
  });

  it('rejects other types, too-big files, and shows empty files as clients not found', () => {
    expect(fileFailure('clients.csv', 1000)).toEqual({ kind: 'listStatus', key: 'wrongType' });
    expect(fileFailure('clients.xlsx', MAX_CLIENT_LIST_BYTES + 1)).toEqual({ kind: 'listStatus', key: 'tooBig' });
    expect(fileFailure('clients.xlsx', 0)).toEqual({ kind: 'notFound' });
  });
});
