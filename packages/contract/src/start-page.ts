import { z } from 'zod';
import { normalizePhone } from './phone.js';

// The booking-system start page (SPEC 2 /start_page, SPEC 4, 5, 7): a client who came from the
// salon's booking form leaves a name and a phone and picks how the salon reaches them. The page's
// link carries the branch (branchId: the branch's acc_id) and formHash, an HMAC of the branch made
// by the server, so a stranger cannot make a salon message arbitrary phones.
//
//   GET  /api/start_page?branchId&formHash → startPageInfo (404 not_found: an unknown link)
//   POST /api/start_page?communication_method&salon_id&user_name&phone&lead_id&form_hash&form_url&crm_name
//        (empty body) → a string: the salon's messenger chat link, or 'ok'
//   GET  /api/start_page/link?acc_id → startPageLink (the settings card: the link to paste)

export const COMMUNICATION_METHODS = ['whatsapp', 'phone'] as const;
export type CommunicationMethod = (typeof COMMUNICATION_METHODS)[number];
export const DEFAULT_COMMUNICATION_METHOD: CommunicationMethod = 'whatsapp';

// SPEC 5: a name of at least one character; a phone of digits, at least ten of them.
export const START_PAGE_NAME_MAX = 100;
export const START_PAGE_PHONE_MIN_DIGITS = 10;
// Link parameters kept with the request (a booking form's address can be long).
export const START_PAGE_URL_MAX = 2000;
const PARAM_MAX = 200;

// The answer of a send that has no messenger chat to open: the success page shows.
export const START_PAGE_OK = 'ok';

export const START_PAGE_STATUS = {
  nameEmpty: 'start_page_name_empty',
  phoneEmpty: 'start_page_phone_empty',
  phoneShort: 'start_page_phone_short',
  phoneInvalid: 'start_page_phone_invalid',
  methodInvalid: 'start_page_method_invalid',
} as const;
export type StartPageStatus = (typeof START_PAGE_STATUS)[keyof typeof START_PAGE_STATUS];
export type StartPageField = 'name' | 'phone' | 'method';

export interface StartPageInput {
  name: string;
  // As typed; only its digits count.
  phone: string;
}

export interface StartPageProblem {
  field: StartPageField;
  problem: StartPageStatus;
}

const digitsOf = (value: string) => value.replace(/\D+/g, '');

// SPEC 5 in order: the name, then the phone (empty, fewer than ten digits, not a phone at all).
export function startPageProblems(input: StartPageInput): StartPageProblem[] {
  const S = START_PAGE_STATUS;
  const problems: StartPageProblem[] = [];
  if (input.name.trim().length < 1) problems.push({ field: 'name', problem: S.nameEmpty });
  const digits = digitsOf(input.phone);
  if (digits === '') problems.push({ field: 'phone', problem: S.phoneEmpty });
  else if (digits.length < START_PAGE_PHONE_MIN_DIGITS) problems.push({ field: 'phone', problem: S.phoneShort });
  else if (normalizePhone(digits) === null) problems.push({ field: 'phone', problem: S.phoneInvalid });
  return problems;
}

export function startPageProblem(input: StartPageInput): StartPageProblem | null {
  return startPageProblems(input)[0] ?? null;
}

// Where the browser goes after a send: a messenger chat link (SPEC 4), nothing else.
const CHAT_LINK = /^https:\/\/(wa\.me|t\.me)\/[\w+?=&%.-]+$/;
export function isMessengerChatLink(answer: string): boolean {
  return CHAT_LINK.test(answer);
}

// --- The wire ---

const param = z.string().max(PARAM_MAX);

export const startPageLinkQuery = z.object({
  branchId: param,
  formHash: param,
});
export type StartPageLinkQuery = z.infer<typeof startPageLinkQuery>;

export const startPageInfo = z.object({
  ok: z.literal(true),
  salon_name: z.string(),
  // The salon has a connected WhatsApp number: a WhatsApp choice opens its chat after the send.
  whatsapp_available: z.boolean(),
});
export type StartPageInfo = z.infer<typeof startPageInfo>;

// Loose on the wire so that every SPEC 5 check answers its own status (400) in order.
export const startPageSubmitQuery = z.object({
  communication_method: param.optional(),
  salon_id: param,
  user_name: z
    .string()
    .max(START_PAGE_NAME_MAX * 4)
    .optional(),
  phone: param.optional(),
  lead_id: param.optional(),
  form_hash: param,
  form_url: z.string().max(START_PAGE_URL_MAX).optional(),
  crm_name: param.optional(),
});
export type StartPageSubmitQuery = z.infer<typeof startPageSubmitQuery>;

// SPEC 7: "the response is a string link or other".
export const startPageAnswer = z.string();
export type StartPageAnswer = z.infer<typeof startPageAnswer>;

export const startPageLink = z.object({
  ok: z.literal(true),
  data: z.object({
    // The page's full address (the cabinet's public base + /start_page?branchId&formHash).
    url: z.string(),
    branch_id: z.number().int(),
    form_hash: z.string(),
  }),
});
export type StartPageLink = z.infer<typeof startPageLink>;

// The page's address for a branch (the server's settings card and the tests build it the same way).
export function startPageUrl(base: string, branchId: number, formHash: string): string {
  const params = new URLSearchParams({ branchId: String(branchId), formHash });
  return `${base.replace(/\/$/, '')}/start_page?${params.toString()}`;
}
