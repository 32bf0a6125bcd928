// Zod-free half of mailing-segments.ts (SPEC 3 Segment, SPEC 3 Mailing client filters): the
// constants and date rules of CRM segments, shared by the schemas, the server's CRM drivers and the
// cabinet's condition editor. mailing-segments.ts re-exports everything here.

// SPEC 5 leaves the segment name's limit unshown; 255 is ours, the description's 2000 too (both
// among SPEC 5's "limits with no context").
export const SEGMENT_NAME_MAX = 255;
export const SEGMENT_DESCRIPTION_MAX = 2000;
// Ours: enough for any real audience, small enough that one search stays a few CRM requests.
export const SEGMENT_CONDITIONS_MAX = 20;
export const SEGMENT_IDS_MAX = 500;
export const SEGMENTS_PER_BRANCH_MAX = 200;
export const AGE_MAX = 120;
export const RECORDS_COUNT_MAX = 1_000_000;
export const AMOUNT_MAX = 1_000_000_000_000;

export const SEGMENT_OPERATIONS = ['AND', 'OR'] as const;
export type SegmentOperation = (typeof SEGMENT_OPERATIONS)[number];

export const SEGMENT_CONDITION_TYPES = ['client', 'record', 'sale', 'sent_earlier'] as const;
export type SegmentConditionType = (typeof SEGMENT_CONDITION_TYPES)[number];

// SPEC 3 Mailing client filters: man 1, woman 2, unknown 0 (the CRM's sex codes).
export const GENDERS = { unknown: 0, man: 1, woman: 2 } as const;
export const GENDER_VALUES = [0, 1, 2] as const;
export type GenderValue = (typeof GENDER_VALUES)[number];

// clientCategory: clients in any of the listed categories, or in none of them.
export const CLIENT_CATEGORY_MODES = ['include', 'exclude'] as const;
export type ClientCategoryMode = (typeof CLIENT_CATEGORY_MODES)[number];

// SPEC 3 record filters "visit or no-visit": 'visited' keeps the records where the client came
// (attendance 1); 'not_visited' selects the clients who have no such visit among the records the
// other fields describe (a lapsed-clients audience); 'any' counts every booking that was not deleted.
export const VISIT_MODES = ['any', 'visited', 'not_visited'] as const;
export type VisitMode = (typeof VISIT_MODES)[number];

// SPEC 3 Mailing: subscription statuses released, activated, expired, balance exhausted.
export const SUBSCRIPTION_STATUSES = ['released', 'activated', 'expired', 'balance_exhausted'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

// Status texts of the segment calls; the cabinet maps them to its toasts (SPEC 8 Segments: added,
// adding error, deleted, deleting error). 'Нет контактов' (no clients found) is the client list's.
export const SEGMENT_STATUS = {
  added: 'segment added',
  updated: 'segment updated',
  deleted: 'segment deleted',
  notFound: 'segment not found',
  tooMany: 'too many segments',
  // The branch's CRM cannot evaluate a filter (YCLIENTS' API has no such field).
  unsupportedFilter: 'unsupported filter',
  // The branch's CRM is not reachable or not configured on this server.
  crmUnavailable: 'crm unavailable',
} as const;

// Zod issue codes of the filters (`issues[].code`), each a translated message in the cabinet.
export const SEGMENT_ISSUE = {
  invalidDate: 'invalid_date',
  rangeOrder: 'range_order',
  nameRequired: 'segment_name_required',
  nameTooLong: 'segment_name_too_long',
  descriptionTooLong: 'segment_description_too_long',
} as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

// 'YYYY-MM-DD' naming a day that exists (no 2026-02-30).
export function isRealDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1900 || year > 2200) return false;
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

// A range is in order unless both ends are given and from > to. Dates compare as text.
export function rangeInOrder<T extends number | string>(from: T | null | undefined, to: T | null | undefined): boolean {
  if (from === null || from === undefined || to === null || to === undefined) return true;
  return from <= to;
}

function parts(date: string): { year: number; month: number; day: number } {
  const m = ISO_DATE.exec(date);
  if (!m) throw new Error(`not a date: ${date}`);
  return { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
}

function format(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

// The same day `years` earlier; 29 February becomes 28 February in a common year.
export function yearsBefore(date: string, years: number): string {
  const { year, month, day } = parts(date);
  const target = year - years;
  const leap = (target % 4 === 0 && target % 100 !== 0) || target % 400 === 0;
  return format(target, month, month === 2 && day === 29 && !leap ? 28 : day);
}

function nextDay(date: string): string {
  const { year, month, day } = parts(date);
  const d = new Date(Date.UTC(year, month - 1, day + 1));
  return format(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

// agePeriod as dates of birth: a client is `age` full years old on `today` when born in
// (today - (age + 1) years, today - age years]. Bounds are inclusive; null is open.
export function birthDatesForAge(
  today: string,
  age: { from?: number | null | undefined; to?: number | null | undefined },
): { from: string | null; to: string | null } {
  const to = age.from === null || age.from === undefined ? null : yearsBefore(today, age.from);
  const from = age.to === null || age.to === undefined ? null : nextDay(yearsBefore(today, age.to + 1));
  return { from, to };
}

// birthdayPeriod: the birthdays (day and month, whatever the year of birth) that fall between two
// dates. 'within' when the dates lie in one year, 'wrap' when they cross New Year (the birthday is
// on or after `from` or on or before `to`), 'all' when the period is a year or longer.
export type AnniversaryWindow = { kind: 'all' } | { kind: 'within' | 'wrap'; from: string; to: string };

export function anniversaryWindow(from: string, to: string): AnniversaryWindow {
  const a = parts(from);
  const b = parts(to);
  const monthDay = (p: { month: number; day: number }) =>
    `${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
  if (b.year > a.year + 1 || (b.year === a.year + 1 && monthDay(b) >= monthDay(a))) return { kind: 'all' };
  if (b.year === a.year) return { kind: 'within', from: monthDay(a), to: monthDay(b) };
  return { kind: 'wrap', from: monthDay(a), to: monthDay(b) };
}

// Whether a birth date ('YYYY-MM-DD') falls into the window.
export function inAnniversaryWindow(birthday: string, window: AnniversaryWindow): boolean {
  if (window.kind === 'all') return true;
  const monthDay = birthday.slice(5);
  return window.kind === 'within'
    ? monthDay >= window.from && monthDay <= window.to
    : monthDay >= window.from || monthDay <= window.to;
}
