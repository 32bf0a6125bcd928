import { z } from 'zod';
import {
  BATCH_LEN_MAX,
  isCalendarDay,
  MAX_BETWEEN_TIME,
  MIN_BETWEEN_TIME,
  SENDOUT_COUNT_MAX,
  TIME_TO_MSK_MAX,
  TIME_TO_MSK_MIN,
} from './mailing-plan-rules.js';

export * from './mailing-plan-rules.js';

// SPEC 7 Mailing host: /calendar, /calendar_detail and /allowed_to_run, with SPEC 3's wire names.
// Instants travel as ISO 8601 with an offset (ours: the spec's "date shifted by the timezone offset"
// is replaced by explicit instants and branch-local days, so neither side shifts anything).

const calendarDay = z.string().refine(isCalendarDay, { message: 'invalid_date' });
// Years our calendars can hold: a year-0 or far-future instant is a broken client, not a plan.
const instant = z.iso
  .datetime({ offset: true })
  .refine((v) => Number(v.slice(0, 4)) >= 2000 && Number(v.slice(0, 4)) <= 2100, { message: 'invalid_date' });
const sendoutId = z.string().min(1).max(64);
// SPEC 5: time between messages, seconds, 0..max.
const betweenTime = z.coerce
  .number()
  .int()
  .min(MIN_BETWEEN_TIME, { message: 'between_time_out_of_range' })
  .max(MAX_BETWEEN_TIME, { message: 'between_time_out_of_range' });
const batchLen = z.coerce.number().int().min(1).max(BATCH_LEN_MAX);
const count = z.coerce.number().int().min(1).max(SENDOUT_COUNT_MAX);
// A query flag: `?delay`, `1` or `true` is on; `0` or `false` is off (z.coerce.boolean reads 'false' as on).
const queryFlag = z
  .union([z.boolean(), z.enum(['', '1', '0', 'true', 'false'])])
  .transform((v) => v === true || v === '' || v === '1' || v === 'true');
// SPEC 9: hours relative to Moscow, quarter-hour steps (UTC+05:45 is +2.75).
const timeToMsk = z.coerce
  .number()
  .min(TIME_TO_MSK_MIN)
  .max(TIME_TO_MSK_MAX)
  .refine((h) => Number.isInteger(h * 4), { message: 'invalid_time_to_msk' });

// --- GET /calendar ---
// SPEC 7: quote_for_day and between_time. batch_len and count are ours and optional: with them a day
// is not allowed when the new send-out's first day would not fit; without them, when not one more
// message fits.
export const calendarQuery = z.object({
  quote_for_day: z.coerce.number().int().min(1).max(BATCH_LEN_MAX),
  between_time: betweenTime,
  batch_len: batchLen.optional(),
  count: count.optional(),
});
export type CalendarQuery = z.infer<typeof calendarQuery>;

// SPEC 3 Calendar sendout. duration in seconds from the first message to the end of the last one's
// slot; day_sendout_limit is the parsed batch length (SPEC 9); remainder is total_count % that limit.
export const calendarSendout = z.object({
  start_date: instant,
  end_date: instant,
  duration: z.number().int().min(0),
  is_new: z.boolean(),
  sendout_id: sendoutId,
  is_active_sendout: z.boolean(),
  day_sendout_limit: z.number().int().min(1),
  total_count: z.number().int().min(0),
  remainder: z.number().int().min(0),
});
export type CalendarSendout = z.infer<typeof calendarSendout>;

export const calendarResponse = z.object({
  // Branch-local days on which a new send-out may not start.
  not_allowed: z.array(calendarDay),
  sendout_list: z.array(calendarSendout),
});
export type CalendarResponse = z.infer<typeof calendarResponse>;

// --- GET /calendar_detail ---
export const calendarDetailQuery = z.object({
  // A branch-local day.
  date: calendarDay,
  between_time: betweenTime,
});
export type CalendarDetailQuery = z.infer<typeof calendarDetailQuery>;

// SPEC 3 Day detail. time_start is that send-out's first message of the day; batch_len is how many
// it sends that day (at most its daily limit).
export const calendarDetailRow = z.object({
  sendout_id: sendoutId,
  msg: z.string(),
  time_start: instant,
  batch_len: z.number().int().min(0),
  visits_median: z.number().nullable(),
  last_visit_time_median: z.number().nullable(),
});
export type CalendarDetailRow = z.infer<typeof calendarDetailRow>;
export const calendarDetailResponse = z.array(calendarDetailRow);

// --- GET /allowed_to_run ---
// SPEC 7: date, instance id, batch len, count, time to MSK, time between messages, delay flag.
// delay off is an immediate launch (SPEC 4), so date is then ignored; time_to_msk is informational,
// the server plans in the branch's own IANA zone.
export const allowedToRunQuery = z.object({
  date: instant,
  instance_id: z.string().min(1).max(64),
  batch_len: batchLen,
  count,
  time_to_msk: timeToMsk,
  between_time: betweenTime,
  delay: queryFlag.default(false),
});
export type AllowedToRunQuery = z.infer<typeof allowedToRunQuery>;

// ok false: the check could not run (bad input); allowed false with ok true: a refusal whose reason
// is the status (PLAN_STATUS). duration in seconds, as in the calendar.
export const allowedToRunResponse = z.object({
  allowed: z.boolean(),
  duration: z.number().int().min(0),
  ok: z.boolean(),
  status: z.string(),
});
export type AllowedToRunResponse = z.infer<typeof allowedToRunResponse>;
