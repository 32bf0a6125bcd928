import { describe, expect, it } from 'vitest';
import { SEGMENT_ISSUE, SEGMENT_NAME_MAX, SEGMENT_STATUS } from '@salon/contract/mailing-segments';
import { ApiError } from '../../../shared/api/api-error';
import {
  checkSegmentName,
  cleanFilters,
  crmFetchFailure,
  deleteToast,
  emptyCondition,
  filterIssues,
  issueAt,
  sameFilters,
  saveToast,
} from './segment-rules';

describe('segment conditions in the editor', () => {
  it('starts each kind empty; a sent-earlier condition covers the last 30 days', () => {
    expect(emptyCondition('client', '2026-03-10')).toEqual({ type: 'client' });
    expect(emptyCondition('record', '2026-03-10')).toEqual({ type: 'record', visit: 'any' });
    expect(emptyCondition('sent_earlier', '2026-03-10')).toEqual({
      type: 'sent_earlier',
      period: { from: '2026-02-08', to: '2026-03-10' },
      got: true,
    });
  });

  it('sends only what filters: empty lists, open ranges, untouched parts and "any" visit are dropped', () => {
    expect(
      cleanFilters({
        operation: 'OR',
        conditions: [
          {
            type: 'client',
            gender: [],
            clientCategory: { mode: 'include', ids: [] },
            isGotSendOuts: false,
            agePeriod: { from: 18, to: null },
            birthdayPeriod: null,
          },
          { type: 'record', visit: 'any', staff: ['1'], recordsCount: { from: null, to: null } },
          {
            type: 'sale',
            goods: [],
            certificates: { types: [], used: null, balance: { from: null, to: null } },
            subscriptions: { used: true, statuses: [] },
          },
        ],
      }),
    ).toEqual({
      operation: 'OR',
      conditions: [
        { type: 'client', isGotSendOuts: false, agePeriod: { from: 18, to: null } },
        { type: 'record', staff: ['1'] },
        { type: 'sale', subscriptions: { used: true } },
      ],
    });
  });

  it('compares filters by what they select', () => {
    expect(
      sameFilters(
        { operation: 'AND', conditions: [{ type: 'record', visit: 'any', staff: [] }] },
        { operation: 'AND', conditions: [{ type: 'record' }] },
      ),
    ).toBe(true);
    expect(
      sameFilters(
        { operation: 'AND', conditions: [{ type: 'record' }] },
        { operation: 'OR', conditions: [{ type: 'record' }] },
      ),
    ).toBe(false);
  });

  it('finds the contract’s issues per condition field', () => {
    const issues = filterIssues({
      operation: 'AND',
      conditions: [
        { type: 'client', gender: [2] },
        { type: 'record', recordsCount: { from: 4, to: 2 }, period: { from: '2026-02-31', to: null } },
      ],
    });
    expect(issueAt(issues, 1, 'recordsCount')).toBe(SEGMENT_ISSUE.rangeOrder);
    expect(issueAt(issues, 1, 'period')).toBe(SEGMENT_ISSUE.invalidDate);
    expect(issueAt(issues, 0, 'gender')).toBeNull();
    expect(filterIssues({ operation: 'AND', conditions: [{ type: 'client', gender: [1] }] })).toEqual([]);
  });

  it('requires a segment name of at most 255 characters', () => {
    expect(checkSegmentName('  ')).toBe('required');
    expect(checkSegmentName('Постоянные')).toBe('ok');
    expect(checkSegmentName('x'.repeat(SEGMENT_NAME_MAX + 1))).toBe('tooLong');
  });
});

describe('segment messages (SPEC 8)', () => {
  it('picks the added, adding error, deleted and deleting error toasts', () => {
    expect(saveToast('create')).toEqual({ kind: 'success', key: 'added' });
    expect(saveToast('create', new ApiError('Bad request', 400))).toEqual({ kind: 'error', key: 'addError' });
    expect(saveToast('create', new ApiError(SEGMENT_STATUS.tooMany, 409))).toEqual({ kind: 'error', key: 'tooMany' });
    expect(saveToast('update', new Error('offline'))).toEqual({ kind: 'error', key: 'updateError' });
    expect(deleteToast()).toEqual({ kind: 'success', key: 'deleted' });
    expect(deleteToast(new ApiError('Not found', 404))).toEqual({ kind: 'error', key: 'deleteError' });
  });

  it('shows no clients as the callout, names an unsupported filter, shows another detail as it is', () => {
    expect(crmFetchFailure(new ApiError('Нет контактов', 400, 'Нет контактов'))).toEqual({ kind: 'notFound' });
    expect(crmFetchFailure(new ApiError(SEGMENT_STATUS.unsupportedFilter, 400, 'agePeriod'))).toEqual({
      kind: 'unsupported',
      field: 'agePeriod',
    });
    expect(crmFetchFailure(new ApiError(SEGMENT_STATUS.crmUnavailable, 502, 'yclients'))).toEqual({
      kind: 'crmUnavailable',
    });
    expect(crmFetchFailure(new ApiError('Too many rows', 413, 'Too many rows'))).toEqual({ kind: 'tooManyRows' });
    expect(crmFetchFailure(new ApiError('Bad request', 400, 'acc_id'))).toEqual({ kind: 'detail', detail: 'acc_id' });
    expect(crmFetchFailure(new ApiError('Internal error', 500))).toEqual({ kind: 'common' });
    expect(crmFetchFailure(new TypeError('x'))).toEqual({ kind: 'common' });
  });
});
