import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loyaltyAnalyticsQuery, loyaltyAnalyticsResponse } from '@salon/contract/loyalty';
import { requireBranch } from '../../../platform/http/auth-hook.js';
import type { LoyaltyAnalyticsService } from './service.js';

// SPEC 7 GET /loyalty/loyalty_analytics (the statistics tab): any member of the branch.
export function loyaltyAnalyticsRoutes(analytics: LoyaltyAnalyticsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/loyalty/loyalty_analytics',
      {
        config: { guard: 'member' },
        schema: { querystring: loyaltyAnalyticsQuery, response: { 200: loyaltyAnalyticsResponse } },
      },
      async (req) => analytics.analytics(requireBranch(req).accId, req.query),
    );
  };
}
