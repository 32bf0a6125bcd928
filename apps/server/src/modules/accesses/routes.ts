import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addAdminBody, adminList, deleteAdminQuery, updateAdminBody } from '@salon/contract/accesses';
import { requireBranch } from '../../platform/http/auth-hook.js';
import type { AccessesService } from './service.js';

// SPEC 7 Admin accesses; SPEC 6: owner or support only.
export function accessesRoutes(service: AccessesService): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { guard: 'accesses' } as const;
    app.get('/accesses', { config, schema: { response: { 200: adminList } } }, async (req) =>
      service.list(requireBranch(req).accId),
    );
    app.post(
      '/accesses/add_admin',
      { config, schema: { body: addAdminBody, response: { 200: adminList } } },
      async (req) => {
        const { accId, userId } = requireBranch(req);
        return service.add(accId, userId, req.body);
      },
    );
    app.patch(
      '/accesses/update_admin',
      { config, schema: { body: updateAdminBody, response: { 200: adminList } } },
      async (req) => {
        const { accId, userId } = requireBranch(req);
        return service.update(accId, userId, req.body);
      },
    );
    app.delete(
      '/accesses/delete_admin',
      { config, schema: { querystring: deleteAdminQuery, response: { 200: adminList } } },
      async (req) => {
        const { accId, userId } = requireBranch(req);
        return service.remove(accId, userId, req.query.tg_id);
      },
    );
  };
}
