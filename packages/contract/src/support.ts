import { z } from 'zod';

// SPEC 3 "Integrator request" and "Feedback", SPEC 5 Feedback, SPEC 7 /send_feedback_to_asana and
// "Integrator form", SPEC 8 feedback reasons.
//
//   POST /api/integrators_request?acc_id {branch_id?, integranor_name, name, phone, service,
//        whatsapp_number} → integratorRequestSent (session + member of the branch)
//   POST /api/send_feedback_to_asana {acc_id?, text, topic?, rate?, branch_name?} → feedbackSent,
//        as JSON or as a multipart form with the same fields and an optional file part `file`
//
// Both are kept before anything is forwarded: the answer is "sent" whether or not the webhook or
// the support chat took it (SPEC 7: the response is not read).

// SPEC 5 "max text length from a shared constant (not shown)".
export const FEEDBACK_TEXT_MAX = 4000;
export const FEEDBACK_TOPIC_MAX = 100;
export const FEEDBACK_BRANCH_NAME_MAX = 200;
export const FEEDBACK_RATE_MIN = 1;
export const FEEDBACK_RATE_MAX = 5;
// The multipart part that carries the optional file (SPEC 5 Attachments: ≤ 20 MB, four groups).
export const FEEDBACK_FILE_FIELD = 'file';

// SPEC 8 feedback reasons, as wire values (the interface's texts are i18n keys of the same names).
export const FEEDBACK_REASONS = ['not_clear', 'no_result', 'difficult_setup', 'not_working'] as const;
export type FeedbackReason = (typeof FEEDBACK_REASONS)[number];

export const INTEGRATOR_NAME_MAX = 100;
export const INTEGRATOR_SYSTEM_MAX = 100;
export const INTEGRATOR_SERVICE_MAX = 1000;

// The codes of a refused request: `status` of the 400, also the `code` of its one issue.
export const SUPPORT_STATUS = {
  nameRequired: 'name_required',
  phoneInvalid: 'phone_invalid',
  integratorRequired: 'integrator_required',
  serviceRequired: 'service_required',
  whatsappInvalid: 'whatsapp_invalid',
  textRequired: 'text_required',
  textTooLong: 'text_too_long',
  topicInvalid: 'topic_invalid',
  rateInvalid: 'rate_invalid',
  fileTooBig: 'file_too_big',
  fileUnsupported: 'file_unsupported',
} as const;

const phoneLike = z.union([z.string().max(40), z.number().int().nonnegative()]).nullish();

// Loose on the wire (lengths only) so that each rule answers its own code, in form order.
export const integratorRequestBody = z.object({
  acc_id: z.union([z.number(), z.string().max(16)]).nullish(),
  // The branch the request is about (SPEC 3 branch_id); the selected branch when absent.
  branch_id: z.union([z.number().int().nonnegative(), z.string().max(16)]).nullish(),
  // The booking system or integrator the salon wants connected (sic: SPEC 3 spells it so).
  integranor_name: z
    .string()
    .max(INTEGRATOR_SYSTEM_MAX * 2)
    .nullish(),
  name: z
    .string()
    .max(INTEGRATOR_NAME_MAX * 2)
    .nullish(),
  phone: phoneLike,
  // The required service (SPEC 3 requiredService).
  service: z
    .string()
    .max(INTEGRATOR_SERVICE_MAX * 2)
    .nullish(),
  whatsapp_number: phoneLike,
});
export type IntegratorRequestBody = z.infer<typeof integratorRequestBody>;

// What the automation webhook receives (and what the request keeps as its payload).
export interface IntegratorWebhookPayload {
  branch_id: number;
  integranor_name: string;
  name: string;
  phone: string;
  service: string;
  whatsapp_number: number;
}

export const integratorRequestSent = z.object({ ok: z.literal(true), id: z.number().int() });
export type IntegratorRequestSent = z.infer<typeof integratorRequestSent>;

const rateLike = z.union([z.number(), z.string().max(4)]).nullish();

export const feedbackBody = z.object({
  acc_id: z.union([z.number(), z.string().max(16)]).nullish(),
  text: z
    .string()
    .max(FEEDBACK_TEXT_MAX * 2)
    .nullish(),
  // One of FEEDBACK_REASONS, or a short free topic.
  topic: z
    .string()
    .max(FEEDBACK_TOPIC_MAX * 2)
    .nullish(),
  rate: rateLike,
  branch_name: z
    .string()
    .max(FEEDBACK_BRANCH_NAME_MAX * 2)
    .nullish(),
});
export type FeedbackBody = z.infer<typeof feedbackBody>;

export const feedbackSent = z.object({ ok: z.literal(true), id: z.number().int() });
export type FeedbackSent = z.infer<typeof feedbackSent>;

// The form's rule (SPEC 5): send is disabled while the text is empty (spaces only count as empty).
export function feedbackTextProblem(text: string): 'text_required' | 'text_too_long' | null {
  const trimmed = text.trim();
  if (trimmed === '') return SUPPORT_STATUS.textRequired;
  if (trimmed.length > FEEDBACK_TEXT_MAX) return SUPPORT_STATUS.textTooLong;
  return null;
}
