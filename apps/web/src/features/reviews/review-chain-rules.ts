import {
  DEFAULT_MIDDLE_STEP_GAP_HOURS,
  DEFAULT_REVIEW_AFTER_END_HOURS,
  DEFAULT_REVIEW_DAY,
  DEFAULT_REVIEW_REPEAT_DAYS,
  DEFAULT_REVIEW_TIME,
  FIRST_STEP_ID,
  MAX_MIDDLE_STEPS,
  MAX_REVIEW_SITES,
  REVIEW_REPEAT_DAYS_MAX,
  TG_ALERT_ID,
  lastStepNumber,
  reviewChainData,
  type ReviewChainData,
  type ReviewChainWire,
  type ReviewSite,
  type ReviewSiteKind,
  type ReviewTimeType,
} from '@salon/contract/reviews';

// The chain editor's state (SPEC 3 Review chain: firstStep, secondStep, lastStep) and the SPEC 4 /
// SPEC 5 rules applied to it. The wire shape is the contract's; this is only what the form holds.

export interface MiddleStepDraft {
  // A stable React key: step numbers shift when a step is removed.
  key: string;
  // Stored on the server: removing it is DELETE /review_step_delete, not only a local change.
  saved: boolean;
  active: boolean;
  text: string;
  delayHours: number;
}

export interface SiteDraft {
  key: string;
  kind: ReviewSiteKind;
  url: string;
}

export type IdListField = 'recordLabels' | 'services' | 'staff' | 'clientCategory' | 'categories';
export type EntryListField = 'blacklist' | 'waAlerts' | 'tgAlerts';

export interface ChainDraft {
  id: number | null;
  title: string;
  // The first step's switch is the chain's (SPEC 4: switching either off turns the middle steps off).
  active: boolean;
  text: string;
  requestReview: boolean;
  timeType: ReviewTimeType;
  afterEnd: number;
  day: number;
  time: string;
  attendance: number[];
  recordLabels: string[];
  services: string[];
  staff: string[];
  clientCategory: string[];
  categories: string[];
  visitsFrom: number | null;
  visitsTo: number | null;
  visitsFrequency: number;
  blacklist: string[];
  waAlerts: string[];
  tgAlerts: string[];
  checkAlreadyReview: boolean;
  repeatDays: number;
  middle: MiddleStepDraft[];
  lastActive: boolean;
  positive: string;
  negative: string;
  sites: SiteDraft[];
}

let keySequence = 0;
const nextKey = (prefix: string) => {
  keySequence += 1;
  return `${prefix}-${keySequence}`;
};

// SPEC 4 step numbering: 1 the first, 2.. the middle ones, the last number is the last step.
export interface StepNumbers {
  first: number;
  middle: number[];
  last: number;
}
export function stepNumbers(middleCount: number): StepNumbers {
  return {
    first: FIRST_STEP_ID,
    middle: Array.from({ length: middleCount }, (_, i) => FIRST_STEP_ID + 1 + i),
    last: lastStepNumber(middleCount),
  };
}

export interface NewChainDefaults {
  title: string;
  text: string;
  positive: string;
  negative: string;
  sites?: readonly ReviewSite[];
  repeatDays?: number;
}

// SPEC 9: a new chain sends 15 minutes after the visit ends ('0.25'; daily: today at 19:00).
export function newChainDraft(defaults: NewChainDefaults): ChainDraft {
  return {
    id: null,
    title: defaults.title,
    active: true,
    text: defaults.text,
    requestReview: true,
    timeType: 'after_end',
    afterEnd: DEFAULT_REVIEW_AFTER_END_HOURS,
    day: DEFAULT_REVIEW_DAY,
    time: DEFAULT_REVIEW_TIME,
    attendance: [1],
    recordLabels: [],
    services: [],
    staff: [],
    clientCategory: [],
    categories: [],
    visitsFrom: null,
    visitsTo: null,
    visitsFrequency: 1,
    blacklist: [],
    waAlerts: [],
    tgAlerts: [],
    checkAlreadyReview: false,
    repeatDays: defaults.repeatDays ?? DEFAULT_REVIEW_REPEAT_DAYS,
    middle: [],
    lastActive: true,
    positive: defaults.positive,
    negative: defaults.negative,
    sites: (defaults.sites ?? []).map((site) => ({ key: nextKey('site'), kind: site.kind, url: site.url })),
  };
}

