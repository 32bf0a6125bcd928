import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BLACKLIST_STATUS, blacklistActionResponse, blacklistBody, blacklistResponse } from '@salon/contract/blacklist';
import type { Guard } from '@salon/contract/rights-rules';
import { requireBranch } from '../../platform/http/auth-hook.js';
import type { BlacklistRepository } from './repository.js';

export interface BlacklistRoutesOptions {
  path: string;
  guard: Guard;
}

// SPEC 7 Settings: GET/POST /blacklist; the mailing host has the same calls as /sendout_blacklist
// under the mailing rights. The dispatcher never sends to a listed number.
export function blacklistRoutes(
  repo: BlacklistRepository,
  { path, guard }: BlacklistRoutesOptions = { path: '/blacklist', guard: 'member' },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      path,
      { config: { guard }, schema: { response: { 200: blacklistResponse } } },
      async (req) => {
        const data = await repo.list(requireBranch(req).accId);
        return { ok: true as const, data, count: data.length };
      },
    );
    app.post(
      path,
      { config: { guard }, schema: { body: blacklistBody, response: { 200: blacklistActionResponse } } },
      async (req) => {
        const { accId } = requireBranch(req);
        const { action, phone } = req.body;
        const status =
          action === 'add'
            ? (await repo.add(accId, phone))
              ? BLACKLIST_STATUS.added
              : BLACKLIST_STATUS.alreadyAdded
            : (await repo.remove(accId, phone))
              ? BLACKLIST_STATUS.deleted
              : BLACKLIST_STATUS.notFound;
        return { ok: true as const, status, data: await repo.list(accId) };
      },
    );
  };
}
