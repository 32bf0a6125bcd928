import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addConsentBody,
  CONSENT_STATUS,
  consentActionResponse,
  consentListQuery,
  consentListResponse,
  consentXlsxBody,
  consentXlsxResponse,
  updateConsentBody,
} from '@salon/contract/consents';
import { requireBranch } from '../../platform/http/auth-hook.js';
import type { ConsentsService } from './service.js';

// Mailing host (/api/mailing), SPEC 7: the consent list. SPEC 6: the mailing pages need
// owner/support or sendouts.
export function consentsRoutes(service: ConsentsService): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { guard: 'mailing' } as const;
    app.get(
      '/sendout_consents',
      { config, schema: { querystring: consentListQuery, response: { 200: consentListResponse } } },
      async (req) => service.list(requireBranch(req).accId, req.query),
    );
    app.post(
      '/sendout_consent',
      { config, schema: { body: addConsentBody, response: { 200: consentActionResponse } } },
      async (req) => service.add(requireBranch(req), req.body),
    );
    app.patch(
      '/sendout_consent',
      { config, schema: { body: updateConsentBody, response: { 200: consentActionResponse } } },
      async (req) => service.update(requireBranch(req), req.body),
    );
    app.post(
      '/send_consent_xlsx',
      { config, schema: { body: consentXlsxBody, response: { 200: consentXlsxResponse } } },
      async (req) => {
        const { count } = await service.sendXlsx(requireBranch(req), req.body);
        return { ok: true as const, status: CONSENT_STATUS.sentToTelegram, count };
      },
    );
  };
}
