import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { autopayOff } from '@salon/contract/payments';
import { requireBranch } from '../../platform/http/auth-hook.js';
import type { AutopayService } from './autopay.js';

// SPEC 7 /autopay_link, /change_card, /autopay_off (SPEC 4 Pay: the autopay modals). Like the rest
// of the pay page, any member of the branch may use them (routes.ts).
export function autopayRoutes(service: AutopayService): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { guard: 'member' } as const;
    // The provider's checkout of a card binding, as a JSON string (like /get_link).
    for (const [path, change] of [
      ['/autopay_link', false],
      ['/change_card', true],
    ] as const) {
      app.get(path, { config, schema: { response: { 200: z.string() } } }, async (req, reply) => {
        const url = await service.bindingLink(requireBranch(req).accId, change);
        return reply.type('application/json').send(JSON.stringify(url));
      });
    }
    app.post('/autopay_off', { config, schema: { response: { 200: autopayOff } } }, async (req) =>
      service.off(requireBranch(req).accId),
    );
  };
}
