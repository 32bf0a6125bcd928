import { z } from 'zod';
import { INT4_MAX } from './db-limits.js';
import {
  MAX_MIDDLE_STEPS,
  MAX_REVIEW_SITES,
  MIDDLE_STEP_GAP_HOURS,
  REVIEW_AFTER_END_HOURS,
  REVIEW_DAY_OPTIONS,
  REVIEW_LIST_ID,
  REVIEW_REPEAT_DAYS_MAX,
  REVIEW_SITE_KINDS,
  REVIEW_STATS_PAGE_SIZES,
  REVIEW_STATS_SORT_COLUMNS,
  REVIEW_TEXT_MAX,
  REVIEW_TITLE_MAX,
  REVIEW_URL_MAX,
  TG_ALERT_ID,
} from './reviews-rules.js';

export * from './reviews-rules.js';

// SPEC 7 Reviews with SPEC 3's server names (Review chain). Everything here is what the wire carries.
// Validation messages are codes the cabinet translates (reviews.errors.<code>).

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'invalid_time' });
const chainId = z.number().int().positive().max(INT4_MAX);
const queryId = z.coerce.number().int().positive().max(INT4_MAX);
// SPEC 5: lists take digits only; duplicates are refused here (the editor drops them as they are typed).
const idList = z
  .array(z.string().regex(REVIEW_LIST_ID, { message: 'digits_only' }))
  .max(1000)
  .refine((l) => new Set(l).size === l.length, { message: 'duplicate_entry' });
const phoneList = z
  .array(z.string().regex(/^\d{5,15}$/, { message: 'invalid_phone' }))
  .max(100)
  .refine((l) => new Set(l).size === l.length, { message: 'duplicate_entry' });
const tgAlerts = z
  .array(z.string().regex(TG_ALERT_ID, { message: 'invalid_tg_id' }))
  .max(50)
  .refine((l) => new Set(l).size === l.length, { message: 'duplicate_entry' });

// One message of a step: SPEC 3 content[{body, caption, type}] (review steps carry text).
export const reviewContent = z.object({
  type: z.literal('text').default('text'),
  body: z.string().max(REVIEW_TEXT_MAX),
  caption: z.string().max(1024).default(''),
});
export type ReviewContent = z.infer<typeof reviewContent>;

const isOneOf = (list: readonly number[]) => (v: number) => list.includes(v);

// SPEC 3 first_step. Exactly one timing: `after_end` hours (SPEC 9 list) or the daily notification
// `all_day_recs_notifications` {day (SPEC 9 day options), time HH:MM}.
export const firstStep = z
  .object({
    id: z.literal(1).default(1),
    title: z.string().trim().min(1, { message: 'required' }).max(REVIEW_TITLE_MAX),
    active: z.boolean(),
    content: z.array(reviewContent).min(1).max(1),
    // requestReview: add SPEC 9's footer asking for 5, 3 or 1.
    request_review: z.boolean().default(true),
    after_end: z
      .number()
      .refine(isOneOf(REVIEW_AFTER_END_HOURS), { message: 'invalid_timing' })
      .nullable()
      .default(null),
    all_day_recs_notifications: z
      .object({
        day: z.number().int().refine(isOneOf(REVIEW_DAY_OPTIONS), { message: 'invalid_day' }),
        time: hhmm,
      })
      .nullable()
      .default(null),
    // Record client statuses; only 1 (came) makes sense for a review and is what the runner requires.
    attendance: z.array(z.union([z.literal(-1), z.literal(0), z.literal(1), z.literal(2)])).default([1]),
    record_labels: idList.default([]),
    services: idList.default([]),
    staff: idList.default([]),
    client_category: idList.default([]),
    categories: idList.default([]),
    // [quantityFrom, quantityTo]: the client's visit count range; null ends are open.
    visits: z.tuple([z.number().int().min(1).nullable(), z.number().int().min(1).nullable()]).default([null, null]),
    // Send only every Nth visit of a client (1 = every visit).
    visits_frequency: z.number().int().min(1).max(100).default(1),
    // Phones never asked (SPEC 3 blacklist, digits only).
    blacklist: phoneList.default([]),
    // channelsPhoneList: the salon's admin phones that get the negative-rating alert through the channels.
    WA_alerts: phoneList.default([]),
    // Telegram ids (negative for group chats) alerted through the admin bot on a negative rating.
    tg_alerts: tgAlerts.default([]),
    check_already_review: z.boolean().default(false),
  })
  .superRefine((s, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if ((s.after_end === null) === (s.all_day_recs_notifications === null)) issue('after_end', 'invalid_timing');
    const [from, to] = s.visits;
    if (from !== null && to !== null && from > to) issue('visits', 'visits_quantity_error');
    if (s.active && !s.content[0]?.body.trim()) issue('content', 'empty_text');
  });