export function toDraft(wire: ReviewChainWire): ChainDraft {
  const first = wire.first_step;
  const daily = first.all_day_recs_notifications;
  return {
    id: wire.id,
    title: first.title,
    active: first.active,
    text: first.content[0]?.body ?? '',
    requestReview: first.request_review,
    timeType: daily ? 'all_day' : 'after_end',
    afterEnd: first.after_end ?? DEFAULT_REVIEW_AFTER_END_HOURS,
    day: daily?.day ?? DEFAULT_REVIEW_DAY,
    time: daily?.time ?? DEFAULT_REVIEW_TIME,
    attendance: [...first.attendance],
    recordLabels: [...first.record_labels],
    services: [...first.services],
    staff: [...first.staff],
    clientCategory: [...first.client_category],
    categories: [...first.categories],
    visitsFrom: first.visits[0],
    visitsTo: first.visits[1],
    visitsFrequency: first.visits_frequency,
    blacklist: [...first.blacklist],
    waAlerts: [...first.WA_alerts],
    tgAlerts: [...first.tg_alerts],
    checkAlreadyReview: first.check_already_review,
    repeatDays: wire.repeat_days,
    middle: wire.second_step.map((step) => ({
      key: nextKey('step'),
      saved: true,
      active: step.active,
      text: step.content[0]?.body ?? '',
      delayHours: step.delay_hours,
    })),
    lastActive: wire.last_step.active,
    positive: wire.last_step.content[0]?.body ?? '',
    negative: wire.last_step.fail_text,
    sites: wire.review_sites.map((site) => ({ key: nextKey('site'), kind: site.kind, url: site.url })),
  };
}

const text = (body: string) => [{ type: 'text' as const, body, caption: '' }];

// The draft as the wire's `data` (SPEC 3 server names); exactly one timing is sent.
export function toData(draft: ChainDraft): ReviewChainData {
  return {
    first_step: {
      id: FIRST_STEP_ID,
      title: draft.title.trim(),
      active: draft.active,
      content: text(draft.text),
      request_review: draft.requestReview,
      after_end: draft.timeType === 'after_end' ? draft.afterEnd : null,
      all_day_recs_notifications: draft.timeType === 'all_day' ? { day: draft.day, time: draft.time } : null,
      attendance: draft.attendance as ReviewChainData['first_step']['attendance'],
      record_labels: draft.recordLabels,
      services: draft.services,
      staff: draft.staff,
      client_category: draft.clientCategory,
      categories: draft.categories,
      visits: [draft.visitsFrom, draft.visitsTo],
      visits_frequency: draft.visitsFrequency,
      blacklist: draft.blacklist,
      WA_alerts: draft.waAlerts,
      tg_alerts: draft.tgAlerts,
      check_already_review: draft.checkAlreadyReview,
    },
    second_step: draft.middle.map((step) => ({
      active: step.active,
      content: text(step.text),
      delay_hours: step.delayHours,
    })),
    last_step: { active: draft.lastActive, content: text(draft.positive), fail_text: draft.negative },
    review_sites: draft.sites.map((site) => ({ kind: site.kind, url: site.url.trim() })),
    repeat_days: draft.repeatDays,
  };
}

// What a save would send: equal fingerprints mean nothing to save.
export function draftFingerprint(draft: ChainDraft): string {
  return JSON.stringify(toData(draft));
}

// The steps the save_review call counts (first + middle + last).
export function stepsCount(draft: ChainDraft): number {
  return draft.middle.length + 2;
}

export type ChainNotice =
  'tooManySteps' | 'chainInactive' | 'visitsQuantityError' | 'invalidEntry' | 'duplicateEntry' | 'maxSites';

export interface EditResult {
  draft: ChainDraft;
  notice: ChainNotice | null;
}

const same = (draft: ChainDraft, notice: ChainNotice | null = null): EditResult => ({ draft, notice });

// SPEC 4: turning the first step (the chain) off turns every middle step off.
export function setFirstActive(draft: ChainDraft, active: boolean): ChainDraft {
  if (active) return { ...draft, active };
  return { ...draft, active, middle: draft.middle.map((step) => ({ ...step, active: false })) };
}

