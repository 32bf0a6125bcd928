import { z } from 'zod';
import { phoneSchema } from './connection.js';
import { ATTACHMENT_GROUPS, MAX_ATTACHMENT_BYTES, type AttachmentGroup } from './attachments.js';
import { BATCH_LEN_MAX, MAX_BETWEEN_TIME, MIN_BETWEEN_TIME, SENDOUT_COUNT_MAX } from './mailing-plan-rules.js';

// SPEC 7 Mailing host: /parse_xlsx, /get_clients_from_ycl (answer), /start_sendout, /stop_sendout,
// /test_sendout, /action_sendouts. Wire names are SPEC 3's. Multipart forms are read field by field
// on the server; the schemas here check the fields once they are plain values.

export const SENDOUT_STATUSES = ['draft', 'planned', 'started', 'paused', 'finished'] as const;
export type SendoutStatus = (typeof SENDOUT_STATUSES)[number];

// Statuses of /start_sendout, /stop_sendout and /test_sendout refusals (ours: the spec names the
// mapper only). 'Некорректные ключи в сообщении' is SPEC 8's key-error text.
export const SENDOUT_STATUS_TEXT = {
  badKeys: 'Некорректные ключи в сообщении',
  notFound: 'sendout not found',
  alreadyStarted: 'sendout already started',
  notPaused: 'sendout is not running',
  finished: 'sendout finished',
  emptyText: 'empty message',
  noRecipients: 'no recipients',
  notPaid: 'mailing not paid',
  invalidPhone: 'invalid phone',
  // No channel of the branch is connected: every message would fail with no channel to go out on.
  noChannel: 'no connected channel',
  // The send-out's (or the test message's) media broke SPEC 5's mailing media rules.
  fileTooBig: 'file too big',
  unsupportedFile: 'unsupported file',
} as const;

// SPEC 5 Mailing media: image, video, audio and documents (.pdf, .doc, .docx, .txt), at most the
// attachments' 20 MB. Narrower than templates' attachments: no spreadsheets, archives or slides.
export const MAILING_MEDIA_DOCUMENTS = ['pdf', 'doc', 'docx', 'txt'] as const;
export const MAX_MAILING_MEDIA_BYTES = MAX_ATTACHMENT_BYTES;

export type MailingMediaCheck =
  { ok: true; group: AttachmentGroup } | { ok: false; error: 'too_big' | 'unsupported_type' | 'empty' };

export function checkMailingMedia(fileName: string, size: number): MailingMediaCheck {
  const dot = fileName.lastIndexOf('.');
  const extension = dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
  const groups: Record<AttachmentGroup, readonly string[]> = {
    ...ATTACHMENT_GROUPS,
    document: MAILING_MEDIA_DOCUMENTS,
  };
  const group = (Object.keys(groups) as AttachmentGroup[]).find((g) => groups[g].includes(extension));
  if (!group) return { ok: false, error: 'unsupported_type' };
  if (size <= 0) return { ok: false, error: 'empty' };
  if (size > MAX_MAILING_MEDIA_BYTES) return { ok: false, error: 'too_big' };
  return { ok: true, group };
}

const sendoutId = z.string().min(1).max(64);
const median = z.number().nullable();

export const consentCountsWire = z.object({
  consent_count: z.number().int().min(0),
  neutral_count: z.number().int().min(0),
  declined_count: z.number().int().min(0),
  // Asked and not answered yet (SPEC 4 'await').
  active_count: z.number().int().min(0),
});
export type ConsentCountsWire = z.infer<typeof consentCountsWire>;

// SPEC 4 "the recipient choice toggles consenting and neutral recipients": who a send-out goes to
// for a choice. Clients asked and not answered yet count as neutral; those who declined never get it.
export function includedRecipients(
  counts: ConsentCountsWire,
  choice: { consentTrue: boolean; consentNeutral: boolean },
): number {
  return (
    (choice.consentTrue ? counts.consent_count : 0) +
    (choice.consentNeutral ? counts.neutral_count + counts.active_count : 0)
  );
}

// What a list row was counted as (ours, beside SPEC 3's fields): the report of duplicates,
// blacklisted and invalid numbers the issue asks for.
export const parseReportWire = z.object({
  rows: z.number().int().min(0),
  clients: z.number().int().min(0),
  duplicates: z.number().int().min(0),
  blacklisted: z.number().int().min(0),
  invalid: z.number().int().min(0),
  empty: z.number().int().min(0),
});

// SPEC 3 Parsed client file: the answer of /parse_xlsx and /get_clients_from_ycl. duration is in
// seconds; allowed_start an ISO instant (null: nothing allowed within the horizon).
export const parsedClientFile = z.object({
  keys: z.array(z.string()),
  count: z.number().int().min(0),
  duration: z.number().int().min(0),
  send_days: z.number().int().min(0),
  sendout_id: sendoutId,
  instance_id: z.string().nullable(),
  time_to_msk: z.number(),
  visits_median: median,
  sendout_batch_len: z.number().int().min(1),
  last_visit_time_median: median,
  consent: consentCountsWire,
  owner_phone: z.string().nullable(),
  allowed_start: z.string().nullable(),
  // SPEC 3 immediate-start flag: an immediate launch now would be allowed.
  immediate_start: z.boolean(),
  clients_without_records: z.number().int().min(0),
  between_time: z.number().int().min(0),
  // Ours: the day's quota of the sending number (its daily cap), the quote_for_day the calendar is
  // asked with; sendout_batch_len is this capped by the list's size.
  quote_for_day: z.number().int().min(1),
  report: parseReportWire,
  // Ours (issue 12): the first recipient of the list as the message will read it ({name, phone, and
  // the list's other keys}); the preview and the test message use it instead of invented values.
  sample: z.record(z.string(), z.string()).nullable().default(null),
});
export type ParsedClientFile = z.infer<typeof parsedClientFile>;

