import { z } from 'zod';
import { HANDOVER_REASONS } from './ai-chat.js';
import { isSafeText } from './text-rules.js';

// The AI administrator's statistics (/ai_admin_statistics) and the feedback form (SPEC 7 "POST
// feedback (text, rate, branch name)", SPEC 8 feedback reasons). Mounted at /api/ai.
//
//   GET  /api/ai/api/v1/statistics?account_id&date_start&date_end&group_by   → aiStatsResponse
//   POST /api/ai/api/v1/feedback?account_id   feedbackBody                     → { ok: true }

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'invalid_date' });

export const aiStatsQuery = z
  .object({
    // SPEC 7 names the branch as account_id too; when given it must equal acc_id (the session's branch).
  account_id: z.coerce.number().int().optional(),
    // Branch-local calendar days, inclusive.
    date_start: day,
    date_end: day,
    group_by: z.enum(['day', 'week']).default('day'),
  })
  .refine((q) => q.date_start <= q.date_end, { message: 'invalid_range', path: ['date_end'] });

const counts = {
  conversations: z.number().int(),
  // Conversations in which the bot sent at least one answer.
  answered_by_bot: z.number().int(),
  handed_over: z.number().int(),
  bookings: z.number().int(),
  moved: z.number().int(),
  cancelled: z.number().int(),
  // Revenue of the records the bot booked or moved (sum of their services' cost).
  revenue: z.number(),
};

export const aiStatsRow = z.object({
  // First day of the period ('YYYY-MM-DD'; a week starts on Monday).
  period: day,
  ...counts,
});
export type AiStatsRow = z.infer<typeof aiStatsRow>;

export const aiStatsResponse = z.object({
  totals: z.object({
    ...counts,
    handover_reasons: z.record(z.enum(HANDOVER_REASONS), z.number().int()),
    // Median seconds from a client's first message in a conversation to the bot's first answer.
    median_first_answer_sec: z.number().nullable(),
  }),
  series: z.array(aiStatsRow),
});
export type AiStatsResponse = z.infer<typeof aiStatsResponse>;

// SPEC 8 feedback reasons.
export const FEEDBACK_REASONS = ['not_clear', 'no_result', 'difficult_setup', 'not_working'] as const;
export const FEEDBACK_TEXT_MAX = 2000;

export const feedbackBody = z
  .object({
    text: z
      .string()
      .max(FEEDBACK_TEXT_MAX)
      .refine(isSafeText, { message: 'unsafe_text' })
      .refine((s) => s.trim() !== '', { message: 'empty_text' }),
    // 1…5 stars, or a reason.
    rate: z.number().int().min(1).max(5).optional(),
    topic: z.enum(FEEDBACK_REASONS).optional(),
    branch_name: z.string().max(300).optional(),
  })
  .strict();
export type FeedbackBody = z.input<typeof feedbackBody>;
