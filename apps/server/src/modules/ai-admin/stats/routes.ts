import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { aiStatsQuery, aiStatsResponse } from '@salon/contract/ai-stats';
import { requireBranch } from '../../../platform/http/auth-hook.js';
import type { AiStatsService } from './service.js';

// SPEC 7 AI host: GET /api/v1/statistics, for any member of the branch (acc_id).
export function aiStatsRoutes(stats: AiStatsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/statistics',
      { config: { guard: 'member' }, schema: { querystring: aiStatsQuery, response: { 200: aiStatsResponse } } },
      async (req) =>
        stats.stats({
          accId: requireBranch(req).accId,
          ...(req.query.account_id === undefined ? {} : { accountId: req.query.account_id }),
          from: req.query.date_start,
          to: req.query.date_end,
          groupBy: req.query.group_by,
        }),
    );
  };
}
