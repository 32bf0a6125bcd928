import { describe, expect, it } from 'vitest';
import { CHANNEL_STATUSES } from '@salon/contract/accounts';
import { knownReason, actionsFor, otherChannel, pauseOf, tabAfterStates, toUiState, usageOf } from './channel-state';

describe('toUiState', () => {
  it('maps every server status (SPEC 4 Channel)', () => {
    const mapped = Object.fromEntries(CHANNEL_STATUSES.map((status) => [status, toUiState({ status })]));
    expect(mapped).toEqual({
      authenticated: 'authenticated',
      blocked: 'blocked',
      'got qr code': 'noConnect',
      loading: 'loading',
      error: 'error',
      not_authenticated: 'noConnect',
      drop: 'drop',
      no_pay: 'notPaid',
    });
  });

  it('shows a failed load as a request error and a pending one as loading', () => {
    expect(toUiState({ status: null, loadFailed: true })).toBe('requestError');
    expect(toUiState({ status: 'authenticated', loadFailed: true })).toBe('requestError');
    expect(toUiState({ status: null })).toBe('loading');
  });

  it('tells a channel with no session yet and a QR wait that ran out', () => {
    expect(toUiState({ status: 'not_authenticated', reason: 'no_instance' })).toBe('notSetUp');
    expect(toUiState({ status: 'got qr code', gaveUpWaiting: true })).toBe('notConnected');
    expect(toUiState({ status: 'not_authenticated', reason: 'logged_out' })).toBe('noConnect');
    // Giving up only concerns the QR state.
    expect(toUiState({ status: 'authenticated', gaveUpWaiting: true })).toBe('authenticated');
  });
});

describe('tab switching', () => {
  it('leaves a dropped channel for the other one', () => {
    expect(otherChannel('WA')).toBe('TG');
    expect(tabAfterStates('WA', { WA: 'drop', TG: 'noConnect' })).toBe('TG');
    expect(tabAfterStates('TG', { WA: 'authenticated', TG: 'drop' })).toBe('WA');
    expect(tabAfterStates('WA', { WA: 'authenticated', TG: 'drop' })).toBe('WA');
  });

  it('stays when both are dropped', () => {
    expect(tabAfterStates('WA', { WA: 'drop', TG: 'drop' })).toBe('WA');
  });
});

describe('governor figures', () => {
  it('gives today against the cap', () => {
    expect(usageOf({ sent_today: 12, daily_cap: 40 })).toEqual({ sentToday: 12, dailyCap: 40, percent: 30 });
    expect(usageOf({ sent_today: 90, daily_cap: 40 }).percent).toBe(100);
    expect(usageOf({ sent_today: 3, daily_cap: null })).toEqual({ sentToday: 3, dailyCap: null, percent: null });
  });

  it('shows a pause only while it lasts', () => {
    const now = Date.parse('2025-01-01T10:00:00Z');
    expect(pauseOf({ paused_until: '2025-01-01T11:00:00Z', pause_reason: 'rate_limited' }, now)).toEqual({
      until: new Date('2025-01-01T11:00:00Z'),
      reason: 'rate_limited',
    });
    expect(pauseOf({ paused_until: '2025-01-01T09:00:00Z', pause_reason: 'banned' }, now)).toBeNull();
    expect(pauseOf({ paused_until: null, pause_reason: null }, now)).toBeNull();
  });

  it('words known reasons and passes others through', () => {
    expect(knownReason('peer_flood')).toBe('peer_flood');
    expect(knownReason('SOMETHING_NEW')).toBeNull();
    expect(knownReason(null)).toBeNull();
  });
});

describe('actions', () => {
  it('are offered where a session exists or can be made', () => {
    expect(actionsFor('authenticated')).toEqual(['logout', 'reboot', 'clean_queue', 'drop_instance']);
    expect(actionsFor('blocked')).toContain('logout');
    expect(actionsFor('noConnect')).toEqual(['reboot', 'clean_queue', 'drop_instance']);
    expect(actionsFor('notPaid')).toEqual([]);
    expect(actionsFor('requestError')).toEqual([]);
    expect(actionsFor('drop')).toEqual([]);
  });
});
