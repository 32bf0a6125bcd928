import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { feedbackBody } from '@salon/contract/ai-stats';
import { requireBranch } from '../../../platform/http/auth-hook.js';
import type { FeedbackService } from './service.js';

const feedbackQuery = z.object({ account_id: z.coerce.number().int().optional() });

// SPEC 7 AI host: POST /api/v1/feedback, for any member of the branch (acc_id).
export function feedbackRoutes(feedback: FeedbackService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/v1/feedback',
      {
        config: { guard: 'member' },
        schema: {
          querystring: feedbackQuery,
          body: feedbackBody,
          response: { 200: z.object({ ok: z.literal(true) }) },
        },
      },
      async (req) => {
        const branch = requireBranch(req);
        await feedback.submit(
          {
            accId: branch.accId,
            userId: branch.userId,
            ...(req.query.account_id === undefined ? {} : { accountId: req.query.account_id }),
          },
          req.body,
        );
        return { ok: true as const };
      },
    );
  };
}
