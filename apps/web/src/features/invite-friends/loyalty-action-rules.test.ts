import { describe, expect, it } from 'vitest';
import { loyaltyActionInput, loyaltyActionUpdate, type LoyaltyActionWire } from '@salon/contract/loyalty';
import {
  PLACEHOLDER_CARD,
  actionProblems,
  activeDependents,
  bonusInput,
  createdId,
  goesOn,
  draftFingerprint,
  idFromStatus,
  interestInput,
  interestOnBlur,
  monthlyLimitInput,
  monthlyLimitOnBlur,
  newActionDraft,
  rangeInput,
  saveOutcome,
  setBonusType,
  setCardType,
  setDraftActive,
  toActionDraft,
  toActionInput,
  toActionUpdate,
  type ActionDraft,
} from './loyalty-action-rules';

const CARD = { id: '7', title: 'Gold', salonGroupId: '3' };

function wire(patch: Partial<LoyaltyActionWire> = {}): LoyaltyActionWire {
  return {
    loyalty_action_id: 12,
    title: 'Bring a friend',
    active: true,
    bonus_type: 'percents',
    card_type: { id: '7', title: 'Gold', salon_group_id: '3' },
    loyalty_points: null,
    new_customer_points: 300,
    range_of_visits: [0, 3],
    interest_regular_customer: 5,
    sending_bonuses: true,
    monthly_limit: 4,
    date_create_template: '2026-01-10T09:00:00Z',
    date_first_activate_template: null,
    ...patch,
  };
}

const ready = (patch: Partial<ActionDraft> = {}): ActionDraft => ({
  ...newActionDraft('Новая акция'),
  bonusType: 'first_visit',
  cardType: CARD,
  loyaltyPoints: '500',
  ...patch,
});

describe('SPEC 5 field rules', () => {
  it('bonus fields keep digits only within 0 … 1,000,000,000', () => {
    expect(bonusInput('12a3')).toBe('123');
    expect(bonusInput('-5')).toBe('5');
    expect(bonusInput('007')).toBe('7');
    expect(bonusInput('99999999999')).toBe('1000000000');
    expect(bonusInput('')).toBe('');
  });

  it('interest stays 1 … 100 and falls back to the default 1 when left empty or zero', () => {
    expect(interestInput('250')).toBe('100');
    expect(interestInput('4x2')).toBe('42');
    expect(interestInput('')).toBe('');
    expect(interestOnBlur('')).toBe('1');
    expect(interestOnBlur('0')).toBe('1');
    expect(interestOnBlur('55')).toBe('55');
  });

  it('the visit range is emptied below 1 and capped at the maximum', () => {
    expect(rangeInput('0')).toBe('');
    expect(rangeInput('00')).toBe('');
    expect(rangeInput('3')).toBe('3');
    expect(rangeInput('5000')).toBe('100');
  });

  it('the monthly limit is capped and defaults to 10 when left empty', () => {
    expect(monthlyLimitInput('99999')).toBe('1000');
    expect(monthlyLimitOnBlur('')).toBe('10');
    expect(monthlyLimitOnBlur('0')).toBe('10');
    expect(monthlyLimitOnBlur('3')).toBe('3');
  });
});

describe('SPEC 4 activation', () => {
  it('a new action is inactive, named as given, with the placeholder card type', () => {
    const draft = newActionDraft('Новая акция');
    expect(draft).toMatchObject({ title: 'Новая акция', active: false, bonusType: 'notSelected', interest: '1' });
    expect(draft.cardType.id).toBe('0');
  });

  it('is blocked when card types failed to load, before anything else', () => {
    expect(setDraftActive(ready(), true, 'failed')).toMatchObject({
      block: 'cardsUnavailable',
      draft: { active: false },
    });
  });

  it('is blocked without a card type or a bonus type', () => {
    expect(setDraftActive(ready({ cardType: PLACEHOLDER_CARD }), true, 'ok').block).toBe('noCardType');
    expect(setDraftActive(ready({ bonusType: 'notSelected' }), true, 'ok').block).toBe('noBonusType');
  });

  it('goes through when both are chosen, and switching off always goes through', () => {
    expect(setDraftActive(ready(), true, 'ok')).toMatchObject({ block: null, draft: { active: true } });
    expect(setDraftActive(ready({ active: true }), false, 'failed')).toMatchObject({
      block: null,
      draft: { active: false },
    });
  });

  it('a save is checked only when it switches the action on or moves it to another card', () => {
    const on = ready({ active: true });
    expect(goesOn(ready(), on)).toBe(true);
    expect(goesOn(on, ready({ active: true, title: 'x' }))).toBe(false);
    expect(goesOn(on, { ...on, cardType: { id: '9', title: 'Silver', salonGroupId: null } })).toBe(true);
    expect(goesOn(on, { ...on, active: false })).toBe(false);
  });

  it('choosing the placeholder card type forces the action inactive', () => {
    const on = ready({ active: true });
    expect(setCardType(on, PLACEHOLDER_CARD).active).toBe(false);
    expect(setCardType(on, { id: '9', title: 'Silver', salonGroupId: null }).active).toBe(true);
  });

  it('choosing a bonus type keeps the interest default', () => {
    expect(setBonusType(ready({ interest: '' }), 'percents').interest).toBe('1');
  });
});