// GET /sendout_draft?sendout_id (ours): whether a draft the cabinet kept (a reload of /mailing/new)
// is still on the server, with its first recipient.
export const sendoutDraftQuery = z.object({ sendout_id: sendoutId });
export const sendoutDraftResponse = z.object({
  ok: z.literal(true),
  sendout_id: sendoutId,
  sample: z.record(z.string(), z.string()).nullable(),
});
export type SendoutDraftResponse = z.infer<typeof sendoutDraftResponse>;

// Form fields of /parse_xlsx beside the file (`data`).
export const parseXlsxFields = z.object({
  loyalty_action_id: z.string().max(64).optional(),
});

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

// POST /start_sendout (SPEC 7 form). The draft is the parse answer's sendout_id; count is the number
// the cabinet showed (checked against the draft's recipients after the consent choice).
export const startSendoutFields = z.object({
  sendout_id: sendoutId,
  text: z.string().max(4096),
  count: z.coerce.number().int().min(0).max(SENDOUT_COUNT_MAX),
  instance_id: z.string().max(64).optional(),
  time_to_msk: z.coerce.number().optional(),
  sendout_batch_len: z.coerce.number().int().min(1).max(BATCH_LEN_MAX),
  visits_median: z.coerce.number().optional(),
  last_visit_time_median: z.coerce.number().optional(),
  // ISO instant of a scheduled launch; absent (or delay false) is an immediate one.
  time_start: z.iso.datetime({ offset: true }).optional(),
  delay: flag.default(false),
  // Absent: the choice saved with /choose_consent (both on for a fresh draft).
  consent_true: flag.optional(),
  consent_neutral: flag.optional(),
  between_time: z.coerce.number().int().min(MIN_BETWEEN_TIME).max(MAX_BETWEEN_TIME),
  loyalty_action_id: z.string().max(64).optional(),
});
export type StartSendoutFields = z.infer<typeof startSendoutFields>;

export const startSendoutResponse = z.object({
  ok: z.boolean(),
  status: z.enum(['planned', 'started']),
  sendout_id: sendoutId,
  count: z.number().int().min(0),
  time_start: z.string(),
});
export type StartSendoutResponse = z.infer<typeof startSendoutResponse>;

// POST /choose_consent (SPEC 7): the draft's recipient choice, kept for its launch; the answer is how
// many recipients the choice leaves.
export const chooseConsentBody = z.object({
  sendout_id: sendoutId,
  consent_true: z.boolean(),
  consent_neutral: z.boolean(),
});
export type ChooseConsentBody = z.infer<typeof chooseConsentBody>;
export const chooseConsentResponse = chooseConsentBody.extend({
  ok: z.literal(true),
  count: z.number().int().min(0),
});
export type ChooseConsentResponse = z.infer<typeof chooseConsentResponse>;

// DELETE /stop_sendout?sendout_id: pauses a started or planned send-out (it keeps its place).
export const sendoutIdQuery = z.object({ sendout_id: sendoutId });
export const stopSendoutResponse = z.object({ ok: z.boolean(), status: z.enum(SENDOUT_STATUSES) });

// POST /resume_sendout (ours: SPEC 4 "on pause" has to end somewhere): starts a paused send-out again.
export const resumeSendoutResponse = z.object({ ok: z.boolean(), status: z.enum(SENDOUT_STATUSES) });

// POST /test_sendout (SPEC 7 form: media, text, keys JSON, sendout_id, phone).
export const testSendoutFields = z.object({
  text: z.string().min(1).max(4096),
  // The values of the message's keys for the test ({"name": "Анна"}).
  keys: z.string().max(20_000).optional(),
  sendout_id: sendoutId.optional(),
  phone: phoneSchema,
});
export const testSendoutResponse = z.object({ ok: z.boolean(), outbox_id: z.number().int() });

// Why a started send-out sends nothing now and when it goes on (ours, issue 12): its daily limit or
// the number's cap is reached, the sending window is closed, or no number is connected (no time then).
export const SENDOUT_STALL_REASONS = ['daily_limit', 'sending_window', 'number_disconnected'] as const;
export type SendoutStallReason = (typeof SENDOUT_STALL_REASONS)[number];
export const sendoutStallWire = z.object({
  reason: z.enum(SENDOUT_STALL_REASONS),
  resumes_at: z.string().nullable(),
});
export type SendoutStallWire = z.infer<typeof sendoutStallWire>;

// GET /action_sendouts: the branch's launched send-outs (SPEC 3 listing: sendout_id, date/time, msg,
// process, status), newest first. process is the share sent, 0..100.
export const actionSendoutWire = z.object({
  sendout_id: sendoutId,
  date: z.string(),
  msg: z.string(),
  process: z.number().min(0).max(100),
  status: z.enum(SENDOUT_STATUSES),
  count: z.number().int().min(0),
  sent: z.number().int().min(0),
  source: z.enum(['xlsx', 'crm']),
  // Set while a started send-out waits.
  stall: sendoutStallWire.nullable().default(null),
});
export type ActionSendoutWire = z.infer<typeof actionSendoutWire>;
export const actionSendoutsResponse = z.array(actionSendoutWire);