export type FirstStep = z.infer<typeof firstStep>;

// SPEC 3 second_step item; `delay_hours` (ours): hours after the previous step while the client is silent.
export const middleStep = z
  .object({
    active: z.boolean(),
    content: z.array(reviewContent).min(1).max(1),
    delay_hours: z
      .number()
      .refine(isOneOf(MIDDLE_STEP_GAP_HOURS), { message: 'invalid_timing' })
      .default(24),
  })
  .superRefine((s, ctx) => {
    if (s.active && !s.content[0]?.body.trim()) ctx.addIssue({ code: 'custom', path: ['content'], message: 'empty_text' });
  });
export type MiddleStep = z.infer<typeof middleStep>;

// SPEC 3 last_step: content is the positive text, fail_text the negative one.
export const lastStep = z
  .object({
    active: z.boolean(),
    content: z.array(reviewContent).min(1).max(1),
    fail_text: z.string().max(REVIEW_TEXT_MAX),
  })
  .superRefine((s, ctx) => {
    if (!s.active) return;
    if (!s.content[0]?.body.trim()) ctx.addIssue({ code: 'custom', path: ['content'], message: 'empty_positive_text' });
    if (!s.fail_text.trim()) ctx.addIssue({ code: 'custom', path: ['fail_text'], message: 'empty_negative_text' });
  });
export type LastStep = z.infer<typeof lastStep>;

// The branch's review destinations (Yandex Maps, 2GIS, Google, any URL, and the tips page).
export const reviewSite = z.object({
  kind: z.enum(REVIEW_SITE_KINDS),
  url: z
    .string()
    .trim()
    .max(REVIEW_URL_MAX)
    .refine(
      (u) => {
        try {
          const url = new URL(u);
          return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
        } catch {
          return false;
        }
      },
      { message: 'invalid_url' },
    ),
});
export type ReviewSite = z.infer<typeof reviewSite>;

export const reviewChainData = z.object({
  first_step: firstStep,
  second_step: z.array(middleStep).max(MAX_MIDDLE_STEPS, { message: 'too_many_steps' }).default([]),
  last_step: lastStep,
  // Branch-wide: every chain of the branch and the templates' {review_link}/{tips_link} use them.
  review_sites: z.array(reviewSite).max(MAX_REVIEW_SITES).default([]),
  // check_already_review's window in days (branch-wide).
  repeat_days: z.number().int().min(1).max(REVIEW_REPEAT_DAYS_MAX).default(30),
});
export type ReviewChainData = z.infer<typeof reviewChainData>;

// POST /save_review: SPEC 7 (user id, chain id, step count, data). A save with an id updates.
export const saveReviewBody = z.object({
  user_id: z.number().int().optional(),
  template_id: chainId.nullable().default(null),
  steps_count: z.number().int().min(2).max(MAX_MIDDLE_STEPS + 2).optional(),
  data: reviewChainData,
});
export const saveReviewResponse = z.object({ ok: z.literal(true), status: z.string(), id: z.number().int() });
// PUT /update_review?template_id — body {data}.
export const reviewIdQuery = z.object({ template_id: queryId });
export const updateReviewBody = z.object({ data: reviewChainData });
export const statusResponse = z.object({ ok: z.literal(true), status: z.string() });

