import { z } from 'zod';
import { INT4_MAX } from './db-limits.js';
import {
  CONSENT_KINDS,
  DAY_OPTIONS,
  EVENT_KINDS,
  isDayCategory,
  isOffsetCategory,
  isStatsDay,
  isValidOffsetHours,
  MAX_CONTENT_ITEMS,
  STATS_GROUP_BY,
  TEMPLATE_CATEGORIES,
  TEMPLATE_TEXT_MAX,
  TEMPLATE_TITLE_MAX,
} from './templates-rules.js';
import { REFERENCE_LIST_KINDS, referenceListQuery, referenceListResponse } from './reference-lists.js';

export * from './templates-rules.js';

// SPEC 7 Templates, with SPEC 3's server names. Everything here is what the wire carries.

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'invalid_time' });
const ids = z.array(z.string().min(1).max(64)).max(1000);
const digits = z.string().regex(/^\d{5,15}$/, { message: 'invalid_phone' });
// A query flag: `?tm` or `?tm=1`/`true` is on, `?tm=0`/`false` is off (the web client sends booleans as
// 1/0). z.coerce.boolean() would read '0' and 'false' as true and a bare `?tm` as false.
const queryFlag = z
  .union([z.boolean(), z.enum(['', '1', '0', 'true', 'false'])])
  .transform((v) => v === true || v === '' || v === '1' || v === 'true');

// One content item: a text, or a file with a caption (SPEC 3 content items).
export const contentItem = z.object({
  type: z.enum(['text', 'file']),
  body: z.string().max(TEMPLATE_TEXT_MAX),
  caption: z.string().max(1024).default(''),
  // In a save request: the multipart field carrying this item's new file.
  name_field_file: z.string().max(64).nullable().default(null),
  file_name: z.string().max(255).nullable().default(null),
  // A file already stored (kept when the item is saved again without a new upload).
  file_id: z.string().max(64).nullable().default(null),
  file_url: z.string().nullable().default(null),
  content_type: z.string().nullable().default(null),
});
export type ContentItem = z.infer<typeof contentItem>;

// Timing, filters and options of a template (SPEC 3 server names). whenSend2 depends on when_send:
// hours for before_start/after_end/after_deletion, a day of DAY_OPTIONS for all-day and birthday,
// an EVENT_KINDS entry for event and a CONSENT_KINDS entry for consent.
export const templateSettings = z
  .object({
    when_send: z.enum(TEMPLATE_CATEGORIES),
    when_send2: z.union([z.number(), z.string()]),
    when_time: hhmm.nullable().default(null),
    services: ids.default([]),
    categories: ids.default([]),
    goods: ids.default([]),
    staff: ids.default([]),
    record_labels: ids.default([]),
    client_category: ids.default([]),
    // [quantityFrom, quantityTo]: the client's visit count range; null ends are open.
    visits: z.tuple([z.number().int().min(1).nullable(), z.number().int().min(1).nullable()]).default([null, null]),
    // Record client statuses that may receive it (-1, 0, 1, 2).
    attendance: z.array(z.union([z.literal(-1), z.literal(0), z.literal(1), z.literal(2)])).default([]),
    send_only_lost_client: z.boolean().default(false),
    online: z.boolean().default(false),
    confirm_record: z.boolean().default(false),
    declined_record: z.boolean().default(false),
    // textConfirmation and textCancel: the answers to a client who confirms or cancels.
    send_confirm: z.string().max(TEMPLATE_TEXT_MAX).default(''),
    text_cancel: z.string().max(TEMPLATE_TEXT_MAX).default(''),
    integration_link: z.string().max(500).nullable().default(null),
    loyalty_action_id: z.number().int().nullable().default(null),
    blacklist: z.array(digits).max(1000).default([]),
  })
  .superRefine((s, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (isOffsetCategory(s.when_send)) {
      if (typeof s.when_send2 !== 'number' || !isValidOffsetHours(s.when_send, s.when_send2)) {
        issue('when_send2', 'invalid_offset');
      }
    } else if (isDayCategory(s.when_send)) {
      if (typeof s.when_send2 !== 'number' || !(DAY_OPTIONS as readonly number[]).includes(s.when_send2)) {
        issue('when_send2', 'invalid_day');
      }
      if (!s.when_time) issue('when_time', 'required');
    } else if (s.when_send === 'event') {
      if (!(EVENT_KINDS as readonly unknown[]).includes(s.when_send2)) issue('when_send2', 'invalid_event');
    } else if (!(CONSENT_KINDS as readonly unknown[]).includes(s.when_send2)) {
      issue('when_send2', 'invalid_consent_kind');
    }
    const [from, to] = s.visits;
    if (from !== null && to !== null && from > to) issue('visits', 'visits_quantity_error');
    if (s.declined_record && !s.text_cancel.trim()) issue('text_cancel', 'no_cancel_text');
    if (s.confirm_record && s.attendance.includes(-1)) issue('attendance', 'confirm_excludes_did_not_come');
    if (new Set(s.blacklist).size !== s.blacklist.length) issue('blacklist', 'duplicate_phone');
  });
