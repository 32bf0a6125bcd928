import { z } from 'zod';
import { phoneSchema } from './connection.js';
import {
  CONSENT_ACTIONS,
  CONSENT_CLIENT_TEXT_MAX,
  CONSENT_COMMENT_MAX,
  CONSENT_PAGE_SIZE,
  CONSENT_PAGE_SIZE_MAX,
  CONSENT_PATCH_ACTIONS,
  CONSENT_SEARCH_MAX,
  CONSENT_STATUSES,
} from './consents-rules.js';

export * from './consents-rules.js';

// SPEC 3 Consent entry and SPEC 7 Mailing host: /sendout_consents, /sendout_consent (POST, PATCH),
// /send_consent_xlsx. Everything here is what the wire carries.

export const consentStatusSchema = z.enum(CONSENT_STATUSES);
export const consentActionSchema = z.enum(CONSENT_ACTIONS);

// One change of an entry, written by the server: the entry's values after it, and who made it
// (null when the client or the system did).
export const consentChangeWire = z.object({
  actions: z.array(consentActionSchema),
  date: z.string(),
  new_active: z.boolean().nullable(),
  new_client_text: z.string().nullable(),
  new_comment: z.string().nullable(),
  new_consent: z.boolean().nullable(),
  user_tg_id: z.number().int().nullable(),
});
export type ConsentChangeWire = z.infer<typeof consentChangeWire>;

export const consentEntryWire = z.object({
  active: z.boolean(),
  phone: z.string(),
  client_text: z.string().nullable(),
  consent: z.boolean().nullable(),
  consent_at: z.string().nullable(),
  comment: z.string().nullable(),
  updated_at: z.string(),
  // Oldest first.
  changelog: z.array(consentChangeWire),
});
export type ConsentEntryWire = z.infer<typeof consentEntryWire>;

// GET /sendout_consents: a page of the branch's entries, newest change first.
export const consentListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(CONSENT_PAGE_SIZE_MAX).default(CONSENT_PAGE_SIZE),
  // Digits anywhere in the number.
  search: z
    .string()
    .regex(new RegExp(`^\\d{0,${CONSENT_SEARCH_MAX}}$`), { message: 'invalid_phone_search' })
    .optional(),
  status: consentStatusSchema.optional(),
});
export type ConsentListQuery = z.infer<typeof consentListQuery>;

export const consentCountsWire = z.object({
  all: z.number().int(),
  consent: z.number().int(),
  declined: z.number().int(),
  await: z.number().int(),
  neutral: z.number().int(),
});
export type ConsentCountsWire = z.infer<typeof consentCountsWire>;

export const consentListResponse = z.object({
  ok: z.literal(true),
  data: z.array(consentEntryWire),
  // Entries matching the search and the status filter (for the pages).
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  // Per status, for the whole branch (the filter's badges).
  counts: consentCountsWire,
});
export type ConsentListResponse = z.infer<typeof consentListResponse>;

const commentInput = z.string().max(CONSENT_COMMENT_MAX, { message: 'comment_too_long' }).nullable();

// POST /sendout_consent: a number added by hand. consent true, false or null (no answer).
export const addConsentBody = z.object({
  phone: phoneSchema,
  comment: commentInput.default(null),
  client_text: z.string().max(CONSENT_CLIENT_TEXT_MAX).nullable().default(null),
  consent: z.boolean().nullable().default(null),
});
export type AddConsentBody = z.infer<typeof addConsentBody>;

// PATCH /sendout_consent: the actions say which of the request's fields to apply. An empty list is
// let through here so the server can answer it with its own status (nothing to change).
export const updateConsentBody = z.object({
  actions: z.array(z.enum(CONSENT_PATCH_ACTIONS)).max(CONSENT_PATCH_ACTIONS.length),
  request: z.object({
    phone: phoneSchema,
    consent: z.boolean().nullable().optional(),
    comment: commentInput.optional(),
  }),
});
export type UpdateConsentBody = z.infer<typeof updateConsentBody>;

export const consentActionResponse = z.object({
  ok: z.literal(true),
  status: z.string(),
  data: consentEntryWire,
});
export type ConsentActionResponse = z.infer<typeof consentActionResponse>;

// POST /send_consent_xlsx: which entries go into the file, delivered by the admin bot to the caller.
// `neutral` covers every entry without an answer (neutral and await: both are sent as null).
export const consentXlsxBody = z.object({
  consent: z.boolean().default(false),
  declines: z.boolean().default(false),
  neutral: z.boolean().default(false),
});
export type ConsentXlsxBody = z.infer<typeof consentXlsxBody>;

export const consentXlsxResponse = z.object({ ok: z.literal(true), status: z.string(), count: z.number().int() });
