import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  yclientsWebhookBody,
  yclientsWebhookResponse,
  type YclientsWebhookResponse,
} from '@salon/contract/crm-webhook';
import type { CrmProcessor } from '../../processor.js';

// POST /crm/yclients/webhook: YCLIENTS' change notifications. Public (YCLIENTS signs nothing), so
// nothing in the body is trusted: events of companies no branch is connected to are ignored, and the
// processor re-reads every record through the API before acting. Each event is stored before the 200,
// so a crash after the answer loses nothing and a redelivery is recognised as a duplicate.
export function yclientsWebhookRoutes(processor: CrmProcessor): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/crm/yclients/webhook',
      {
        config: { public: true },
        // A batch may hold 1000 events with their records: more than the 1 MB other JSON bodies get.
        bodyLimit: 10 * 1024 * 1024,
        schema: { body: yclientsWebhookBody, response: { 200: yclientsWebhookResponse } },
      },
      async (req) => {
        const events = Array.isArray(req.body) ? req.body : [req.body];
        const answer: YclientsWebhookResponse = { ok: true, stored: 0, duplicates: 0, ignored: 0 };
        for (const event of events) {
          const outcome = await processor.ingest('yclients', {
            companyId: event.company_id,
            resource: event.resource,
            resourceId: event.resource_id,
            status: event.status,
            data: event.data ?? null,
          });
          if (outcome === 'stored') answer.stored += 1;
          else if (outcome === 'duplicate') answer.duplicates += 1;
          else answer.ignored += 1;
        }
        return answer;
      },
    );
  };
}
