import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { partnerAdminBody, partnerAdminDeleteBody, partnerAdminList, promoCodeQuery } from '@salon/contract/partners';
import { requireAuth } from '../../../platform/http/auth-hook.js';
import type { PartnerAdminsService } from './service.js';

const PATH = '/reff_consultant/admins';

// SPEC 7 Partners, the Access page's calls. A partner's, not a branch's: no branch guard; the service
// lets only the code's owner partner through.
export function partnerAdminsRoutes(service: PartnerAdminsService): FastifyPluginAsyncZod {
  return async (app) => {
    const response = { 200: partnerAdminList };
    app.get(PATH, { schema: { querystring: promoCodeQuery, response } }, async (req) =>
      service.list(requireAuth(req).userId, req.query.promo_code),
    );
    app.post(PATH, { schema: { querystring: promoCodeQuery, body: partnerAdminBody, response } }, async (req) =>
      service.add(requireAuth(req).userId, req.query.promo_code, req.body),
    );
    app.put(PATH, { schema: { querystring: promoCodeQuery, body: partnerAdminBody, response } }, async (req) =>
      service.update(requireAuth(req).userId, req.query.promo_code, req.body),
    );
    app.delete(PATH, { schema: { querystring: promoCodeQuery, body: partnerAdminDeleteBody, response } }, async (req) =>
      service.remove(requireAuth(req).userId, req.query.promo_code, req.body.telegram_id),
    );
  };
}
