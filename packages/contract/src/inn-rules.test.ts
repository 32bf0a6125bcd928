import { describe, expect, it } from 'vitest';
import { isValidInn, KPP_PATTERN } from './inn-rules.js';

// SPEC 5 Tax id. Valid vectors are real registrations whose check digits are published; each invalid
// vector is one of them with a single change, so a checksum that ignores a position fails here.
describe('INN (tax id) checksum', () => {
  it.each([
    ['7707083893', 'Sberbank, 10 digits'],
    ['7830002293', '10 digits'],
    ['7736050003', 'Gazprom, 10 digits'],
    ['7702070139', 'VTB, 10 digits'],
    ['500100732259', 'individual, 12 digits'],
  ])('accepts %s (%s)', (inn) => {
    expect(isValidInn(inn)).toBe(true);
  });

  it.each([
    ['7707083894', 'check digit changed'],
    ['7707083883', 'ninth digit changed'],
    ['8707083893', 'first digit changed'],
    ['7830002292', 'check digit changed'],
    ['7830012293', 'middle digit changed'],
    ['500100732258', '12 digits: second check digit changed'],
    ['500100732269', '12 digits: first check digit changed'],
    // First check digit wrong, second one computed over the wrong first: both must be checked.
    ['500100732266', '12 digits: only the first check digit wrong'],
    ['600100732259', '12 digits: first digit changed'],
    ['1234567890', 'arbitrary 10 digits'],
    ['123456789012', 'arbitrary 12 digits'],
  ])('refuses %s (%s)', (inn) => {
    expect(isValidInn(inn)).toBe(false);
  });

  it.each([
    ['', 'empty'],
    ['770708389', '9 digits'],
    ['77070838931', '11 digits'],
    ['5001007322591', '13 digits'],
    ['77070838 3', 'a space'],
    ['77O7083893', 'a letter O for a zero'],
    ['7707083893a', 'a trailing letter'],
    ['abcdefghij', 'letters only'],
    [' 7707083893', 'a leading space'],
    ['7707083893\n', 'a trailing newline'],
    ['+7707083893', 'a sign'],
    ['７７０７０８３８９３', 'full-width digits'],
  ])('refuses %j (%s)', (inn) => {
    expect(isValidInn(inn)).toBe(false);
  });
});

describe('KPP pattern', () => {
  it.each(['773601001', '770701001', '7707AB001', '7707ZZ999'])('accepts %s', (kpp) => {
    expect(KPP_PATTERN.test(kpp)).toBe(true);
  });

  it.each([
    ['', 'empty'],
    ['77360100', '8 characters'],
    ['7736010011', '10 characters'],
    ['7736ab001', 'lower-case reason letters'],
    ['A73601001', 'a letter in the tax office code'],
    ['773601O01', 'a letter in the serial number'],
    ['7736-1001', 'punctuation'],
    ['773601001\n', 'a trailing newline'],
  ])('refuses %j (%s)', (kpp) => {
    expect(KPP_PATTERN.test(kpp)).toBe(false);
  });
});
