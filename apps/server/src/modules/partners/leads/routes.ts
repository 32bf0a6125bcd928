import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { leadBody, leadList, promoCodeQuery } from '@salon/contract/partners';
import { requireAuth } from '../../../platform/http/auth-hook.js';
import type { LeadsService } from './service.js';

// SPEC 7 Partners, leads: a partner's calls, not a branch's (no acc_id, no branch guard); the
// service checks the promo code against the caller.
export function leadsRoutes(service: LeadsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/add_promo_leads', { schema: { body: leadBody, response: { 200: leadList } } }, async (req) =>
      service.add(requireAuth(req).userId, req.body),
    );
    app.get('/get_promo_leads', { schema: { querystring: promoCodeQuery, response: { 200: leadList } } }, async (req) =>
      service.list(requireAuth(req).userId, req.query.promo_code),
    );
  };
}
