import { describe, expect, it } from 'vitest';
import { BLACKLIST_DEFAULT_PAGE_SIZE, BLACKLIST_PAGE_SIZES } from '@salon/contract/blacklist';
import { paginate } from '../../shared/lib/paginate';
import {
  addButtonState,
  addsOnEnter,
  filterNumbers,
  isValidBlacklistPhone,
  sanitizeBlacklistInput,
  toastForFailure,
  toastForStatus,
} from './blacklist-rules';

const listed = new Set(['79990000001', '79990000002']);

describe('blacklist input (SPEC 5)', () => {
  it('keeps digits only, at most 15', () => {
    expect(sanitizeBlacklistInput('+7 (999) 000-00-01')).toBe('79990000001');
    expect(sanitizeBlacklistInput('1234567890123456789')).toBe('123456789012345');
    expect(sanitizeBlacklistInput('abc')).toBe('');
  });

  it('accepts a phone by the contract rule: Russian numbers of 11 digits, foreign ones by their mask', () => {
    expect(isValidBlacklistPhone('')).toBe(false);
    expect(isValidBlacklistPhone('123456789')).toBe(false);
    expect(isValidBlacklistPhone('1234567890')).toBe(false);
    expect(isValidBlacklistPhone('123456789012345')).toBe(false);
    expect(isValidBlacklistPhone('799912345678')).toBe(false);
    expect(isValidBlacklistPhone('79991234567')).toBe(true);
    expect(isValidBlacklistPhone('89991234567')).toBe(true);
    expect(isValidBlacklistPhone('9991234567')).toBe(true);
    expect(isValidBlacklistPhone('995555123456')).toBe(true);
  });

  it('knows a listed number in its domestic spelling', () => {
    expect(addButtonState('89990000001', listed, false)).toEqual({ mode: 'remove', disabled: false });
    expect(addsOnEnter('9990000001', listed, false)).toBe(false);
  });

  it('disables the button while adding and for an invalid number', () => {
    expect(addButtonState('79990000003', listed, false)).toEqual({ mode: 'add', disabled: false });
    expect(addButtonState('79990000003', listed, true)).toEqual({ mode: 'add', disabled: true });
    expect(addButtonState('7999', listed, false)).toEqual({ mode: 'add', disabled: true });
    expect(addButtonState('', listed, false).disabled).toBe(true);
  });

  it('turns the button into remove for a listed number', () => {
    expect(addButtonState('79990000001', listed, false)).toEqual({ mode: 'remove', disabled: false });
    expect(addButtonState('79990000001', listed, true)).toEqual({ mode: 'remove', disabled: true });
  });

  it('adds on Enter only a valid, new number while idle', () => {
    expect(addsOnEnter('79990000003', listed, false)).toBe(true);
    expect(addsOnEnter('79990000001', listed, false)).toBe(false);
    expect(addsOnEnter('7999', listed, false)).toBe(false);
    expect(addsOnEnter('79990000003', listed, true)).toBe(false);
  });
});

describe('blacklist search and pages', () => {
  const numbers = Array.from({ length: 19 }, (_, i) => `7999000${String(i).padStart(4, '0')}`);

  it('matches digits anywhere', () => {
    expect(filterNumbers(numbers, '0018')).toEqual(['79990000018']);
    expect(filterNumbers(numbers, '+7 999')).toHaveLength(19);
    expect(filterNumbers(numbers, '')).toHaveLength(19);
  });

  it('has pages of 5, 8 or 20 rows, 8 by default (SPEC 9)', () => {
    expect(BLACKLIST_PAGE_SIZES).toEqual([5, 8, 20]);
    expect(BLACKLIST_DEFAULT_PAGE_SIZE).toBe(8);
    expect(paginate(numbers, 1, BLACKLIST_DEFAULT_PAGE_SIZE).totalPages).toBe(3);
    expect(paginate(numbers, 3, 8).rows).toHaveLength(3);
    expect(paginate(numbers, 3, 20)).toMatchObject({ page: 1, totalPages: 1 });
  });
});

describe('blacklist toasts (SPEC 8)', () => {
  it('maps the server status texts', () => {
    expect(toastForStatus('add', 'number added')).toEqual({ kind: 'success', key: 'added' });
    expect(toastForStatus('add', 'number already added')).toEqual({ kind: 'warning', key: 'alreadyAdded' });
    expect(toastForStatus('delete', 'number deleted')).toEqual({ kind: 'success', key: 'deleted' });
    expect(toastForStatus('delete', 'number not found')).toEqual({ kind: 'warning', key: 'notFound' });
  });

  it('has an error toast per action', () => {
    expect(toastForFailure('add')).toEqual({ kind: 'error', key: 'addError' });
    expect(toastForFailure('delete')).toEqual({ kind: 'error', key: 'deleteError' });
  });
});
