import { describe, expect, it } from 'vitest';
import { DEFAULT_GENERAL_SETTINGS } from '@salon/contract/settings';
import {
  cleanHiddenEntries,
  generalProblems,
  generalServerError,
  limitHiddenEntryInput,
  needsEnableChatConfirm,
  sanitizeSettingsPhone,
  toGeneralBody,
} from './general-rules';

describe('general settings rules', () => {
  it('keeps hidden entries of at most 12 characters, trimmed and unique', () => {
    expect(cleanHiddenEntries([' 79991234567 ', '79991234567', '', '7999123456789'])).toEqual({
      entries: ['79991234567'],
      refused: true,
    });
    expect(cleanHiddenEntries(['123456789012'])).toEqual({ entries: ['123456789012'], refused: false });
    expect(limitHiddenEntryInput('1234567890123456')).toBe('123456789012');
  });

  it('stops at the list limit', () => {
    const many = Array.from({ length: 60 }, (_, i) => String(1000 + i));
    const { entries, refused } = cleanHiddenEntries(many);
    expect(entries).toHaveLength(50);
    expect(refused).toBe(true);
  });

  it('asks for confirmation only when the chat is turned back on', () => {
    expect(needsEnableChatConfirm(true, false)).toBe(true);
    expect(needsEnableChatConfirm(false, true)).toBe(false);
    expect(needsEnableChatConfirm(false, false)).toBe(false);
  });

  it('keeps digits of the phone and checks its length', () => {
    expect(sanitizeSettingsPhone('+7 (999) 123-45-67')).toBe('79991234567');
    expect(generalProblems({ ...DEFAULT_GENERAL_SETTINGS, phone: '123' })).toEqual({ phone: 'phoneInvalid' });
    expect(generalProblems({ ...DEFAULT_GENERAL_SETTINGS, phone: '' })).toEqual({});
    expect(generalProblems({ ...DEFAULT_GENERAL_SETTINGS, phone: '79991234567' })).toEqual({});
  });

  it('trims what it sends', () => {
    const body = toGeneralBody({
      ...DEFAULT_GENERAL_SETTINGS,
      custom_name: '  Бархат ',
      phones_dont_show_in_bot: [' 1 '],
    });
    expect(body.custom_name).toBe('Бархат');
    expect(body.phones_dont_show_in_bot).toEqual(['1']);
  });

  it('maps server issues to fields', () => {
    expect(generalServerError('phones_dont_show_in_bot.2')).toEqual(['phones_dont_show_in_bot', 'tooLong']);
    expect(generalServerError('phone')).toEqual(['phone', 'phoneInvalid']);
    expect(generalServerError('')).toBeNull();
  });
});
