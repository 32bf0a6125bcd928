import { z } from 'zod';
import {
  DETAIL_STATUSES,
  type DetailStatus,
  REACTION_FILTERS,
  type RawStatsQuery,
  splitStatsDateTime,
  STATS_SORT_COLUMNS,
} from './mailing-stats-rules.js';
import { SENDOUT_STATUSES, sendoutStallWire } from './mailing-sendouts.js';

export * from './mailing-stats-rules.js';

// SPEC 3 Stats row and Detail row, SPEC 7 Mailing host: /stats_sendout, /stats_sendout_count,
// /stats_sendout_excel, /stats_sendout_detail, /stats_sendout_detail_excel. Everything here is what
// the wire carries; the client-side rows (SPEC 3 client names) are mapped at the end.

const sendoutId = z.string().min(1).max(64);
// An ISO instant written with the branch's offset ('2025-03-05T14:30:00+03:00'), see splitStatsDateTime.
const localInstant = z.string();

// The query of /stats_sendout, /stats_sendout_count and /stats_sendout_excel as it arrives: every
// value is optional and an invalid one is replaced by its default (SPEC 5), never refused. The
// server fills the dates' defaults with the branch's today, so the schema keeps them raw.
// Repeated or odd values are let through too: normalizeStatsQuery drops them.
const rawValue = z.unknown().optional();
export const statsQueryInput = z.object({
  text: rawValue,
  date_start: rawValue,
  date_end: rawValue,
  sort: rawValue,
  page_size: rawValue,
  order_desc: rawValue,
  page: rawValue,
}) satisfies z.ZodType<RawStatsQuery>;
export type StatsQueryInput = z.infer<typeof statsQueryInput>;

// GET /stats_sendout_excel: the same query; send_tg true delivers the file to the caller's Telegram
// through the admin bot (SPEC 7 "the Telegram export sends all rows") instead of downloading it.
const queryFlag = z
  .union([z.boolean(), z.enum(['', '1', '0', 'true', 'false'])])
  .transform((v) => v === true || v === '' || v === '1' || v === 'true');
export const statsExcelQuery = statsQueryInput.extend({ send_tg: queryFlag.optional() });

// SPEC 3 Stats row, server names. recipients: messages that went out (sent, delivered or read);
// read, answers and sign_up count those recipients; summ is the revenue of the attributed bookings.
// date is the send-out's start and date_finish_sendout its end, both in the branch's zone.
export const mailingStatsRowWire = z.object({
  sendout_id: sendoutId,
  text: z.string(),
  date: localInstant.nullable(),
  summ: z.number(),
  // The parse answer's medians (null: no CRM data for the list).
  visits: z.number().nullable(),
  last_visit_days: z.number().nullable(),
  recipients: z.number().int(),
  read: z.number().int(),
  answers: z.number().int(),
  sign_up: z.number().int(),
  summ_one_msg: z.number(),
  percent_read: z.number(),
  conversion_answers: z.number(),
  conversion_sign_up: z.number(),
  date_finish_sendout: localInstant.nullable(),
  sendout_stop_flag: z.boolean(),
  // Ours, beside SPEC 3's fields: where the send-out is (started, paused, finished).
  status: z.enum(SENDOUT_STATUSES),
  // Ours: why a started send-out waits and when it goes on (as in /action_sendouts); null otherwise.
  stall: sendoutStallWire.nullable().default(null),
});
export type MailingStatsRowWire = z.infer<typeof mailingStatsRowWire>;

// GET /stats_sendout: one page, and the query the page was read with (after the defaults).
export const mailingStatsResponse = z.object({
  ok: z.literal(true),
  data: z.array(mailingStatsRowWire),
  date_start: z.string(),
  date_end: z.string(),
  text: z.string(),
  page: z.number().int(),
  page_size: z.number().int(),
  order_desc: z.boolean(),
  sort: z.enum(STATS_SORT_COLUMNS),
});
export type MailingStatsResponse = z.infer<typeof mailingStatsResponse>;

// GET /stats_sendout_count: the rows of the same filters (SPEC 7: a number).
export const mailingStatsCountResponse = z.number().int().min(0);

// Answer of the Telegram exports (GET /stats_sendout_excel?send_tg, POST /stats_sendout_detail_excel).
export const mailingStatsTelegramResponse = z.object({
  ok: z.literal(true),
  status: z.string(),
  count: z.number().int(),
});
export type MailingStatsTelegramResponse = z.infer<typeof mailingStatsTelegramResponse>;

