import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  modulesBody,
  monthsQuery,
  payData,
  payTgQuery,
  paymentHistory,
  priceCalculation,
} from '@salon/contract/payments';
import { requireBranch } from '../../platform/http/auth-hook.js';
import type { PaymentsService } from './service.js';

// SPEC 7 Payments on the main host. SPEC 6 gives the pay page no guard (every screen without the
// AI flag sends its users to /pay): any member of the branch may see the terms and pay.
export function paymentsRoutes(service: PaymentsService): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { guard: 'member' } as const;
    // `tg`: the Telegram-only cabinet asks the same data (tg_pay_date, tg_test_period are in it).
    app.get('/pay', { config, schema: { querystring: payTgQuery, response: { 200: payData } } }, async (req) =>
      service.payData(requireBranch(req).accId),
    );
    app.post(
      '/calculate_price',
      { config, schema: { querystring: monthsQuery, body: modulesBody, response: { 200: priceCalculation } } },
      async (req) => service.calculate(requireBranch(req).accId, req.query.months, req.body.modules),
    );
    app.post(
      '/get_link',
      { config, schema: { querystring: monthsQuery, body: modulesBody, response: { 200: z.string() } } },
      // A JSON string (fastify would send a bare string as text/plain).
      async (req, reply) => {
        const url = await service.link(requireBranch(req).accId, req.query.months, req.body.modules);
        return reply.type('application/json').send(JSON.stringify(url));
      },
    );
    app.get('/payment_history', { config, schema: { response: { 200: paymentHistory } } }, async (req) => ({
      data: await service.history(requireBranch(req).accId),
    }));
  };
}
