import { describe, expect, it } from 'vitest';
import { AI_EMOJI_MAX, DEFAULT_NIGHT_MESSAGE, type AgentWire } from '@salon/contract/ai-agents';
import {
  AGGREGATION_TYPED,
  LOOKUP_TYPED,
  addEmojis,
  addPhone,
  aggregationOnBlur,
  changedFields,
  confirmFor,
  fingerprint,
  lookupOnBlur,
  settledNumber,
  nightMessageOrDefault,
  settingsPatch,
  toExclusionsDraft,
  toSettingsDraft,
  typedNumber,
} from './ai-settings-rules';

const agent: AgentWire = {
  id: 1,
  account_id: 10,
  paid: true,
  is_active: false,
  recommendation_mode: 'manual',
  aggregation_time: 5,
  night_mode_schedule: { active: false, start: '22:00', end: '08:00', message_text: '' },
  schedule_lookup_interval: 1,
  mark_read: false,
  work_with_record: false,
  tone_of_voice: 'neutral',
  emoji_list: [],
  phones: ['79991234567'],
  masters_exceptions: [],
  services_exceptions: ['5'],
  categories_exceptions: [],
  switch_to_human: false,
  switch_to_human_message: '',
};

describe('typed number fields (SPEC 5)', () => {
  it('accepts lookup days typed 0…30 and refuses a keystroke past the range', () => {
    expect(typedNumber('0', '', LOOKUP_TYPED)).toBe('0');
    expect(typedNumber('30', '3', LOOKUP_TYPED)).toBe('30');
    expect(typedNumber('31', '3', LOOKUP_TYPED)).toBe('3');
    expect(typedNumber('3a', '3', LOOKUP_TYPED)).toBe('3');
    expect(typedNumber('-1', '', LOOKUP_TYPED)).toBe('');
    expect(typedNumber('', '12', LOOKUP_TYPED)).toBe('');
  });

  it('accepts aggregation typed 0…60', () => {
    expect(typedNumber('0', '', AGGREGATION_TYPED)).toBe('0');
    expect(typedNumber('60', '6', AGGREGATION_TYPED)).toBe('60');
    expect(typedNumber('61', '6', AGGREGATION_TYPED)).toBe('6');
    expect(typedNumber('007', '', AGGREGATION_TYPED)).toBe('7');
  });

  it('applies a typed value at once only when it is storable', () => {
    expect(settledNumber('17', LOOKUP_TYPED)).toBe(17);
    expect(settledNumber('0', LOOKUP_TYPED)).toBeNull();
    expect(settledNumber('4', AGGREGATION_TYPED)).toBeNull();
    expect(settledNumber('5', AGGREGATION_TYPED)).toBe(5);
    expect(settledNumber('', AGGREGATION_TYPED)).toBeNull();
  });

  it('clamps lookup days to 1…30 on blur, empty gives the default 1', () => {
    expect(lookupOnBlur('0')).toBe(1);
    expect(lookupOnBlur('')).toBe(1);
    expect(lookupOnBlur('17')).toBe(17);
    expect(lookupOnBlur('30')).toBe(30);
  });

  it('clamps aggregation to 5…60 on blur, empty gives the default 5', () => {
    expect(aggregationOnBlur('0')).toBe(5);
    expect(aggregationOnBlur('4')).toBe(5);
    expect(aggregationOnBlur('')).toBe(5);
    expect(aggregationOnBlur('60')).toBe(60);
  });
});

describe('emoji list (SPEC 5)', () => {
  it('splits by visible character, keeping skin tones and families whole', () => {
    expect(addEmojis([], '👍🏽👨‍👩‍👧🇷🇺')).toEqual(['👍🏽', '👨‍👩‍👧', '🇷🇺']);
  });

  it('drops repeats, spaces and plain letters', () => {
    expect(addEmojis(['😀'], '😀 a 🌸 🌸')).toEqual(['😀', '🌸']);
  });

  it('stops at the contract cap', () => {
    const many = Array.from({ length: AI_EMOJI_MAX }, (_, i) => String.fromCodePoint(0x1f600 + i));
    expect(addEmojis(many, '🌸')).toHaveLength(AI_EMOJI_MAX);
  });
});

describe('excluded phones (SPEC 5)', () => {
  it('adds a valid phone with its country code', () => {
    expect(addPhone([], '89991234568')).toEqual({ ok: true, phones: ['79991234568'] });
  });

  it('refuses an incomplete number and a repeat', () => {
    expect(addPhone([], '7999123')).toEqual({ ok: false, reason: 'invalid' });
    expect(addPhone(['79991234567'], '79991234567')).toEqual({ ok: false, reason: 'duplicate' });
  });
});

describe('night-mode message and the PATCH body', () => {
  it('falls back to the default text when empty', () => {
    expect(nightMessageOrDefault('  ')).toBe(DEFAULT_NIGHT_MESSAGE);
    expect(nightMessageOrDefault('Closed')).toBe('Closed');
  });

  it('sends only the changed fields, the night message never empty', () => {
    const loaded = toSettingsDraft(agent);
    const draft = { ...loaded, night_mode_schedule: { ...loaded.night_mode_schedule, active: true }, mark_read: true };
    expect(settingsPatch(loaded, draft)).toEqual({
      mark_read: true,
      night_mode_schedule: { active: true, start: '22:00', end: '08:00', message_text: DEFAULT_NIGHT_MESSAGE },
    });
    expect(settingsPatch(loaded, { ...loaded })).toEqual({});
  });

  it('copies the whole tab when compared with nothing (the copy-to-branches body)', () => {
    const draft = toSettingsDraft(agent);
    const whole = settingsPatch({} as typeof draft, draft);
    expect(Object.keys(whole).sort()).toEqual(Object.keys(draft).sort());
    expect(whole.night_mode_schedule?.message_text).toBe(DEFAULT_NIGHT_MESSAGE);
  });

  it('splits the agent into the two tabs without sharing arrays', () => {
    const exclusions = toExclusionsDraft(agent);
    expect(Object.keys(exclusions).sort()).toEqual([
      'categories_exceptions',
      'masters_exceptions',
      'phones',
      'services_exceptions',
    ]);
    exclusions.phones.push('x');
    expect(agent.phones).toEqual(['79991234567']);
    expect(changedFields(toExclusionsDraft(agent), exclusions)).toEqual({ phones: ['79991234567', 'x'] });
    expect(fingerprint(toSettingsDraft(agent))).toBe(fingerprint(toSettingsDraft(agent)));
  });
});

describe('confirmations (SPEC 4)', () => {
  const draft = toSettingsDraft(agent);
  it('asks before switching on and before automatic mode', () => {
    expect(confirmFor(draft, { is_active: true })).toBe('activate');
    expect(confirmFor(draft, { recommendation_mode: 'automatic' })).toBe('automatic');
  });
  it('applies switching off and manual mode at once', () => {
    expect(confirmFor({ ...draft, is_active: true }, { is_active: false })).toBeNull();
    expect(confirmFor({ ...draft, recommendation_mode: 'automatic' }, { recommendation_mode: 'manual' })).toBeNull();
  });
});