// GET /stats_sendout_detail?sendout_id[&excel][&reaction][&client_phone]. excel true answers the
// .xlsx of the same rows.
export const mailingStatsDetailQuery = z.object({
  sendout_id: sendoutId,
  excel: queryFlag.optional(),
  reaction: z.enum(REACTION_FILTERS).default('all'),
  client_phone: z.string().max(20).optional(),
});
export type MailingStatsDetailQuery = z.infer<typeof mailingStatsDetailQuery>;

const detailStatus = z.enum(DETAIL_STATUSES);

// SPEC 3 Detail row, server side: parallel arrays, one entry per recipient whose message left, in
// list order. recordTime / replyTime are local instants (null: none); service and summaryCost belong
// to the attributed booking.
export const mailingStatsDetailColumns = z.object({
  phone: z.array(z.string()),
  name: z.array(z.string()),
  recordTime: z.array(localInstant.nullable()),
  replyTime: z.array(localInstant.nullable()),
  service: z.array(z.string().nullable()),
  summaryCost: z.array(z.number().nullable()),
  status: z.array(detailStatus),
});
export type MailingStatsDetailColumns = z.infer<typeof mailingStatsDetailColumns>;
export const mailingStatsDetailResponse = z.object({
  ok: z.literal(true),
  sendout_id: sendoutId,
  data: mailingStatsDetailColumns,
  // Ours: why the send-out waits, when it is started and stalled (as in /action_sendouts).
  stall: sendoutStallWire.nullable().default(null),
});
export type MailingStatsDetailResponse = z.infer<typeof mailingStatsDetailResponse>;

// POST /stats_sendout_detail_excel: the detail with the page's filters, delivered to the caller's
// Telegram by the admin bot. Absent filters are 'all'.
export const statusFilterWire = z.object({
  answered: z.boolean(),
  read: z.boolean(),
  sent: z.boolean(),
  recorded: z.boolean(),
  // Ours: recipients whose message has not left yet; senders of SPEC 7's four keys get them too.
  pending: z.boolean().default(true),
});
export const segmentFilterWire = z.object({
  answered: z.boolean(),
  recorded: z.boolean(),
  not_replied: z.boolean(),
});
export const mailingStatsDetailExcelBody = z.object({
  sendout_id: sendoutId,
  client_phone: z.string().max(20).nullable().optional(),
  status_filter: statusFilterWire.default({ answered: true, read: true, sent: true, recorded: true, pending: true }),
  segment_filter: segmentFilterWire.default({ answered: true, recorded: true, not_replied: true }),
});
export type MailingStatsDetailExcelBody = z.infer<typeof mailingStatsDetailExcelBody>;

// --- Client side (SPEC 3 client names) ---

export interface MailingStatsRow {
  id: string;
  text: string;
  date: string;
  time: string;
  visits: number | null;
  answers: number;
  sum: number;
  recipients: number;
  signUp: number;
  sumOneMsg: number;
  lastVisitDays: number | null;
  conversionSignUp: number;
  conversionAnswers: number;
  dateFinishSendout: string;
  timeFinishSendout: string;
  sendoutStopFlag: boolean;
  read: number;
  conversionRead: number;
}

export function statsRowFromWire(w: MailingStatsRowWire): MailingStatsRow {
  const start = splitStatsDateTime(w.date);
  const finish = splitStatsDateTime(w.date_finish_sendout);
  return {
    id: w.sendout_id,
    text: w.text,
    date: start.date,
    time: start.time,
    visits: w.visits,
    answers: w.answers,
    sum: w.summ,
    recipients: w.recipients,
    signUp: w.sign_up,
    sumOneMsg: w.summ_one_msg,
    lastVisitDays: w.last_visit_days,
    conversionSignUp: w.conversion_sign_up,
    conversionAnswers: w.conversion_answers,
    dateFinishSendout: finish.date,
    timeFinishSendout: finish.time,
    sendoutStopFlag: w.sendout_stop_flag,
    read: w.read,
    conversionRead: w.percent_read,
  };
}

export interface MailingDetailRow {
  phone: string;
  name: string;
  recordTime: string | null;
  replyTime: string | null;
  service: string | null;
  summaryCost: number | null;
  status: DetailStatus;
}

export function detailRowsFromColumns(c: MailingStatsDetailColumns): MailingDetailRow[] {
  return c.phone.map((phone, i) => ({
    phone,
    name: c.name[i] ?? '',
    recordTime: c.recordTime[i] ?? null,
    replyTime: c.replyTime[i] ?? null,
    service: c.service[i] ?? null,
    summaryCost: c.summaryCost[i] ?? null,
    status: c.status[i] ?? 'sent',
  }));
}
