import { z } from 'zod';
import { INT4_MAX } from './db-limits.js';

// SPEC 3 "AI agent settings" and SPEC 7 "AI host" (mounted at /api/ai): the AI administrator's
// settings of a branch. Validation messages are codes the cabinet translates (ai.errors.<code>).
//
//   POST  /api/ai/api/v1/auth/token?acc_id              {origin}                → aiTokenResponse
//   GET   /api/ai/api/v1/agents/?acc_id&origin&backend                         → agentResponse
//   PATCH /api/ai/api/v1/agents/?acc_id   agentPatchBody {settings, copy_to}     → agentResponse
//   GET   /api/ai/api/v1/agents/options?acc_id                                  → agentOptionsResponse

// SPEC 5 / 9 AI limits.
export const LOOKUP_DAYS = { typedMin: 0, min: 1, max: 30, default: 1 } as const;
export const AGGREGATION_SECONDS = { typedMin: 0, min: 5, max: 60, default: 5 } as const;
export const TONES = ['neutral', 'brutal', 'corporate', 'luxury', 'trend'] as const;
export type Tone = (typeof TONES)[number];
export const RECOMMENDATION_MODES = ['manual', 'automatic'] as const;
export const AI_MESSAGE_MAX = 1000;
export const AI_EMOJI_MAX = 30;
export const AI_EXCLUSIONS_MAX = 1000;
// SPEC 5: an empty night-mode message falls back to this text (and SPEC 8's hand-over text).
export const DEFAULT_NIGHT_MESSAGE = 'Спасибо за сообщение! Сейчас салон закрыт — мы ответим утром.';
// SPEC 8 names it 'Switching to administrator, please wait'; the clients of a Russian salon read it in
// Russian (the salon may write its own).
export const DEFAULT_SWITCH_TO_HUMAN_MESSAGE = 'Переключаю на администратора, пожалуйста, подождите.';

// SPEC 5: typed 0…30, stored 1…30 (the cabinet clamps on blur; the server refuses outside).
export function clampLookupDays(value: number): number {
  if (!Number.isFinite(value)) return LOOKUP_DAYS.default;
  return Math.min(LOOKUP_DAYS.max, Math.max(LOOKUP_DAYS.min, Math.round(value)));
}
export function clampAggregation(value: number): number {
  if (!Number.isFinite(value)) return AGGREGATION_SECONDS.default;
  return Math.min(AGGREGATION_SECONDS.max, Math.max(AGGREGATION_SECONDS.min, Math.round(value)));
}

// SPEC 5: emojis split by visible character (grapheme clusters, so 👍🏽 and 👨‍👩‍👧 stay whole).
export function splitEmoji(text: string): string[] {
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return [...segmenter.segment(text)].map((s) => s.segment).filter((s) => s.trim() !== '');
}

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'invalid_time' });
const idList = z.array(z.string().regex(/^\d{1,20}$/, { message: 'digits_only' })).max(AI_EXCLUSIONS_MAX);

export const nightModeSchedule = z.object({
  active: z.boolean(),
  start: hhmm,
  end: hhmm,
  message_text: z.string().max(AI_MESSAGE_MAX),
});

// SPEC 3 fields with the server's snake_case names.
export const agentSettings = z.object({
  is_active: z.boolean(),
  recommendation_mode: z.enum(RECOMMENDATION_MODES),
  aggregation_time: z
    .number()
    .int()
    .min(AGGREGATION_SECONDS.min, { message: 'aggregation_range' })
    .max(AGGREGATION_SECONDS.max, { message: 'aggregation_range' }),
  night_mode_schedule: nightModeSchedule,
  schedule_lookup_interval: z
    .number()
    .int()
    .min(LOOKUP_DAYS.min, { message: 'lookup_range' })
    .max(LOOKUP_DAYS.max, { message: 'lookup_range' }),
  mark_read: z.boolean(),
  work_with_record: z.boolean(),
  tone_of_voice: z.enum(TONES),
  emoji_list: z.array(z.string().min(1).max(32)).max(AI_EMOJI_MAX),
  // Excluded client phones, digits with the country code.
  phones: z.array(z.string().regex(/^\d{10,15}$/, { message: 'invalid_phone' })).max(AI_EXCLUSIONS_MAX),
  masters_exceptions: idList,
  services_exceptions: idList,
  categories_exceptions: idList,
  switch_to_human: z.boolean(),
  switch_to_human_message: z.string().max(AI_MESSAGE_MAX),
});
export type AgentSettings = z.infer<typeof agentSettings>;

export const agentWire = agentSettings.extend({
  id: z.number().int().positive().max(INT4_MAX),
  account_id: z.number().int(),
  // The AI module is paid for this branch (SPEC 6 showNeiroInterface).
  paid: z.boolean(),
});
export type AgentWire = z.infer<typeof agentWire>;
export const agentResponse = z.object({ data: agentWire });

export const agentPatchBody = z
  .object({
    settings: agentSettings.partial(),
    // Branches the saved settings are copied to too (the user must be allowed to edit them).
    copy_to: z.array(z.number().int().positive().max(INT4_MAX)).max(500).default([]),
  })
  .strict();
export type AgentPatchBody = z.input<typeof agentPatchBody>;

const optionList = z.object({
  count: z.number().int(),
  data: z.array(z.object({ id: z.string(), title: z.string() })),
});
export const agentOptionsResponse = z.object({
  tones: z.array(z.enum(TONES)),
  masters: optionList,
  services: optionList,
  categories: optionList,
});
export type AgentOptionsResponse = z.infer<typeof agentOptionsResponse>;

export const aiTokenBody = z.object({ origin: z.string().max(200).optional() });
export const aiTokenResponse = z.object({ access_token: z.string(), token_type: z.literal('bearer') });

// Status texts of the agent calls (the cabinet maps each to a translated message; SPEC 6 sends a
// branch without the paid AI module to /pay).
export const AI_STATUS = {
  notPaid: 'AI not paid',
  unknownCrmIds: 'Unknown CRM ids',
  crmUnavailable: 'CRM lists unavailable',
} as const;
