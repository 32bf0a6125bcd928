import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { payoutPaidBody } from '@salon/contract/partners';
import { opsGuard } from '../payments/ops/routes.js';
import type { MoneyService } from './money-service.js';

// POST /api/ops/partner_payout_paid {payout_id}: the operator sent a consultant its money (the CLI:
// cli/ops.ts). The operator's own token (OPS_TOKEN), no cabinet session; 404 without one.
export function partnerOpsRoutes(deps: { token: string | undefined; money: MoneyService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/ops/partner_payout_paid',
      {
        config: { public: true },
        onRequest: opsGuard(deps.token),
        schema: {
          body: payoutPaidBody,
          response: { 200: z.object({ ok: z.literal(true), payout_id: z.number().int() }) },
        },
      },
      async (req) => {
        await deps.money.markPayoutPaid(req.body.payout_id);
        return { ok: true as const, payout_id: req.body.payout_id };
      },
    );
  };
}