// GET /get_review?template_id
export const reviewChainWire = reviewChainData.extend({
  id: z.number().int(),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ReviewChainWire = z.infer<typeof reviewChainWire>;
export const getReviewResponse = z.object({
  ok: z.literal(true),
  // Steps in the chain (first + middle + last).
  count: z.number().int(),
  data: reviewChainWire,
});

// GET /all_reviews — list items with their step count; `order` is the list order (ids).
export const reviewListItem = z.object({
  id: z.number().int(),
  title: z.string(),
  active: z.boolean(),
  steps: z.number().int(),
  middle_active: z.array(z.boolean()),
  last_active: z.boolean(),
  timing: z.object({
    after_end: z.number().nullable(),
    all_day_recs_notifications: z.object({ day: z.number().int(), time: z.string() }).nullable(),
  }),
  updated_at: z.string(),
});
export type ReviewListItem = z.infer<typeof reviewListItem>;
export const allReviewsResponse = z.object({
  ok: z.literal(true),
  data: z.array(reviewListItem),
  count: z.number().int(),
  order: z.array(z.number().int()),
  // Branch-wide settings, so the editor of a new chain starts from them.
  review_sites: z.array(reviewSite),
  repeat_days: z.number().int(),
});

// DELETE /delete_review?template_id ; DELETE /review_step_delete?template_id&step_number
export const reviewStepQuery = z.object({
  template_id: queryId,
  step_number: z.coerce.number().int().min(2).max(MAX_MIDDLE_STEPS + 1),
});
// POST /review_switch {template_id, switch} ; POST /review_step_switch {template_id, step_number, switch}
export const reviewSwitchBody = z.object({ template_id: chainId, switch: z.boolean() });
export const reviewStepSwitchBody = z.object({
  template_id: chainId,
  step_number: z.number().int().min(1).max(MAX_MIDDLE_STEPS + 2),
  switch: z.boolean(),
});

// POST /review_stats (query: sort, sort_desc, date_start, date_end, page_size, page). Dates are the
// branch's local days; the server reads date_start 00:00:00 to date_end 23:59:59 in its zone.
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'invalid_date' });
export const reviewStatsQuery = z.object({
  sort: z.enum(REVIEW_STATS_SORT_COLUMNS).default('total_sends'),
  sort_desc: z
    .union([z.boolean(), z.enum(['1', '0', 'true', 'false'])])
    .transform((v) => v === true || v === '1' || v === 'true')
    .default(true),
  date_start: day.optional(),
  date_end: day.optional(),
  page_size: z.coerce
    .number()
    .int()
    .refine((n) => (REVIEW_STATS_PAGE_SIZES as readonly number[]).includes(n), { message: 'invalid_page_size' })
    .default(8),
  page: z.coerce.number().int().min(1).max(100000).default(1),
});
export type ReviewStatsQuery = z.infer<typeof reviewStatsQuery>;
export const reviewStatsRow = z.object({
  _id: z.number().int(),
  title: z.string(),
  active: z.boolean(),
  deleted: z.boolean(),
  total_sends: z.number().int(),
  // Clients who answered the first step or a middle step with a rating, and their share in percent.
  first_step_conversion: z.number(),
  first_step_count: z.number().int(),
  // Clients who got to the last step, and their share.
  full_conversion: z.number(),
  full_count: z.number().int(),
  negative_results: z.number().int(),
  link_clicks: z.number().int(),
});
export type ReviewStatsRow = z.infer<typeof reviewStatsRow>;
export const reviewStatsResponse = z.object({
  ok: z.literal(true),
  rows: z.array(reviewStatsRow),
  count: z.number().int(),
  range: z.object({ date_start: z.string(), date_end: z.string() }),
});
// GET /review_stats_excel?send_tg (+ the stats query's filters): the sheet, or sent to Telegram.
export const reviewStatsExcelQuery = reviewStatsQuery.omit({ page: true, page_size: true }).extend({
  send_tg: z
    .union([z.boolean(), z.enum(['', '1', '0', 'true', 'false'])])
    .transform((v) => v === true || v === '' || v === '1' || v === 'true')
    .default(false),
});
