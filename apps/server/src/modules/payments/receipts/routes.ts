import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { missingReceipt, missingReceiptBody, missingReceiptQuery } from '@salon/contract/payments';
import { requireBranch } from '../../../platform/http/auth-hook.js';
import type { ReceiptsService } from './service.js';

// SPEC 7 /get_missing_receipt (body fiscal_number, payment_id; query date, amount). The payment is
// found by its provider id among the branch's own; date, amount and fiscal_number are what the
// cabinet shows and are not needed to find it.
export function receiptRoutes(service: ReceiptsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/get_missing_receipt',
      {
        config: { guard: 'member' },
        schema: { querystring: missingReceiptQuery, body: missingReceiptBody, response: { 200: missingReceipt } },
      },
      async (req) => service.missing(requireBranch(req).accId, req.body.payment_id),
    );
  };
}