// SPEC 4 / 9: at most three middle steps; a fourth raises the 'too many steps' flag and is refused.
export function addMiddleStep(draft: ChainDraft, text = ''): EditResult {
  if (draft.middle.length >= MAX_MIDDLE_STEPS) return same(draft, 'tooManySteps');
  const step: MiddleStepDraft = {
    key: nextKey('step'),
    saved: false,
    active: draft.active,
    text,
    delayHours: DEFAULT_MIDDLE_STEP_GAP_HOURS,
  };
  return same({ ...draft, middle: [...draft.middle, step] });
}

export function removeMiddleStep(draft: ChainDraft, index: number): ChainDraft {
  if (index < 0 || index >= draft.middle.length) return draft;
  return { ...draft, middle: draft.middle.filter((_, i) => i !== index) };
}

// The middle step a step number names (2..4), or -1.
export function middleIndexOf(stepNumber: number): number {
  return stepNumber - FIRST_STEP_ID - 1;
}

export function updateMiddleStep(draft: ChainDraft, index: number, patch: Partial<MiddleStepDraft>): ChainDraft {
  return { ...draft, middle: draft.middle.map((step, i) => (i === index ? { ...step, ...patch } : step)) };
}

// A middle step cannot run while the chain is off (the server refuses it with chain_inactive).
export function setMiddleActive(draft: ChainDraft, index: number, active: boolean): EditResult {
  if (active && !draft.active) return same(draft, 'chainInactive');
  return same(updateMiddleStep(draft, index, { active }));
}

// SPEC 5 list inputs: digits only; Telegram alert ids may start with a minus (group chats).
export function entryInput(field: EntryListField, raw: string): string {
  if (field !== 'tgAlerts') return raw.replace(/\D/g, '');
  const trimmed = raw.trim();
  const digits = trimmed.replace(/\D/g, '');
  return trimmed.startsWith('-') ? `-${digits}` : digits;
}

const PHONE_ENTRY = /^\d{5,15}$/;
export function isValidEntry(field: EntryListField, value: string): boolean {
  return field === 'tgAlerts' ? TG_ALERT_ID.test(value) : PHONE_ENTRY.test(value);
}

// Adds one entry: an invalid one is refused, a duplicate ignored (SPEC 5), each with its notice.
export function addEntry(draft: ChainDraft, field: EntryListField, raw: string): EditResult {
  const value = entryInput(field, raw);
  if (!isValidEntry(field, value)) return same(draft, 'invalidEntry');
  if (draft[field].includes(value)) return same(draft, 'duplicateEntry');
  return same({ ...draft, [field]: [...draft[field], value] });
}

export function removeEntry(draft: ChainDraft, field: EntryListField, value: string): ChainDraft {
  return { ...draft, [field]: draft[field].filter((entry) => entry !== value) };
}

// SPEC 5 visits: a value below 1 empties the field; "from" above "to" is refused with the visits
// quantity error; lowering "to" below "from" lowers "from".
export function setVisitsFrom(draft: ChainDraft, value: number | null): EditResult {
  const from = value === null || !Number.isFinite(value) || value < 1 ? null : Math.floor(value);
  if (from !== null && draft.visitsTo !== null && from > draft.visitsTo) return same(draft, 'visitsQuantityError');
  return same({ ...draft, visitsFrom: from });
}

export function setVisitsTo(draft: ChainDraft, value: number | null): ChainDraft {
  const to = value === null || !Number.isFinite(value) || value < 1 ? null : Math.floor(value);
  const from = to !== null && draft.visitsFrom !== null && draft.visitsFrom > to ? to : draft.visitsFrom;
  return { ...draft, visitsFrom: from, visitsTo: to };
}

// SPEC 5 number clamp: empty, non-numeric or below the lower bound gives the initial value; above
// the upper bound gives the upper bound.
export function clampNumber(value: number | string | null, min: number, max: number, initial: number): number {
  const n = typeof value === 'string' ? (value.trim() === '' ? NaN : Number(value)) : (value ?? NaN);
  if (!Number.isFinite(n) || n < min) return initial;
  if (n > max) return max;
  return Math.floor(n);
}

