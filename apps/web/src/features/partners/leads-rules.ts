import { isCompletePhone } from '@salon/contract/phone';
import { PARTNER_STATUS, type Lead } from '@salon/contract/partners';
import { LEAD_STATUSES, PARTNER_RULES, type LeadStatus } from '@salon/contract/partners-rules';
import { isApiError } from '../../shared/api/api-error';
import { isDayKey, zonedDayKey } from '../../shared/lib/datetime';
import type { ColumnSort } from '../../shared/ui/sort-header';

// SPEC 3 Leads, SPEC 5: the add-lead form and the leads table's filters and order.

export interface LeadForm {
  phone: string;
  branchId: string;
  branchName: string;
  comment: string;
}

export const EMPTY_LEAD_FORM: LeadForm = { phone: '', branchId: '', branchName: '', comment: '' };

export type LeadFormErrors = Partial<
  Record<'phone', 'required' | 'invalid'> & Record<'branchId', 'invalid'> & Record<'branchName' | 'comment', 'tooLong'>
>;

const BRANCH_ID_MAX = 2_147_483_647;

function parseBranchId(raw: string): number | null | 'invalid' {
  const text = raw.trim();
  if (text === '') return null;
  if (!/^\d{1,10}$/.test(text)) return 'invalid';
  const id = Number(text);
  return id >= 1 && id <= BRANCH_ID_MAX ? id : 'invalid';
}

// The checks the server makes too (the contract's leadBody and phone rule), before anything is sent.
export function leadFormErrors(form: LeadForm): LeadFormErrors {
  const errors: LeadFormErrors = {};
  if (form.phone === '') errors.phone = 'required';
  else if (!/^\d+$/.test(form.phone) || !isCompletePhone(form.phone)) errors.phone = 'invalid';
  if (parseBranchId(form.branchId) === 'invalid') errors.branchId = 'invalid';
  if (form.branchName.trim().length > PARTNER_RULES.leadBranchNameMax) errors.branchName = 'tooLong';
  if (form.comment.length > PARTNER_RULES.leadCommentMax) errors.comment = 'tooLong';
  return errors;
}

export interface LeadBodyWire {
  promo_code: string;
  phone: string;
  branch_id: number | null;
  branch_name?: string;
  comment?: string;
}

// POST /add_promo_leads of a form that passed leadFormErrors.
export function leadBodyOf(code: string, form: LeadForm): LeadBodyWire {
  const branchId = parseBranchId(form.branchId);
  const body: LeadBodyWire = {
    promo_code: code,
    phone: form.phone,
    branch_id: typeof branchId === 'number' ? branchId : null,
  };
  const name = form.branchName.trim();
  if (name) body.branch_name = name;
  const comment = form.comment.trim();
  if (comment) body.comment = comment;
  return body;
}

export type LeadErrorKey = 'protected' | 'phoneInvalid' | 'branchInvalid';

const LEAD_ERRORS: Record<string, LeadErrorKey> = {
  [PARTNER_STATUS.leadProtected]: 'protected',
  [PARTNER_STATUS.leadPhoneInvalid]: 'phoneInvalid',
  [PARTNER_STATUS.leadBranchInvalid]: 'branchInvalid',
};

// A refused lead in the partners namespace's words; `until` is the protection's last day
// (the server's detail) when it sent one.
export function leadError(error: unknown): { key: LeadErrorKey; until: string | null } | null {
  if (!isApiError(error)) return null;
  const key = LEAD_ERRORS[error.status];
  if (!key) return null;
  const day = /\d{4}-\d{2}-\d{2}/.exec(error.detail ?? '')?.[0] ?? null;
  return { key, until: key === 'protected' && day !== null && isDayKey(day) ? day : null };
}

// --- The table -------------------------------------------------------------------------------

export interface LeadFilters {
  // A branch name or phone digits.
  name: string;
  from: string;
  to: string;
  status: LeadStatus | null;
}

export const EMPTY_LEAD_FILTERS: LeadFilters = { name: '', from: '', to: '', status: null };

export function isLeadStatus(value: unknown): value is LeadStatus {
  return (LEAD_STATUSES as readonly unknown[]).includes(value);
}

// Creation days are the branch's days; either end of the range may be open.
export function filterLeads(rows: readonly Lead[], filters: LeadFilters, timeZone: string): Lead[] {
  const needle = filters.name.trim().toLocaleLowerCase();
  const digits = needle.replace(/\D/g, '');
  const phoneLike = digits.length > 0 && /^[\d\s()+-]+$/.test(needle);
  let [from, to] = [filters.from, filters.to];
  if (from && to && from > to) [from, to] = [to, from];
  return rows.filter((row) => {
    if (filters.status !== null && row.status !== filters.status) return false;
    if (needle) {
      const byName = row.branch_name.toLocaleLowerCase().includes(needle);
      // Only a search that reads as a phone matches phones ('Салон 5' is a name).
      const byPhone = phoneLike && row.phone.includes(digits);
      if (!byName && !byPhone) return false;
    }
    if (from || to) {
      const day = zonedDayKey(row.created_at, timeZone);
      if (day === null) return false;
      if (from && day < from) return false;
      if (to && day > to) return false;
    }
    return true;
  });
}

export const LEAD_COLUMNS = ['created_at', 'phone', 'branch_name', 'status', 'protected_till'] as const;
export type LeadColumn = (typeof LEAD_COLUMNS)[number];
export type LeadSort = ColumnSort<LeadColumn>;
export const DEFAULT_LEAD_SORT: LeadSort = { column: 'created_at', desc: true };

const at = (value: string) => {
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : 0;
};

export function sortLeads(rows: readonly Lead[], sort: LeadSort, locale: string): Lead[] {
  const collator = new Intl.Collator(locale);
  const compare: Record<LeadColumn, (a: Lead, b: Lead) => number> = {
    created_at: (a, b) => at(a.created_at) - at(b.created_at),
    phone: (a, b) => a.phone.localeCompare(b.phone),
    branch_name: (a, b) => collator.compare(a.branch_name, b.branch_name),
    status: (a, b) => a.status - b.status,
    protected_till: (a, b) => a.protected_till.localeCompare(b.protected_till),
  };
  const direction = sort.desc ? -1 : 1;
  return [...rows].sort((a, b) => direction * compare[sort.column](a, b) || b.id - a.id);
}

export function nextLeadSort(sort: LeadSort, column: LeadColumn): LeadSort {
  if (sort.column === column) return { column, desc: !sort.desc };
  return { column, desc: column === 'created_at' || column === 'protected_till' };
}
