import { describe, expect, it } from 'vitest';
import { PLAN_STATUS, quotaExceededStatus } from '@salon/contract/mailing-plan-rules';
import { SENDOUT_STATUS_TEXT } from '@salon/contract/mailing-sendouts';
import { STATUS } from '@salon/contract/status-text';
import { ApiError, NETWORK_ERROR_STATUS } from '../../shared/api/api-error';
import { allowedRefusal, launchErrorMessage, statusTextMessage, testErrorMessage } from './launch-error-rules';

describe('statusTextMessage (SPEC 8 start text mapper)', () => {
  it('maps every planning status but "allowed"', () => {
    expect(statusTextMessage(PLAN_STATUS.crosses)).toEqual({ kind: 'plan', key: 'crosses' });
    expect(statusTextMessage(PLAN_STATUS.outsideWindow)).toEqual({ kind: 'plan', key: 'outsideWindow' });
    expect(statusTextMessage(PLAN_STATUS.allowed)).toBeNull();
  });

  it('carries the day of a quota refusal', () => {
    expect(statusTextMessage(quotaExceededStatus('2026-03-12'))).toEqual({
      kind: 'plan',
      key: 'quotaExceeded',
      day: '2026-03-12',
    });
  });

  it('maps the send-out statuses and knows nothing else', () => {
    expect(statusTextMessage(SENDOUT_STATUS_TEXT.alreadyStarted)).toEqual({ kind: 'sendout', key: 'alreadyStarted' });
    expect(statusTextMessage(SENDOUT_STATUS_TEXT.notPaid)).toEqual({ kind: 'sendout', key: 'notPaid' });
    expect(statusTextMessage('something else')).toBeNull();
  });
});

describe('launchErrorMessage', () => {
  it('gives the key message with the bad keys for the key-error status', () => {
    expect(launchErrorMessage(new ApiError(STATUS.badKeys, 400, 'city, {visits}'))).toEqual({
      kind: 'badKeys',
      keys: '{city}, {visits}',
    });
    expect(launchErrorMessage(new ApiError(STATUS.badKeys, 400))).toEqual({ kind: 'badKeys', keys: null });
  });

  it('maps refusal statuses, in the status or the detail', () => {
    expect(launchErrorMessage(new ApiError(PLAN_STATUS.crosses, 400))).toEqual({ kind: 'plan', key: 'crosses' });
    expect(launchErrorMessage(new ApiError(STATUS.badRequest, 409, SENDOUT_STATUS_TEXT.alreadyStarted))).toEqual({
      kind: 'sendout',
      key: 'alreadyStarted',
    });
  });

  it('shows another detail as is, else the common error', () => {
    expect(launchErrorMessage(new ApiError(STATUS.badRequest, 400, 'Канал не подключён'))).toEqual({
      kind: 'text',
      text: 'Канал не подключён',
    });
    expect(launchErrorMessage(new ApiError(STATUS.internal, 500))).toEqual({ kind: 'common', key: 'status.internal' });
    expect(launchErrorMessage(new ApiError(NETWORK_ERROR_STATUS, 0))).toEqual({
      kind: 'common',
      key: 'status.network',
    });
    expect(launchErrorMessage('nope')).toEqual({ kind: 'common', key: 'status.unknown' });
  });
});

describe('allowedRefusal', () => {
  it('is null for an allowed start', () => {
    expect(allowedRefusal({ ok: true, allowed: true, duration: 60, status: PLAN_STATUS.allowed })).toBeNull();
  });

  it('maps the refusal status, or shows an unknown one as text', () => {
    expect(allowedRefusal({ ok: true, allowed: false, duration: 0, status: PLAN_STATUS.crosses })).toEqual({
      kind: 'plan',
      key: 'crosses',
    });
    expect(allowedRefusal({ ok: true, allowed: false, duration: 0, status: 'channel busy' })).toEqual({
      kind: 'text',
      text: 'channel busy',
    });
    expect(allowedRefusal({ ok: true, allowed: false, duration: 0, status: '' })).toEqual({
      kind: 'plan',
      key: 'invalid',
    });
  });
});

describe('testErrorMessage (SPEC 8 test message)', () => {
  it('translates our statuses, shows a detail, else the common error', () => {
    expect(testErrorMessage(new ApiError(SENDOUT_STATUS_TEXT.invalidPhone, 400))).toEqual({
      kind: 'sendout',
      key: 'invalidPhone',
    });
    expect(testErrorMessage(new ApiError(STATUS.badRequest, 400, 'bad keys json'))).toEqual({
      kind: 'text',
      text: 'bad keys json',
    });
    expect(testErrorMessage(new ApiError(STATUS.internal, 500))).toEqual({ kind: 'common', key: 'status.internal' });
  });
});
