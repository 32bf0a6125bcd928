import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { blacklistActionResponse, blacklistBody, blacklistResponse } from '@salon/contract/blacklist';
import type { Guard } from '@salon/contract/rights-rules';
import { requireBranch } from '../../platform/http/auth-hook.js';
import type { BlacklistService } from './service.js';

export interface BlacklistRoutesOptions {
  path: string;
  guard: Guard;
}

// SPEC 7 Settings: GET/POST /blacklist; the mailing host has the same calls as /sendout_blacklist
// under the mailing rights.
export function blacklistRoutes(
  service: BlacklistService,
  { path, guard }: BlacklistRoutesOptions = { path: '/blacklist', guard: 'member' },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(path, { config: { guard }, schema: { response: { 200: blacklistResponse } } }, async (req) => {
      const data = await service.list(requireBranch(req).accId);
      return { ok: true as const, data, count: data.length };
    });
    app.post(
      path,
      { config: { guard }, schema: { body: blacklistBody, response: { 200: blacklistActionResponse } } },
      async (req) => {
        const { status, data } = await service.apply(requireBranch(req).accId, req.body.action, req.body.phone);
        return { ok: true as const, status, data };
      },
    );
  };
}
