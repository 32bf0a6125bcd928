import { describe, expect, it } from 'vitest';
import type { ConsentChangeWire, ConsentEntryWire } from '@salon/contract/consents';
import { CONSENT_COMMENT_MAX, CONSENT_PAGE_SIZE, CONSENT_STATUS } from '@salon/contract/consents-rules';
import { ApiError } from '../../shared/api/api-error';
import {
  addFailureToast,
  answeredByClient,
  canExport,
  changeActor,
  changeDetails,
  changeToast,
  commentState,
  confirmReason,
  exportFailureToast,
  pageRange,
  sanitizeSearch,
  sortedChanges,
  statusOf,
  totalPages,
} from './consent-list-rules';

const change = (overrides: Partial<ConsentChangeWire>): ConsentChangeWire => ({
  actions: ['manual_creation'],
  date: '2026-03-10T09:00:00.000Z',
  new_active: false,
  new_client_text: null,
  new_comment: null,
  new_consent: null,
  user_tg_id: 111111,
  ...overrides,
});
const entry = (overrides: Partial<ConsentEntryWire>): ConsentEntryWire => ({
  active: false,
  phone: '79990000001',
  client_text: null,
  consent: null,
  consent_at: null,
  comment: null,
  updated_at: '2026-03-10T09:00:00.000Z',
  changelog: [change({})],
  ...overrides,
});
const answered = entry({
  active: true,
  consent: false,
  client_text: 'Нет',
  changelog: [
    change({ actions: ['template_creation'], new_active: true, user_tg_id: null }),
    change({
      actions: ['user_answered'],
      date: '2026-03-11T09:00:00.000Z',
      new_active: true,
      new_consent: false,
      new_client_text: 'Нет',
      user_tg_id: null,
    }),
  ],
});

describe('consent list (SPEC 4, 9)', () => {
  it('shows the four statuses', () => {
    expect(statusOf(entry({}))).toBe('neutral');
    expect(statusOf(entry({ active: true }))).toBe('await');
    expect(statusOf(entry({ consent: true }))).toBe('consent');
    expect(statusOf(entry({ consent: false }))).toBe('declined');
  });

  it('pages by 50 and says which rows are shown', () => {
    expect(CONSENT_PAGE_SIZE).toBe(50);
    expect(totalPages(50, 0)).toBe(1);
    expect(totalPages(50, 50)).toBe(1);
    expect(totalPages(50, 123)).toBe(3);
    expect(pageRange(1, 50, 123)).toEqual({ from: 1, to: 50 });
    expect(pageRange(3, 50, 123)).toEqual({ from: 101, to: 123 });
    expect(pageRange(1, 50, 0)).toEqual({ from: 0, to: 0 });
  });

  it('searches by digits only', () => {
    expect(sanitizeSearch('+7 (999) 12')).toBe('799912');
    expect(sanitizeSearch('1234567890123456789')).toHaveLength(15);
  });

  it('counts the comment against the shared limit', () => {
    expect(commentState('abc')).toEqual({ length: 3, max: CONSENT_COMMENT_MAX, over: false });
    expect(commentState('x'.repeat(CONSENT_COMMENT_MAX + 1)).over).toBe(true);
  });
});

describe('the second status modal', () => {
  it('knows a client’s own answer from one set by hand', () => {
    expect(answeredByClient(answered)).toBe(true);
    expect(answeredByClient(entry({ consent: true }))).toBe(false);
    // A later change of the comment does not hide who set the status.
    expect(
      answeredByClient({
        ...answered,
        changelog: [...answered.changelog, change({ actions: ['change_comment'], date: '2026-03-12T00:00:00Z' })],
      }),
    ).toBe(true);
    // A person changed it after the client.
    expect(
      answeredByClient({
        ...answered,
        changelog: [...answered.changelog, change({ actions: ['change_consent'], date: '2026-03-12T00:00:00Z' })],
      }),
    ).toBe(false);
  });

  it('asks before replacing the client’s answer or recording a consent by hand, else saves at once', () => {
    expect(confirmReason(answered, 'consent')).toBe('overrideClient');
    expect(confirmReason(answered, 'neutral')).toBe('overrideClient');
    expect(confirmReason(answered, 'declined')).toBeNull();
    expect(confirmReason(entry({}), 'consent')).toBe('manualConsent');
    expect(confirmReason(entry({ active: true }), 'declined')).toBeNull();
    expect(confirmReason(entry({ consent: true }), 'neutral')).toBeNull();
  });
});

describe('the changelog', () => {
  it('names who made a change', () => {
    expect(changeActor(change({ user_tg_id: 111111 }), '111111')).toBe('you');
    expect(changeActor(change({ user_tg_id: 222222 }), '111111')).toBe('admin');
    expect(changeActor(change({ actions: ['user_answered'], user_tg_id: null }), '111111')).toBe('client');
    expect(changeActor(change({ actions: ['template_creation'], user_tg_id: null }), '111111')).toBe('system');
  });

  it('shows the new status, the comment and the client’s words where they changed', () => {
    expect(changeDetails(answered.changelog[1]!)).toEqual({
      status: 'declined',
      comment: undefined,
      clientText: 'Нет',
    });
    expect(changeDetails(change({ actions: ['change_comment'], new_comment: 'Позвонить', new_consent: true }))).toEqual(
      { status: null, comment: 'Позвонить', clientText: null },
    );
    expect(changeDetails(change({ actions: ['change_comment'], new_comment: null })).comment).toBeNull();
    expect(changeDetails(change({ actions: ['manual_creation'], new_comment: 'С ресепшена' }))).toEqual({
      status: 'neutral',
      comment: 'С ресепшена',
      clientText: null,
    });
    expect(changeDetails(change({ actions: ['manual_creation'] })).comment).toBeUndefined();
  });

  it('lists the newest change first', () => {
    expect(sortedChanges(answered.changelog).map((c) => c.actions[0])).toEqual(['user_answered', 'template_creation']);
  });
});

describe('toasts (SPEC 8 Consents)', () => {
  it('maps an add failure to number already added or add number error', () => {
    expect(addFailureToast(new ApiError(CONSENT_STATUS.alreadyAdded, 409))).toEqual({
      kind: 'warning',
      key: 'alreadyAdded',
    });
    expect(addFailureToast(new ApiError('Bad request', 400))).toEqual({ kind: 'error', key: 'addError' });
    expect(addFailureToast(new Error('offline'))).toEqual({ kind: 'error', key: 'addError' });
  });

  it('has success and error toasts for status and comment changes', () => {
    expect(changeToast('status')).toEqual({ kind: 'success', key: 'statusChanged' });
    expect(changeToast('status', new ApiError('Internal error', 500))).toEqual({ kind: 'error', key: 'statusError' });
    expect(changeToast('comment')).toEqual({ kind: 'success', key: 'commentSaved' });
    expect(changeToast('comment', new ApiError(CONSENT_STATUS.nothingToChange, 400))).toEqual({
      kind: 'warning',
      key: 'nothingChanged',
    });
  });

  it('needs one status for the export and explains a bot that cannot write', () => {
    expect(canExport({ consent: false, declines: false, neutral: false })).toBe(false);
    expect(canExport({ consent: false, declines: true, neutral: false })).toBe(true);
    expect(exportFailureToast(new ApiError(CONSENT_STATUS.noAdminBot, 409))).toEqual({
      kind: 'error',
      key: 'noAdminBot',
    });
    expect(exportFailureToast(new ApiError('Internal error', 500)).key).toBe('exportError');
  });
});
