// Zod-free rules of review chains (SPEC 3 Review chain, SPEC 4 Review chain, SPEC 5 Review chain
// lists, SPEC 9 Reviews), shared by the cabinet's chain editor and the server's chain runner.
// reviews.ts re-exports everything here.

// SPEC 9: at most 3 middle steps; step ids: 1 the first, 2..4 the middle ones, the last is last.
export const MAX_MIDDLE_STEPS = 3;
export const FIRST_STEP_ID = 1;
// The last step's number for a chain with `middle` middle steps (SPEC 4 step numbering).
export function lastStepNumber(middle: number): number {
  return middle + 2;
}

// SPEC 9: "after the record ends" timings, in hours.
export const REVIEW_AFTER_END_HOURS = [24, 12, 6, 3, 2, 1.5, 1, 0.5, 0.25] as const;
// SPEC 9: the daily notification's day options: today, yesterday, 2, 3, 5, 7 days ago.
export const REVIEW_DAY_OPTIONS = [0, -1, -2, -3, -5, -7] as const;
// SPEC 9: default first send '0' (daily: today) and '0.25' (after the end: 15 minutes).
export const DEFAULT_REVIEW_DAY = 0;
export const DEFAULT_REVIEW_AFTER_END_HOURS = 0.25;
export const DEFAULT_REVIEW_TIME = '19:00';
export const REVIEW_TIME_TYPES = ['after_end', 'all_day'] as const;
export type ReviewTimeType = (typeof REVIEW_TIME_TYPES)[number];

// Ours (the issue: "a sensible default gap, shown in the editor"): a middle step goes out this many
// hours after the previous step while the client stays silent.
export const DEFAULT_MIDDLE_STEP_GAP_HOURS = 24;
export const MIDDLE_STEP_GAP_HOURS = [1, 2, 3, 6, 12, 24, 48, 72] as const;
// check_already_review: a client asked within this many days is not asked again (per branch
// setting `repeat_days`, default 30).
export const DEFAULT_REVIEW_REPEAT_DAYS = 30;
export const REVIEW_REPEAT_DAYS_MAX = 365;
// A rating answers the newest request sent within this many hours; later answers are ordinary chat.
export const RATING_ANSWER_WINDOW_HOURS = 7 * 24;

// Ratings 4 and 5 are positive, 1 to 3 negative (the footer asks for 5, 3 or 1).
export const POSITIVE_RATING_MIN = 4;
export function isPositiveRating(rating: number): boolean {
  return rating >= POSITIVE_RATING_MIN;
}

// SPEC 9: the review request footer asks for a rating of 5, 3 or 1 (added when requestReview is on).
export const REVIEW_REQUEST_FOOTER = {
  ru: 'Оцените, пожалуйста, визит ответным сообщением: 5 — отлично, 3 — нормально, 1 — плохо.',
  en: 'Please rate your visit in reply: 5 — excellent, 3 — fine, 1 — bad.',
} as const;

// Where a review link leads: the review sites of the issue, any URL, and the tips page.
export const REVIEW_SITE_KINDS = ['yandex', '2gis', 'google', 'other', 'tips'] as const;
export type ReviewSiteKind = (typeof REVIEW_SITE_KINDS)[number];
export const REVIEW_URL_MAX = 500;
export const MAX_REVIEW_SITES = 10;

// SPEC 3 Review stats row's server names a column can be sorted by; SPEC 9: default total sends.
export const REVIEW_STATS_SORT_COLUMNS = [
  'total_sends',
  'first_step_conversion',
  'full_conversion',
  'negative_results',
  'link_clicks',
  'title',
] as const;
export type ReviewStatsSortColumn = (typeof REVIEW_STATS_SORT_COLUMNS)[number];
export const REVIEW_STATS_SORT_DEFAULT: ReviewStatsSortColumn = 'total_sends';
export const REVIEW_STATS_PAGE_SIZES = [5, 8, 20] as const;
export const REVIEW_STATS_PAGE_SIZE_DEFAULT = 8;

// SPEC 5: list entries are digits only; Telegram alert ids may be negative (group chats).
export const REVIEW_LIST_ID = /^\d{1,64}$/;
export const TG_ALERT_ID = /^-?\d{5,15}$/;

export const REVIEW_TEXT_MAX = 4096;
export const REVIEW_TITLE_MAX = 120;

// SPEC 8 Reviews toasts and the server's status texts. save_review answers `Review chain <id> saved`
// (SPEC 4: "the server returns a status text containing the new id").
export const REVIEW_STATUS = {
  saved: (id: number) => `Review chain ${id} saved`,
  deleted: 'Review chain deleted',
  stepDeleted: (step: number) => `Step ${step} deleted`,
  statsSent: 'Review stats sent',
  // A chain id of another branch, a deleted chain, or none at all (404).
  notFound: 'REVIEW_NOT_FOUND',
  // send_tg: the admin bot could not write to the user (most often Start was never pressed) (409).
  noAdminBot: 'NO_ADMIN_BOT',
} as const;

// Issue codes (reviews.errors.<code>) the server adds to the contract's own for rules that need the
// stored chain: a step number the chain does not have, a middle step switched on while the chain is
// off, and a steps_count that does not match the steps sent.
export const REVIEW_ISSUE = {
  invalidStep: 'invalid_step',
  chainInactive: 'chain_inactive',
  stepsCount: 'invalid_steps_count',
} as const;
// The id in a save_review status text.
export function idFromSaveStatus(status: string): number | null {
  const m = /(\d+)/.exec(status);
  return m ? Number(m[1]) : null;
}
