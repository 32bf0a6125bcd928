import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createSegmentQuery,
  getClientsFromYclBody,
  segmentDeletedResponse,
  segmentFilters,
  segmentIdQuery,
  segmentListResponse,
  segmentSavedResponse,
  updateSegmentQuery,
} from '@salon/contract/mailing-segments';
import { parsedClientFile } from '@salon/contract/mailing-sendouts';
import { requireBranch } from '../../../platform/http/auth-hook.js';
import type { SegmentsService } from './service.js';

// Mailing host (/api/mailing), SPEC 7: saved segments and the clients of the branch's booking
// system. SPEC 6: the mailing pages need owner/support or sendouts.
export function segmentsRoutes(service: SegmentsService): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { guard: 'mailing' } as const;
    app.get('/sendout_segments', { config, schema: { response: { 200: segmentListResponse } } }, async (req) =>
      service.list(requireBranch(req).accId),
    );
    app.post(
      '/sendout_segments',
      {
        config,
        schema: { querystring: createSegmentQuery, body: segmentFilters, response: { 200: segmentSavedResponse } },
      },
      async (req) => service.create(requireBranch(req), req.query, req.body),
    );
    app.put(
      '/sendout_segments',
      {
        config,
        schema: { querystring: updateSegmentQuery, body: segmentFilters, response: { 200: segmentSavedResponse } },
      },
      async (req) => service.update(requireBranch(req), req.query, req.body),
    );
    app.delete(
      '/sendout_segments',
      { config, schema: { querystring: segmentIdQuery, response: { 200: segmentDeletedResponse } } },
      async (req) => service.remove(requireBranch(req), req.query.segment_id),
    );
    app.post(
      '/get_clients_from_ycl',
      { config, schema: { body: getClientsFromYclBody, response: { 200: parsedClientFile } } },
      async (req) => service.clientsFromCrm(requireBranch(req), req.body),
    );
  };
}
