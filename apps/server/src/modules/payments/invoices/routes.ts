import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  INVOICE_SENT_STATUS,
  invoice,
  invoiceIdQuery,
  invoiceList,
  invoiceSent,
  modulesBody,
  monthsQuery,
} from '@salon/contract/payments';
import { requireBranch } from '../../../platform/http/auth-hook.js';
import type { InvoicesService } from './service.js';

// SPEC 7 invoices for legal entities on the main host; the same guard as the other pay calls (any
// member of the branch sees the terms and pays, an invoice included).
export function invoiceRoutes(service: InvoicesService): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { guard: 'member' } as const;
    app.post(
      '/create_invoice',
      { config, schema: { querystring: monthsQuery, body: modulesBody, response: { 200: invoice } } },
      async (req) => service.create(requireBranch(req).accId, req.query.months, req.body.modules),
    );
    app.get('/invoices', { config, schema: { response: { 200: invoiceList } } }, async (req) => ({
      data: await service.list(requireBranch(req).accId),
    }));
    app.get('/invoice_pdf', { config, schema: { querystring: invoiceIdQuery } }, async (req, reply) => {
      const { fileName, bytes } = await service.pdf(requireBranch(req).accId, req.query.invoice_id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(bytes);
    });
    app.post(
      '/send_invoice_to_tg',
      { config, schema: { querystring: invoiceIdQuery, response: { 200: invoiceSent } } },
      async (req) => {
        await service.sendToTelegram(requireBranch(req), req.query.invoice_id);
        return { ok: true as const, status: INVOICE_SENT_STATUS };
      },
    );
  };
}
