import { describe, expect, it } from 'vitest';
import {
  formatPhone,
  PREFERRED_PHONE_COUNTRIES,
  isCompletePhone,
  normalizePhone,
  normalizeStrictPhone,
  phoneInputMaxDigits,
  phoneMaskFor,
} from './phone.js';

describe('normalizePhone', () => {
  // Spellings seen in client lists, CRM fields and forms.
  it.each([
    ['+7 (999) 123-45-67', '79991234567'],
    ['8 999 123 45 67', '79991234567'],
    ['8-999-123-45-67', '79991234567'],
    ['8(999)1234567', '79991234567'],
    ['9991234567', '79991234567'],
    ['(999) 123-45-67', '79991234567'],
    ['79991234567', '79991234567'],
    ['+79991234567', '79991234567'],
    ['7 999 123 45 67', '79991234567'],
    ['  +7\u00a0999\u00a0123\u201145\u201167 ', '79991234567'],
    ['\ufeff+7 999 123 45 67', '79991234567'],
    ['+7 999 123-45-67 доб. 123', '79991234567'],
    ['+7 999 123-45-67 ext. 12', '79991234567'],
    ['+7 999 123-45-67 x12', '79991234567'],
    ['8 (999) 123-45-67 (доб. 4)', '79991234567'],
    ['тел.: 8 999 123 45 67', '79991234567'],
    ['WhatsApp +7 999 123 45 67', '79991234567'],
    ['8 999 123 45 67, 8 916 000 00 00', '79991234567'],
    ['8 999 123 45 67 / 8 916 000 00 00', '79991234567'],
    ['999.123.45.67', '79991234567'],
    // City codes are Russian numbers like mobiles.
    ['(495) 123-45-67', '74951234567'],
    ['+7 495 123-45-67', '74951234567'],
    ['8 (812) 123-45-67', '78121234567'],
    ['4951234567', '74951234567'],
    ['8 800 555 35 35', '78005553535'],
    // Kazakhstan shares +7.
    ['+7 701 234 56 78', '77012345678'],
    ['8 701 234 56 78', '77012345678'],
    // Foreign numbers.
    ['+995 555 12 34 56', '995555123456'],
    ['995555123456', '995555123456'],
    ['00995 555 12 34 56', '995555123456'],
    ['+66 81 234 5678', '66812345678'],
    ['+84 912 345 678', '84912345678'],
    ['+375 29 123-45-67', '375291234567'],
    ['+44 20 7946 0958', '442079460958'],
    ['1 202 555 0143', '12025550143'],
    // Stray or doubled prefixes.
    ['+8 999 123 45 67', '79991234567'],
    ['+7 8 999 123 45 67', '79991234567'],
    // Numbers that went through text.
    ['79991234567.0', '79991234567'],
    ['7.9991234567E+10', '79991234567'],
    ['7.9991234567e10', '79991234567'],
  ])('%j → %s', (raw, phone) => {
    expect(normalizePhone(raw)).toBe(phone);
  });

  // Excel numeric cells.
  it.each([
    [79991234567, '79991234567'],
    [89991234567, '79991234567'],
    [9991234567, '79991234567'],
    [4951234567, '74951234567'],
    [7.9991234567e10, '79991234567'],
    [995555123456, '995555123456'],
  ])('number %d → %s', (raw, phone) => {
    expect(normalizePhone(raw)).toBe(phone);
  });

  it.each([
    '',
    '   ',
    'нет телефона',
    'доб. 12',
    '123',
    '12345',
    '0123456789',
    // A digit missing.
    '+7 999 123',
    '+7 999 123 45 6',
    '7999123456',
    '8 999 123 45 6',
    '999 123 45 6',
    // A digit too many.
    '+7 999 123 45 678',
    '79991234567 8'.replace(' ', ''),
    '8 999 123 45 678',
    '9991234567 8'.replace(' ', ''),
    // No such numbers.
    '1234567890',
    '2025550143',
    '+995 555 12 34',
    '1234567890123456',
    '+7 (999) 123-45-67-89-01-23',
  ])('%j is no phone', (raw) => {
    expect(normalizePhone(raw)).toBeNull();
  });

  it.each([0, -79991234567, 9991234567.5, 7999123456, 799912345678, 1e16, Number.NaN, Number.POSITIVE_INFINITY])(
    'number %d is no phone',
    (n) => {
      expect(normalizePhone(n)).toBeNull();
    },
  );

  it('reads nothing from null and undefined', () => {
    expect(normalizePhone(null)).toBeNull();
    expect(normalizePhone(undefined)).toBeNull();
  });

  it('gives the same number for every spelling of it', () => {
    const spellings = ['+7 (495) 123-45-67', '(495) 123-45-67', '8 495 1234567', '74951234567', 74951234567];
    expect(new Set(spellings.map((s) => normalizePhone(s)))).toEqual(new Set(['74951234567']));
  });

  it('is idempotent', () => {
    for (const phone of ['79991234567', '995555123456', '66812345678', '12025550143', '77012345678']) {
      expect(normalizePhone(normalizePhone(phone))).toBe(phone);
    }
  });
});

describe('normalizeStrictPhone', () => {
  it('takes a phone and its separators only', () => {
    expect(normalizeStrictPhone('+7 (999) 123-45-67')).toBe('79991234567');
    expect(normalizeStrictPhone('тел. 79991234567')).toBeNull();
    expect(normalizeStrictPhone('+7 999 123-45-67 доб. 1')).toBeNull();
  });
});

describe('phone masks (SPEC 5)', () => {
  it('follows the metadata: 995 has 12 digits, 66 has 11, Russia 11', () => {
    expect(phoneMaskFor('995')).toMatchObject({ country: 'GE', callingCode: '995', digits: 12 });
    expect(phoneMaskFor('66')).toMatchObject({ country: 'TH', callingCode: '66', digits: 11 });
    expect(phoneMaskFor('7')).toMatchObject({ country: 'RU', callingCode: '7', digits: 11 });
    expect(phoneMaskFor('8')).toMatchObject({ country: 'RU', digits: 11 });
    expect(phoneMaskFor('375')).toMatchObject({ country: 'BY', digits: 12 });
    expect(phoneMaskFor('')).toMatchObject({ country: 'RU' });
  });

  it('prefers RU, BY and KZ', () => {
    expect(PREFERRED_PHONE_COUNTRIES).toEqual(['RU', 'BY', 'KZ']);
    expect(phoneMaskFor('77').country).toBe('RU');
  });

  it('keeps room for ten digits without the 7', () => {
    expect(phoneInputMaxDigits('8999')).toBe(11);
    expect(phoneInputMaxDigits('995')).toBe(12);
    expect(phoneInputMaxDigits('999')).toBeGreaterThanOrEqual(10);
  });

  it('calls a number complete when it is a phone', () => {
    expect(isCompletePhone('995555123456')).toBe(true);
    expect(isCompletePhone('99555512345')).toBe(false);
    expect(isCompletePhone('66812345678')).toBe(true);
    expect(isCompletePhone('6681234567')).toBe(false);
    expect(isCompletePhone('89991234567')).toBe(true);
    expect(isCompletePhone('8999123456')).toBe(false);
  });
});

describe('formatPhone', () => {
  it('spells stored digits the international way and leaves the rest alone', () => {
    expect(formatPhone('79261110005')).toBe('+7 926 111 00 05');
    expect(formatPhone('375291234567')).toMatch(/^\+375 29 123/);
    expect(formatPhone('abc')).toBe('abc');
  });
});