describe('problems before the save', () => {
  it('needs a title and the chosen type’s fields', () => {
    expect(actionProblems(ready({ title: '  ' })).title).toBe('required');
    expect(actionProblems(ready({ title: 'x'.repeat(121) })).title).toBe('too_long');
    expect(actionProblems(ready({ loyaltyPoints: '' })).loyaltyPoints).toBe('required');
    expect(actionProblems(ready({ bonusType: 'percents', rangeOfVisits: '' })).rangeOfVisits).toBe('visit_range');
    expect(actionProblems(ready({ bonusType: 'percents', interest: '' })).interest).toBe('interest_range');
    expect(actionProblems(ready())).toEqual({});
  });

  it('an inactive action may be saved without a bonus type, an active one may not', () => {
    expect(actionProblems(newActionDraft('A'))).toEqual({});
    expect(actionProblems({ ...newActionDraft('A'), active: true }).bonusType).toBe('bonus_required');
  });
});

describe('bodies the contract accepts', () => {
  it('first_visit sends its points and no percent fields', () => {
    const body = loyaltyActionInput.parse(toActionInput(ready({ newCustomerPoints: '' })));
    expect(body).toMatchObject({
      bonus_type: 'first_visit',
      loyalty_points: 500,
      interest_regular_customer: null,
      range_of_visits: [0, 1],
      new_customer_points: 0,
      card_type: { id: '7', title: 'Gold', salon_group_id: '3' },
      sending_bonuses: true,
      monthly_limit: 10,
    });
  });

  it('percents sends the interest and the visit range, no points', () => {
    const body = loyaltyActionInput.parse(
      toActionInput(ready({ bonusType: 'percents', interest: '15', rangeOfVisits: '4' })),
    );
    expect(body).toMatchObject({ loyalty_points: null, interest_regular_customer: 15, range_of_visits: [0, 4] });
  });

  it('a saved action round-trips through the draft into an update', () => {
    const draft = toActionDraft(wire());
    const body = loyaltyActionUpdate.parse(toActionUpdate({ ...draft, id: 12, title: 'Renamed' }));
    expect(body).toMatchObject({
      loyalty_action_id: 12,
      old_title: 'Bring a friend',
      title: 'Renamed',
      interest_regular_customer: 5,
      range_of_visits: [0, 3],
      new_customer_points: 300,
      monthly_limit: 4,
      active: true,
    });
  });

  it('the fingerprint changes with what would be saved only', () => {
    const draft = toActionDraft(wire());
    expect(draftFingerprint({ ...draft })).toBe(draftFingerprint(draft));
    expect(draftFingerprint({ ...draft, interest: '6' })).not.toBe(draftFingerprint(draft));
  });
});

describe('answers', () => {
  it('permission false is a warning whatever the status; otherwise a success, Object not update included', () => {
    expect(saveOutcome({ loyalty_permission_status: false })).toBe('noPermission');
    expect(saveOutcome({ loyalty_permission_status: true })).toBe('saved');
  });

  it('reads the id a create or a delete names', () => {
    expect(idFromStatus('Loyalty action created id 41')).toBe(41);
    expect(idFromStatus('Loyalty action deleted id 7')).toBe(7);
    expect(idFromStatus('OK')).toBeNull();
    expect(createdId({ status: 'Loyalty action created id 41', data: null })).toBe(41);
    expect(createdId({ status: 'Loyalty action created id 41', data: wire({ loyalty_action_id: 42 }) })).toBe(42);
  });

  it('only active dependent templates are turned off with the action', () => {
    const templates = [
      { id: 1, title: 'A', active: true, type_template: 'em', loyalty_action_id: 12 },
      { id: 2, title: 'B', active: false, type_template: 'tm', loyalty_action_id: 12 },
    ];
    expect(activeDependents(templates).map((t) => t.id)).toEqual([1]);
  });
});
