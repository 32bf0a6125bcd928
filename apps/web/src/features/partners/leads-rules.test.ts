import { describe, expect, it } from 'vitest';
import type { Lead } from '@salon/contract/partners';
import { ApiError } from '../../shared/api/api-error';
import {
  DEFAULT_LEAD_SORT,
  EMPTY_LEAD_FILTERS,
  EMPTY_LEAD_FORM,
  filterLeads,
  leadBodyOf,
  leadError,
  leadFormErrors,
  nextLeadSort,
  sortLeads,
} from './leads-rules';

const form = (patch: Partial<typeof EMPTY_LEAD_FORM>) => ({ ...EMPTY_LEAD_FORM, phone: '79991234567', ...patch });

const lead = (patch: Partial<Lead>): Lead => ({
  id: 1,
  phone: '79991234567',
  branch: null,
  branch_name: 'Салон Бархат',
  status: 4,
  comment: '',
  promo_code: 'VOLKOV',
  created_at: '2026-11-10T12:00:00Z',
  amo_contact_id: null,
  protected_till: '2027-02-08',
  ...patch,
});

describe('leadFormErrors', () => {
  it('needs a complete phone', () => {
    expect(leadFormErrors(form({ phone: '' }))).toEqual({ phone: 'required' });
    expect(leadFormErrors(form({ phone: '7999123' }))).toEqual({ phone: 'invalid' });
    expect(leadFormErrors(form({ phone: '+79991234567' }))).toEqual({ phone: 'invalid' });
    expect(leadFormErrors(form({}))).toEqual({});
  });

  it('takes an empty branch id, refuses one that is no positive whole number', () => {
    expect(leadFormErrors(form({ branchId: '' }))).toEqual({});
    expect(leadFormErrors(form({ branchId: '0' }))).toEqual({ branchId: 'invalid' });
    expect(leadFormErrors(form({ branchId: '12a' }))).toEqual({ branchId: 'invalid' });
    expect(leadFormErrors(form({ branchId: '3000000000' }))).toEqual({ branchId: 'invalid' });
  });

  it('limits the comment to 255 and the branch name to 120', () => {
    expect(leadFormErrors(form({ comment: 'x'.repeat(255) }))).toEqual({});
    expect(leadFormErrors(form({ comment: 'x'.repeat(256) }))).toEqual({ comment: 'tooLong' });
    expect(leadFormErrors(form({ branchName: 'x'.repeat(121) }))).toEqual({ branchName: 'tooLong' });
  });
});

describe('leadBodyOf', () => {
  it('sends the digits, a null branch id when none, and leaves empty texts out', () => {
    expect(leadBodyOf('VOLKOV', form({ branchName: '  ', comment: '' }))).toEqual({
      promo_code: 'VOLKOV',
      phone: '79991234567',
      branch_id: null,
    });
    expect(leadBodyOf('VOLKOV', form({ branchId: '42', branchName: ' Бархат ', comment: 'call' }))).toEqual({
      promo_code: 'VOLKOV',
      phone: '79991234567',
      branch_id: 42,
      branch_name: 'Бархат',
      comment: 'call',
    });
  });
});

describe('leadError', () => {
  it('reads the protection end from the server detail', () => {
    expect(leadError(new ApiError('lead_protected', 409, '2027-01-31'))).toEqual({
      key: 'protected',
      until: '2027-01-31',
    });
    expect(leadError(new ApiError('lead_protected', 409))).toEqual({ key: 'protected', until: null });
    expect(leadError(new ApiError('lead_phone_invalid', 400))).toEqual({ key: 'phoneInvalid', until: null });
    expect(leadError(new ApiError('Fail rights', 403))).toBeNull();
  });
});

describe('filterLeads', () => {
  const rows = [
    lead({ id: 1, branch_name: 'Салон Бархат', phone: '79991112233', status: 1, created_at: '2026-11-01T22:30:00Z' }),
    lead({ id: 2, branch_name: 'Волков', phone: '79995556677', status: 4, created_at: '2026-11-05T10:00:00Z' }),
    lead({ id: 3, branch_name: 'Luna 5', phone: '77010000000', status: 5, created_at: '2026-10-20T10:00:00Z' }),
  ];
  const ids = (list: Lead[]) => list.map((l) => l.id);

  it('keeps every lead without filters', () => {
    expect(ids(filterLeads(rows, EMPTY_LEAD_FILTERS, 'UTC'))).toEqual([1, 2, 3]);
  });

  it('finds by branch name or by phone digits', () => {
    expect(ids(filterLeads(rows, { ...EMPTY_LEAD_FILTERS, name: 'бархат' }, 'UTC'))).toEqual([1]);
    expect(ids(filterLeads(rows, { ...EMPTY_LEAD_FILTERS, name: '+7 999 555' }, 'UTC'))).toEqual([2]);
    expect(ids(filterLeads(rows, { ...EMPTY_LEAD_FILTERS, name: 'Luna 5' }, 'UTC'))).toEqual([3]);
  });

  it('filters by status and by creation day in the branch zone, either end open', () => {
    expect(ids(filterLeads(rows, { ...EMPTY_LEAD_FILTERS, status: 4 }, 'UTC'))).toEqual([2]);
    expect(ids(filterLeads(rows, { ...EMPTY_LEAD_FILTERS, from: '2026-11-02' }, 'UTC'))).toEqual([2]);
    // 22:30 UTC on the 1st is already the 2nd in Moscow.
    expect(ids(filterLeads(rows, { ...EMPTY_LEAD_FILTERS, from: '2026-11-02' }, 'Europe/Moscow'))).toEqual([1, 2]);
    expect(ids(filterLeads(rows, { ...EMPTY_LEAD_FILTERS, to: '2026-10-31' }, 'UTC'))).toEqual([3]);
    expect(ids(filterLeads(rows, { ...EMPTY_LEAD_FILTERS, from: '2026-11-30', to: '2026-11-01' }, 'UTC'))).toEqual([
      1, 2,
    ]);
  });
});

describe('sortLeads', () => {
  const rows = [
    lead({ id: 1, created_at: '2026-11-01T00:00:00Z', status: 3 }),
    lead({ id: 2, created_at: '2026-11-03T00:00:00Z', status: 1 }),
    lead({ id: 3, created_at: '2026-11-02T00:00:00Z', status: 5 }),
  ];
  it('shows the newest first, and sorts by a column', () => {
    expect(sortLeads(rows, DEFAULT_LEAD_SORT, 'ru').map((l) => l.id)).toEqual([2, 3, 1]);
    expect(sortLeads(rows, { column: 'status', desc: false }, 'ru').map((l) => l.id)).toEqual([2, 1, 3]);
    expect(nextLeadSort(DEFAULT_LEAD_SORT, 'created_at')).toEqual({ column: 'created_at', desc: false });
    expect(nextLeadSort(DEFAULT_LEAD_SORT, 'phone')).toEqual({ column: 'phone', desc: false });
  });
});
