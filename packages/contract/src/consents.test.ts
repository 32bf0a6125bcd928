import { describe, expect, it } from 'vitest';
import {
  addConsentBody,
  buildConsentPatch,
  CONSENT_COMMENT_MAX,
  CONSENT_PAGE_SIZE,
  consentListQuery,
  consentStatusOf,
  consentValueOf,
  consentXlsxBody,
  manualConsentState,
  normalizeConsentComment,
  updateConsentBody,
} from './consents.js';

describe('consent statuses (SPEC 4)', () => {
  it('reads the stored columns as consent, declined, await and neutral', () => {
    expect(consentStatusOf(true, true)).toBe('consent');
    expect(consentStatusOf(false, true)).toBe('consent');
    expect(consentStatusOf(true, false)).toBe('declined');
    expect(consentStatusOf(false, false)).toBe('declined');
    expect(consentStatusOf(true, null)).toBe('await');
    expect(consentStatusOf(false, null)).toBe('neutral');
  });

  it('sends true for consent, false for declined and null otherwise', () => {
    expect(consentValueOf('consent')).toBe(true);
    expect(consentValueOf('declined')).toBe(false);
    expect(consentValueOf('await')).toBeNull();
    expect(consentValueOf('neutral')).toBeNull();
  });

  it('stores a status set by hand so that it reads back the same', () => {
    for (const status of ['consent', 'declined', 'neutral'] as const) {
      const state = manualConsentState(consentValueOf(status));
      expect(consentStatusOf(state.active, state.consent)).toBe(status);
    }
  });
});

describe('the PATCH of a change (SPEC 4: only what changed, nothing when nothing did)', () => {
  const entry = { phone: '79990000001', active: true, consent: null, comment: 'Звонить после 18' };

  it('sends nothing when neither the status nor the comment changed', () => {
    expect(buildConsentPatch(entry, {})).toBeNull();
    expect(buildConsentPatch({ ...entry, active: false }, { status: 'neutral' })).toBeNull();
    expect(buildConsentPatch(entry, { comment: '  Звонить после 18 ' })).toBeNull();
    expect(buildConsentPatch({ ...entry, comment: null }, { comment: '   ' })).toBeNull();
  });

  it('sends change_consent alone with the wire value', () => {
    expect(buildConsentPatch(entry, { status: 'declined', comment: 'Звонить после 18' })).toEqual({
      actions: ['change_consent'],
      request: { phone: '79990000001', consent: false },
    });
    // 'await' set to 'neutral' is a change even though both are sent as null.
    expect(buildConsentPatch(entry, { status: 'neutral' })).toEqual({
      actions: ['change_consent'],
      request: { phone: '79990000001', consent: null },
    });
  });

  it('sends change_comment alone, trimmed, and null for an emptied comment', () => {
    expect(buildConsentPatch(entry, { status: 'neutral', comment: 'Новый' })?.actions).toEqual([
      'change_consent',
      'change_comment',
    ]);
    expect(buildConsentPatch({ ...entry, active: false }, { status: 'neutral', comment: ' Новый ' })).toEqual({
      actions: ['change_comment'],
      request: { phone: '79990000001', comment: 'Новый' },
    });
    expect(buildConsentPatch(entry, { comment: '' })).toEqual({
      actions: ['change_comment'],
      request: { phone: '79990000001', comment: null },
    });
  });

  it('normalises comments', () => {
    expect(normalizeConsentComment(undefined)).toBeNull();
    expect(normalizeConsentComment(' a ')).toBe('a');
  });
});

describe('consent wire schemas', () => {
  it('pages by 50 unless asked otherwise and takes digits as the search', () => {
    expect(consentListQuery.parse({})).toEqual({ page: 1, page_size: CONSENT_PAGE_SIZE });
    expect(consentListQuery.parse({ page: '3', page_size: '20', search: '7999', status: 'await' })).toEqual({
      page: 3,
      page_size: 20,
      search: '7999',
      status: 'await',
    });
    expect(consentListQuery.safeParse({ search: '+7999' }).success).toBe(false);
    expect(consentListQuery.safeParse({ status: 'maybe' }).success).toBe(false);
    expect(consentListQuery.safeParse({ page: '0' }).success).toBe(false);
  });

  it('adds a valid phone with an optional comment up to the limit', () => {
    expect(addConsentBody.parse({ phone: '79990000001' })).toEqual({
      phone: '79990000001',
      comment: null,
      client_text: null,
      consent: null,
    });
    expect(addConsentBody.safeParse({ phone: '' }).success).toBe(false);
    expect(addConsentBody.safeParse({ phone: '7999' }).success).toBe(false);
    expect(addConsentBody.safeParse({ phone: '79990000001', comment: 'x'.repeat(CONSENT_COMMENT_MAX) }).success).toBe(
      true,
    );
    expect(
      addConsentBody.safeParse({ phone: '79990000001', comment: 'x'.repeat(CONSENT_COMMENT_MAX + 1) }).success,
    ).toBe(false);
  });

  it('takes only the two change actions', () => {
    expect(updateConsentBody.safeParse({ actions: [], request: { phone: '79990000001' } }).success).toBe(true);
    expect(
      updateConsentBody.safeParse({ actions: ['manual_creation'], request: { phone: '79990000001' } }).success,
    ).toBe(false);
  });

  it('reads missing export flags as off', () => {
    expect(consentXlsxBody.parse({ neutral: true })).toEqual({ consent: false, declines: false, neutral: true });
  });
});
