import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkPayedResponse } from '@salon/contract/mailing';
import { requireBranch } from '../../platform/http/auth-hook.js';
import type { MailingService } from './service.js';

// Mailing host (/api/mailing). Send-outs themselves come with the mailing issue.
export function mailingRoutes(service: MailingService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/check_payed',
      { config: { guard: 'mailing' }, schema: { response: { 200: checkPayedResponse } } },
      async (request) => ({
        ok: await service.isPaid(requireBranch(request).accId),
      }),
    );
  };
}