export type TemplateSettings = z.infer<typeof templateSettings>;

export const templateInput = z.object({
  title: z.string().trim().min(1).max(TEMPLATE_TITLE_MAX),
  active: z.boolean(),
  settings: templateSettings,
  text_sms: z.string().max(TEMPLATE_TEXT_MAX).default(''),
  content: z.array(contentItem).min(1).max(MAX_CONTENT_ITEMS),
});
export type TemplateInput = z.infer<typeof templateInput>;

// GET /template?template_id
export const templateWire = z.object({
  id: z.number().int(),
  type: z.enum(['tm', 'em']),
  title: z.string(),
  active: z.boolean(),
  version: z.number().int(),
  settings: templateSettings,
  text_sms: z.string(),
  content: z.array(contentItem),
  can_edit: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TemplateWire = z.infer<typeof templateWire>;
export const templateResponse = z.object({ ok: z.literal(true), data: templateWire });
export const templateQuery = z.object({ template_id: z.coerce.number().int().positive().max(INT4_MAX) });

// POST /template: multipart with a `data` field (JSON of templateInput, plus `id` when updating) and
// the files named by content items' name_field_file. Query tm, em, new_template.
export const saveTemplateQuery = z.object({
  tm: queryFlag.optional(),
  em: queryFlag.optional(),
  new_template: queryFlag.optional(),
});
export const saveTemplateData = templateInput.extend({ id: z.number().int().positive().max(INT4_MAX).optional() });
export const saveTemplateResponse = z.object({
  ok: z.literal(true),
  status: z.string(),
  id: z.number().int(),
  version: z.number().int(),
});

// GET /template_list?tm&em — SPEC 3 List item.
export const templateListItem = z.object({
  active: z.boolean(),
  // Prefixed by kind: 't12', 'e7'.
  id: z.string(),
  title: z.string(),
  // The category (when_send).
  name: z.enum(TEMPLATE_CATEGORIES),
  time: z.string().nullable(),
  event: z.string().nullable(),
  template_send_time: z.union([z.number(), z.string()]),
  send_only_lost_client: z.boolean(),
  link: z.string().nullable(),
  integration_type: z.string().nullable(),
  is_new_template: z.boolean(),
});
export type TemplateListItem = z.infer<typeof templateListItem>;
export const templateListQuery = z.object({ tm: queryFlag.optional(), em: queryFlag.optional() });
export const templateListResponse = z.object({
  ok: z.literal(true),
  data: z.object({ tm: z.array(templateListItem), em: z.array(templateListItem) }),
});

export const swapTemplatesQuery = z.object({ templates_type: z.enum(['tm', 'em']) });
export const swapTemplatesBody = z.object({
  templates: z.array(z.number().int().positive().max(INT4_MAX)).min(1).max(1000),
});
export const switchTemplateBody = z.object({
  template_id: z.number().int().positive().max(INT4_MAX),
  state: z.boolean(),
  tm: z.boolean().optional(),
  em: z.boolean().optional(),
});
export const templateIdBody = z.object({ template_id: z.number().int().positive().max(INT4_MAX) });
export const copyTemplateBody = templateIdBody.extend({ lang: z.enum(['ru', 'en']).default('ru') });
export const copyTemplateResponse = z.object({ ok: z.literal(true), id: z.number().int() });
export const copyToBranchesBody = z.object({
  template_id: z.number().int().positive().max(INT4_MAX),
  acc_ids: z.array(z.number().int().positive().max(INT4_MAX)).min(1).max(500),
});
export const copyToBranchesResponse = z.object({ ok: z.literal(true), count: z.number().int() });

// Category lists for the filters: the reference lists (reference-lists.ts), by their names here.
export const TEMPLATE_LIST_CATEGORIES = REFERENCE_LIST_KINDS;
export const categoryListQuery = referenceListQuery;
export const categoryListResponse = referenceListResponse;

// --- Statistics (SPEC 3 Template statistics) ---
const dateParam = z.string().refine(isStatsDay, { message: 'invalid_date' });
export const statsRangeQuery = z.object({ date_from: dateParam.optional(), date_to: dateParam.optional() });
export const oneTemplateStatsQuery = statsRangeQuery.extend({
  templ_id: z.coerce.number().int().positive().max(INT4_MAX),
  group_by: z.enum(STATS_GROUP_BY).default('week'),
});
export const templateDetailQuery = z.object({ templ_id: z.coerce.number().int().positive().max(INT4_MAX) });

const measures = {
  send_count: z.number().int(),
  // Delivered (the provider's delivered or read ack) and its share of the sends.
  sent: z.number().int(),
  send_rate: z.number(),
  answered_count: z.number().int(),
  answered_rate: z.number(),
  recorded_count: z.number().int(),
  recorded_rate: z.number(),
  // Revenue of the bookings attributed to the messages, and per message.
  earned_count: z.number(),
  earn_one_msg: z.number(),
};
export const allTemplatesStatsRow = z.object({
  id: z.number().int(),
  title: z.string(),
  active: z.boolean(),
  type: z.enum(['tm', 'em']),
  name: z.enum(TEMPLATE_CATEGORIES),
  deleted: z.boolean(),
  ...measures,
});
export const allTemplatesStatsResponse = z.object({ ok: z.literal(true), data: z.array(allTemplatesStatsRow) });
export const versionStatsRow = z.object({
  id: z.number().int(),
  version: z.number().int(),
  text: z.string(),
  // When the version was made.
  time: z.string(),
  // When it sends (offset hours, day option or event kind) and the mean days from send to booking.
  send_time: z.union([z.number(), z.string()]),
  send_after_days: z.number().nullable(),
  ...measures,
});
export const versionStatsResponse = z.object({ ok: z.literal(true), data: z.array(versionStatsRow) });
export const timeStatsRow = z.object({
  id: z.number().int(),
  // Start of the week or month (YYYY-MM-DD, branch time zone).
  period: z.string(),
  versions: z.array(z.number().int()),
  ...measures,
});
export const timeStatsResponse = z.object({ ok: z.literal(true), data: z.array(timeStatsRow) });
export const clientStatsRow = z.object({
  sum: z.number(),
  name: z.string(),
  phone: z.string(),
  version: z.number().int(),
  services: z.string(),
  // Message created / last status change, client's reply, booking made.
  created_at: z.string(),
  updated_at: z.string(),
  reply_time: z.string().nullable(),
  record_time: z.string().nullable(),
  send_time: z.string().nullable(),
  // Status of the message: sent, delivered, read, answered, recorded, failed, pending, cancelled.
  status: z.string(),
  answer_process: z.boolean(),
  record_process: z.boolean(),
});
export type ClientStatsRow = z.infer<typeof clientStatsRow>;
export const clientStatsResponse = z.object({ ok: z.literal(true), data: z.array(clientStatsRow) });
export const sendStatsToTelegramResponse = z.object({ ok: z.literal(true), status: z.string() });

// Status texts of template calls the cabinet maps to messages (SPEC 8 Template).
export const TEMPLATE_STATUS = {
  saved: 'SAVE_SUCCESS',
  created: 'TEMPLATE_CREATED',
  notFound: 'TEMPLATE_NOT_FOUND',
  noCancelText: 'NO_CANCEL_TEXT',
  testFieldsParseError: 'template test fields parse error',
  fileTooBig: 'FILE_TOO_BIG',
  unsupportedFile: 'UNSUPPORTED_FILE',
  sentToTelegram: 'SENT_TO_TELEGRAM',
  noAdminBot: 'NO_ADMIN_BOT',
} as const;
