import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invoiceIdQuery, opsInvoicePaid } from '@salon/contract/payments';
import { requireBranch } from '../../../platform/http/auth-hook.js';
import type { InvoicesService } from './service.js';

// POST /dev/payments/invoice_paid?acc_id&invoice_id: with the sandbox provider (a local install, no
// real money anywhere) the cabinet's dev tools play the bank transfer of one of the branch's own
// invoices, as the operator's /ops/invoice_paid records it. Not mounted with a real provider.
export function devInvoiceRoutes(invoices: InvoicesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/dev/payments/invoice_paid',
      { config: { guard: 'member' }, schema: { querystring: invoiceIdQuery, response: { 200: opsInvoicePaid } } },
      async (req) => {
        const { accId } = requireBranch(req);
        const paid = await invoices.markPaid(await invoices.numberOf(accId, req.query.invoice_id), accId);
        return {
          ok: true as const,
          applied: paid.applied,
          invoice: paid.invoice,
          modules_paid_till: paid.modulesPaidTill,
        };
      },
    );
  };
}
