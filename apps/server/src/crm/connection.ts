import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CRM_CONNECTION_STATUS,
  crmConnectionBody,
  crmConnectionResponse,
  crmConnectionSaved,
  type CrmConnectionWire,
} from '@salon/contract/crm-connection';
import { seal } from '../platform/crypto.js';
import { errors, AppError } from '../platform/http/errors.js';
import { requireBranch } from '../platform/http/auth-hook.js';
import { branches } from '../platform/db/schema.js';
import type { CrmProcessor } from './processor.js';
import type { CrmRepository } from './repository.js';

export interface CrmConnectionDeps {
  repo: CrmRepository;
  processor: CrmProcessor;
  encryptionKey: Buffer;
}

// Connecting a branch to its booking system. Switching to YCLIENTS is checked against YCLIENTS
// first (a wrong token is refused, nothing saved); the branch's crm_name follows the choice.
export function crmConnectionRoutes(d: CrmConnectionDeps): FastifyPluginAsyncZod {
  const wire = async (accId: number): Promise<CrmConnectionWire> => {
    const row = await d.repo.connection(accId);
    return {
      kind: row.kind === 'yclients' ? 'yclients' : 'local',
      company_id: row.companyId,
      has_user_token: row.userToken !== null,
      webhook_path: '/api/crm/yclients/webhook',
      last_poll_at: row.pollCursor?.toISOString() ?? null,
      yclients_available: d.processor.hasDriver('yclients'),
    };
  };
  return async (app) => {
    const config = { guard: 'settings' } as const;
    app.get('/crm/connection', { config, schema: { response: { 200: crmConnectionResponse } } }, async (req) => ({
      ok: true as const,
      data: await wire(requireBranch(req).accId),
    }));
    app.post(
      '/crm/connection',
      { config, schema: { body: crmConnectionBody, response: { 200: crmConnectionSaved } } },
      async (req) => {
        const { accId } = requireBranch(req);
        const body = req.body;
        if (body.kind === 'local') {
          await d.repo.saveConnection({ accId, kind: 'local', companyId: null, userToken: null, pollCursor: null });
        } else {
          if (!d.processor.hasDriver('yclients')) throw errors.invalid(CRM_CONNECTION_STATUS.notConfigured);
          const current = await d.repo.connection(accId);
          const owner = await d.repo.branchOfCompany('yclients', body.company_id);
          if (owner !== null && owner !== accId) throw errors.invalid(CRM_CONNECTION_STATUS.companyTaken);
          const token =
            body.user_token ??
            (current.kind === 'yclients' && current.companyId === body.company_id && current.userToken
              ? d.processor.openToken(current.userToken)
              : null);
          if (!token) throw errors.invalid(errors.badRequest().status, [{ path: 'body.user_token', code: 'required' }]);
          const branch = { accId, kind: 'yclients' as const, companyId: body.company_id, userToken: token };
          try {
            await d.processor.driverOf('yclients').reference(branch, 'staff');
          } catch (err) {
            const auth = err instanceof Error && /auth/i.test(err.name + err.message);
            throw new AppError(
              auth ? 400 : 502,
              auth ? CRM_CONNECTION_STATUS.rejected : CRM_CONNECTION_STATUS.unreachable,
            );
          }
          await d.repo.saveConnection({
            accId,
            kind: 'yclients',
            companyId: body.company_id,
            userToken: seal(d.encryptionKey, token),
            pollCursor: current.kind === 'yclients' ? current.pollCursor : null,
          });
          // The service list first, so category filters work on the first webhook's record; if it
          // fails now, the next reconciliation poll mirrors it.
          await d.processor.syncServices(accId).catch(() => undefined);
        }
        await d.repo.db.update(branches).set({ crmName: body.kind }).where(eq(branches.accId, accId));
        return { ok: true as const, status: CRM_CONNECTION_STATUS.saved, data: await wire(accId) };
      },
    );
  };
}
