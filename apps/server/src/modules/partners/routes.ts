import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PARTNER_STATUS,
  addPromoQuery,
  badgesQuery,
  bonuses,
  consultant,
  consultantHistory,
  operationList,
  operationsQuery,
  orderPaymentBody,
  orderPaymentResult,
  partnerBadges,
  partnerTable,
  promoCodeData,
  promoCodeQuery,
  salonHistory,
  salonPartner,
} from '@salon/contract/partners';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { AppError, errors } from '../../platform/http/errors.js';
import type { PartnerAccess } from './access.js';
import type { MoneyService } from './money-service.js';
import type { PromoService } from './promo-service.js';
import type { ViewsService } from './views-service.js';

export interface PartnerRoutesDeps {
  access: PartnerAccess;
  views: ViewsService;
  money: MoneyService;
  promo: PromoService;
}

// SPEC 7 Partners on the main host. A session but no branch: each call is checked against the promo
// code it names (PartnerAccess), never against a branch's rights.
export function partnerRoutes({ access, views, money, promo }: PartnerRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const held = (userId: number, code: string) => access.require(userId, code);

    app.get(
      '/reff_consultant',
      { schema: { querystring: promoCodeQuery, response: { 200: consultant } } },
      async (req) => {
        const { userId } = requireAuth(req);
        return views.consultant(userId, await held(userId, req.query.promo_code));
      },
    );
    app.get('/reff_consultant/partners', { schema: { response: { 200: partnerTable } } }, async (req) => {
      const { userId } = requireAuth(req);
      const groups = await views.partnerTable(userId);
      if (groups.length === 0) throw errors.failRights();
      return groups;
    });
    app.get(
      '/reff_consultant/operations',
      { schema: { querystring: operationsQuery, response: { 200: operationList } } },
      async (req) => views.operations(await held(requireAuth(req).userId, req.query.promo_code), req.query),
    );
    app.get(
      '/reff_consultant/history',
      { schema: { querystring: promoCodeQuery, response: { 200: consultantHistory } } },
      async (req) => views.history(await held(requireAuth(req).userId, req.query.promo_code)),
    );
    app.get(
      '/partner_badges',
      { schema: { querystring: badgesQuery, response: { 200: partnerBadges } } },
      async (req) => views.badges(await held(requireAuth(req).userId, req.query.promo_code)),
    );
    app.get(
      '/reff_consultant/order_payment',
      { schema: { querystring: promoCodeQuery, response: { 200: bonuses } } },
      async (req) => money.bonuses(await held(requireAuth(req).userId, req.query.promo_code)),
    );
    app.post(
      '/reff_consultant/order_payment',
      { schema: { querystring: promoCodeQuery, body: orderPaymentBody, response: { 200: orderPaymentResult } } },
      async (req) => {
        const code = await held(requireAuth(req).userId, req.query.promo_code);
        const done = await money.withdraw(code, req.body.months, req.body.msg);
        return {
          ok: true as const,
          payout_id: done.payoutId,
          amount: done.amount,
          days: done.days,
          bonuses: await money.bonuses(code),
        };
      },
    );
    app.post(
      '/reff_consultant/add_promo',
      { schema: { querystring: addPromoQuery, response: { 200: consultant } } },
      async (req) => {
        const { userId } = requireAuth(req);
        const { promo_code, promo_name, days } = req.query;
        const main = await promo.addPromo(userId, { code: promo_code, name: promo_name, days });
        return views.consultant(userId, main);
      },
    );
    app.get('/reff_salon', { schema: { response: { 200: salonPartner } } }, async (req) =>
      views.salon(await salonPartnerOf(access, requireAuth(req).userId)),
    );
    app.get('/reff_salon/payments_history', { schema: { response: { 200: salonHistory } } }, async (req) =>
      views.salonHistory(await salonPartnerOf(access, requireAuth(req).userId)),
    );
    // The auto-connect form shows the code's card before anyone has a session.
    app.get(
      '/promo_code_data',
      { config: { public: true }, schema: { querystring: promoCodeQuery, response: { 200: promoCodeData } } },
      async (req) => {
        const data = await promo.promoCodeData(req.query.promo_code);
        if (!data) throw new AppError(404, PARTNER_STATUS.promoUnknown);
        return data;
      },
    );
  };
}

async function salonPartnerOf(access: PartnerAccess, userId: number) {
  const me = await access.requirePartner(userId);
  if (me.partnerType !== 'salon') throw errors.failRights();
  return me;
}
