import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CUSTOM_EVENT_PATH,
  customEventBody,
  isMetricEvent,
  metricBody,
  metricParams,
  metricsSummary,
  metricsSummaryQuery,
} from '@salon/contract/metrics';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { errors } from '../../platform/http/errors.js';
import { opsGuard } from '../payments/ops/routes.js';
import type { MetricsService } from './service.js';

// SPEC 7 "Metrics under /metrics/": a session; acc_id (query or body) optional, checked by the auth
// hook when given. 204 with no body.
export function metricsRoutes(service: MetricsService): FastifyPluginAsyncZod {
  return async (app) => {
    const noContent = { 204: z.null().describe('no content') };
    app.post(
      `/metrics/${CUSTOM_EVENT_PATH}`,
      { schema: { body: customEventBody, response: noContent } },
      async (req, reply) => {
        const auth = requireAuth(req);
        await service.record('custom', req.body.name, auth.userId, auth.branch?.accId ?? null, req.body.props);
        return reply.code(204).send(null);
      },
    );
    app.post(
      '/metrics/:event',
      { schema: { params: metricParams, body: metricBody, response: noContent } },
      async (req, reply) => {
        const auth = requireAuth(req);
        if (!isMetricEvent(req.params.event)) throw errors.notFound();
        await service.record('metric', req.params.event, auth.userId, auth.branch?.accId ?? null, req.body?.props);
        return reply.code(204).send(null);
      },
    );
  };
}

// GET /api/ops/metrics_summary?date_start&date_end&event: counts per event per UTC day, for the
// operator (OPS_TOKEN; 404 without one).
export function metricsOpsRoutes(deps: { token: string | undefined; service: MetricsService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/ops/metrics_summary',
      {
        config: { public: true },
        onRequest: opsGuard(deps.token),
        schema: { querystring: metricsSummaryQuery, response: { 200: metricsSummary } },
      },
      async (req) => ({
        ok: true as const,
        data: await deps.service.summary(req.query.date_start, req.query.date_end, req.query.event),
      }),
    );
  };
}