export function setRepeatDays(draft: ChainDraft, value: number | string | null): ChainDraft {
  return { ...draft, repeatDays: clampNumber(value, 1, REVIEW_REPEAT_DAYS_MAX, DEFAULT_REVIEW_REPEAT_DAYS) };
}

export function addSite(draft: ChainDraft): EditResult {
  if (draft.sites.length >= MAX_REVIEW_SITES) return same(draft, 'maxSites');
  const used = new Set(draft.sites.map((site) => site.kind));
  const kind = (['yandex', '2gis', 'google'] as const).find((k) => !used.has(k)) ?? 'other';
  return same({ ...draft, sites: [...draft.sites, { key: nextKey('site'), kind, url: '' }] });
}

// Where a problem is shown: a field key of the editor, read from a contract issue path such as
// "first_step.content" or the server's "body.data.second_step.1.content.0.body".
export type ProblemField =
  | 'title'
  | 'text'
  | 'timing'
  | 'attendance'
  | 'visits'
  | 'blacklist'
  | 'waAlerts'
  | 'tgAlerts'
  | 'filters'
  | 'middle'
  | `middle.${number}`
  | 'positive'
  | 'negative'
  | `site.${number}`
  | 'sites'
  | 'repeatDays'
  | 'form';

const FIRST_FIELDS: Record<string, ProblemField> = {
  title: 'title',
  content: 'text',
  after_end: 'timing',
  all_day_recs_notifications: 'timing',
  attendance: 'attendance',
  visits: 'visits',
  visits_frequency: 'visits',
  blacklist: 'blacklist',
  WA_alerts: 'waAlerts',
  tg_alerts: 'tgAlerts',
  record_labels: 'filters',
  services: 'filters',
  staff: 'filters',
  client_category: 'filters',
  categories: 'filters',
};

export function fieldOfPath(path: readonly (string | number)[]): ProblemField {
  const parts = path.map(String);
  while (parts[0] === 'body' || parts[0] === 'data') parts.shift();
  const [section, second, third] = parts;
  if (section === 'first_step') return FIRST_FIELDS[second ?? ''] ?? 'form';
  if (section === 'second_step')
    return second !== undefined && /^\d+$/.test(second) ? `middle.${Number(second)}` : 'middle';
  if (section === 'last_step') return second === 'fail_text' ? 'negative' : 'positive';
  if (section === 'review_sites')
    return second !== undefined && /^\d+$/.test(second) && third ? `site.${Number(second)}` : 'sites';
  if (section === 'repeat_days') return 'repeatDays';
  return 'form';
}

// Problems by field, each a message code of reviews.errors (the contract's codes).
export type ChainProblems = Partial<Record<ProblemField, string>>;

// Known codes get their own text; anything else (zod's generic messages) reads as 'invalid'.
export const ERROR_CODES = [
  'required',
  'invalid_timing',
  'invalid_day',
  'invalid_time',
  'digits_only',
  'duplicate_entry',
  'invalid_phone',
  'invalid_tg_id',
  'visits_quantity_error',
  'empty_text',
  'empty_positive_text',
  'empty_negative_text',
  'invalid_url',
  'too_many_steps',
  'invalid_step',
  'chain_inactive',
  'invalid_steps_count',
  'too_long',
  'invalid',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export function errorCode(code: string): ErrorCode {
  return (ERROR_CODES as readonly string[]).includes(code) ? (code as ErrorCode) : 'invalid';
}

export function problemsOf(issues: readonly { path: readonly (string | number)[]; code: string }[]): ChainProblems {
  const problems: ChainProblems = {};
  for (const issue of issues) {
    const field = fieldOfPath(issue.path);
    problems[field] ??= errorCode(issue.code);
  }
  return problems;
}

// The contract's own checks, run before the save goes out.
export function draftProblems(draft: ChainDraft): ChainProblems {
  const parsed = reviewChainData.safeParse(toData(draft));
  if (parsed.success) return {};
  return problemsOf(
    parsed.error.issues.map((issue) => ({
      path: issue.path.filter((p): p is string | number => typeof p !== 'symbol'),
      code: (ERROR_CODES as readonly string[]).includes(issue.message)
        ? issue.message
        : issue.code === 'too_big'
          ? 'too_long'
          : 'invalid',
    })),
  );
}

export function hasProblems(problems: ChainProblems): boolean {
  return Object.keys(problems).length > 0;
}
