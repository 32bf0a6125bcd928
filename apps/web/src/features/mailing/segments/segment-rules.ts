import { CLIENT_LIST_STATUS } from '@salon/contract/mailing-clients';
import {
  SEGMENT_NAME_MAX,
  SEGMENT_STATUS,
  segmentFilters,
  type SegmentCondition,
  type SegmentConditionType,
  type SegmentFilters,
} from '@salon/contract/mailing-segments';
import { isApiError } from '../../../shared/api/api-error';

// Pure rules of the "clients from the booking system" source: new conditions, what is sent,
// whether filters changed, and which message a refusal gets (SPEC 8 Segments, Mailing).

export const EMPTY_FILTERS: SegmentFilters = { operation: 'AND', conditions: [] };

// YYYY-MM-DD of a day, `days` from `today`.
export function shiftDay(today: string, days: number): string {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

// A new condition of a kind, with nothing chosen yet (a 'sent earlier' one needs its period: the
// last 30 days).
export function emptyCondition(type: SegmentConditionType, today: string): SegmentCondition {
  switch (type) {
    case 'client':
      return { type: 'client' };
    case 'record':
      return { type: 'record', visit: 'any' };
    case 'sale':
      return { type: 'sale' };
    case 'sent_earlier':
      return { type: 'sent_earlier', period: { from: shiftDay(today, -30), to: today }, got: true };
  }
}

const isEmptyValue = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && !Array.isArray(value) && Object.values(value as object).every(isEmptyValue));

// Drops what filters nothing: empty lists, open ranges, untouched certificate and subscription
// parts ('any' visit too). The server treats them the same; without them a saved segment reads
// clean and two equal audiences compare equal.
export function cleanCondition(condition: SegmentCondition): SegmentCondition {
  const entries = Object.entries(condition).filter(
    ([key, value]) =>
      key === 'type' ||
      (!isEmptyValue(value) &&
        !(key === 'visit' && value === 'any') &&
        // A category choice without categories chooses nothing.
        !(key === 'clientCategory' && isEmptyValue((value as { ids?: unknown }).ids))),
  );
  const cleaned = Object.fromEntries(
    entries.map(([key, value]) => {
      if (key === 'type' || typeof value !== 'object' || Array.isArray(value) || value === null) return [key, value];
      // Ranges keep both ends (null for an open one); certificate and subscription parts drop empty fields.
      if ('from' in value || 'to' in value) {
        const range = value as { from?: unknown; to?: unknown };
        return [key, { from: range.from ?? null, to: range.to ?? null }];
      }
      return [key, Object.fromEntries(Object.entries(value).filter(([, v]) => !isEmptyValue(v)))];
    }),
  );
  return cleaned as SegmentCondition;
}

export function cleanFilters(filters: SegmentFilters): SegmentFilters {
  return { operation: filters.operation, conditions: filters.conditions.map(cleanCondition) };
}

export function sameFilters(a: SegmentFilters, b: SegmentFilters): boolean {
  return JSON.stringify(cleanFilters(a)) === JSON.stringify(cleanFilters(b));
}

export interface FilterIssue {
  // conditions.0.recordsCount.to
  path: string;
  code: string;
}

// The contract's own checks (ranges in order, real dates) on what would be sent.
export function filterIssues(filters: SegmentFilters): FilterIssue[] {
  const parsed = segmentFilters.safeParse(cleanFilters(filters));
  return parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path.join('.'), code: i.message }));
}

// The issue code of one field of one condition ('recordsCount' covers its from and to).
export function issueAt(issues: readonly FilterIssue[], index: number, field: string): string | null {
  const prefix = `conditions.${index}.${field}`;
  return issues.find((i) => i.path === prefix || i.path.startsWith(`${prefix}.`))?.code ?? null;
}

export type NameCheck = 'ok' | 'required' | 'tooLong';
export function checkSegmentName(name: string): NameCheck {
  const trimmed = name.trim();
  if (trimmed === '') return 'required';
  return trimmed.length > SEGMENT_NAME_MAX ? 'tooLong' : 'ok';
}

// SPEC 8 Segments: added, adding error, deleted, deleting error (a change has its own pair).
export type SegmentToastKey = 'added' | 'addError' | 'updated' | 'updateError' | 'deleted' | 'deleteError' | 'tooMany';
export function saveToast(
  mode: 'create' | 'update',
  error?: unknown,
): { kind: 'success' | 'error'; key: SegmentToastKey } {
  if (error === undefined) return { kind: 'success', key: mode === 'create' ? 'added' : 'updated' };
  if (isApiError(error) && error.status === SEGMENT_STATUS.tooMany) return { kind: 'error', key: 'tooMany' };
  return { kind: 'error', key: mode === 'create' ? 'addError' : 'updateError' };
}
export function deleteToast(error?: unknown): { kind: 'success' | 'error'; key: SegmentToastKey } {
  return error === undefined ? { kind: 'success', key: 'deleted' } : { kind: 'error', key: 'deleteError' };
}

// How a refused "get clients" shows (SPEC 8 Mailing): no clients is the "clients not found"
// callout; a filter the CRM cannot evaluate names the filter; the CRM being down has its message;
// any other detail string is shown as it is, else the common error.
export type CrmFetchFailure =
  | { kind: 'notFound' }
  | { kind: 'unsupported'; field: string }
  | { kind: 'crmUnavailable' }
  | { kind: 'tooManyRows' }
  | { kind: 'detail'; detail: string }
  | { kind: 'common' };

export function crmFetchFailure(error: unknown): CrmFetchFailure {
  if (!isApiError(error)) return { kind: 'common' };
  if (error.detail === CLIENT_LIST_STATUS.noContacts || error.status === CLIENT_LIST_STATUS.noContacts) {
    return { kind: 'notFound' };
  }
  if (error.status === SEGMENT_STATUS.unsupportedFilter) return { kind: 'unsupported', field: error.detail ?? '' };
  if (error.status === SEGMENT_STATUS.crmUnavailable) return { kind: 'crmUnavailable' };
  if (error.status === CLIENT_LIST_STATUS.tooManyRows) return { kind: 'tooManyRows' };
  if (error.detail) return { kind: 'detail', detail: error.detail };
  return { kind: 'common' };
}

// Filter fields whose names the cabinet translates (UnsupportedCrmFilter's field).
export const FILTER_FIELD_KEYS = [
  'agePeriod',
  'subscriptions.statuses',
  'subscriptions.frozen',
  'subscriptions.remainingServices',
] as const;
export type FilterFieldKey = (typeof FILTER_FIELD_KEYS)[number];
export const isFilterFieldKey = (field: string): field is FilterFieldKey =>
  (FILTER_FIELD_KEYS as readonly string[]).includes(field);
