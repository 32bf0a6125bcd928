import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opsInvoicePaid, opsInvoicePaidBody, opsRefund, opsRefundBody } from '@salon/contract/payments';
import { errors } from '../../../platform/http/errors.js';
import type { InvoicesService } from '../invoices/service.js';
import type { RefundsService } from './refunds.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

// The operator's calls are outside the cabinet's sessions: a bearer token of their own (OPS_TOKEN),
// compared in constant time (over digests, so its length leaks nothing either). Without OPS_TOKEN
// the calls do not exist.
export function opsGuard(token: string | undefined) {
  const expected = token ? digest(token) : null;
  return async (req: FastifyRequest): Promise<void> => {
    if (!expected) throw errors.notFound();
    const given = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!given || !timingSafeEqual(digest(given), expected)) throw errors.unauthorized();
  };
}

// POST /api/ops/invoice_paid {number}, POST /api/ops/refund {payment_id} (the CLI: cli/ops.ts).
export function opsRoutes(deps: {
  token: string | undefined;
  invoices: InvoicesService;
  refunds: RefundsService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    // Public to the cabinet's session check; the token is checked before the body is read.
    const route = { config: { public: true }, onRequest: opsGuard(deps.token) } as const;
    app.post(
      '/ops/invoice_paid',
      { ...route, schema: { body: opsInvoicePaidBody, response: { 200: opsInvoicePaid } } },
      async (req) => {
        const paid = await deps.invoices.markPaid(req.body.number);
        return {
          ok: true as const,
          applied: paid.applied,
          invoice: paid.invoice,
          modules_paid_till: paid.modulesPaidTill,
        };
      },
    );
    app.post(
      '/ops/refund',
      { ...route, schema: { body: opsRefundBody, response: { 200: opsRefund } } },
      async (req) => {
        const done = await deps.refunds.refund(req.body.payment_id);
        return {
          ok: true as const,
          refunded: done.refunded,
          payment_id: done.paymentId,
          amount: done.amount,
          refunded_at: done.refundedAt.toISOString(),
          modules_paid_till: done.modulesPaidTill,
        };
      },
    );
  };
}
