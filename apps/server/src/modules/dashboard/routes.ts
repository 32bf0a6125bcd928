import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dashboardActivity,
  dashboardBotClients,
  dashboardBotEarned,
  dashboardBotEarnedBody,
  dashboardConnected,
  dashboardLoyalty,
  dashboardPeriodQuery,
  dashboardReview,
  dashboardSendouts,
  dashboardTariff,
  dashboardTemplates,
} from '@salon/contract/dashboard';
import { requireBranch } from '../../platform/http/auth-hook.js';
import type { DashboardService } from './service.js';

// SPEC 7 Dashboard on the main host: one call per card. Every member of the branch may read it (the
// dashboard is every member's landing page).
export function dashboardRoutes(service: DashboardService): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { guard: 'member' } as const;
    const period = { config, schema: { querystring: dashboardPeriodQuery } };
    app.get('/dashboard/tariff_and_channels', { config, schema: { response: { 200: dashboardTariff } } }, async (req) =>
      service.tariff(requireBranch(req).accId),
    );
    app.get(
      '/dashboard/bot_clients',
      { ...period, schema: { ...period.schema, response: { 200: dashboardBotClients } } },
      async (req) => service.botClients(requireBranch(req), req.query),
    );
    app.get(
      '/dashboard/review',
      { ...period, schema: { ...period.schema, response: { 200: dashboardReview } } },
      async (req) => service.review(requireBranch(req).accId, req.query),
    );
    app.get('/dashboard/connected', { config, schema: { response: { 200: dashboardConnected } } }, async (req) =>
      service.connected(requireBranch(req).accId),
    );
    app.get(
      '/dashboard/loyalty',
      { ...period, schema: { ...period.schema, response: { 200: dashboardLoyalty } } },
      async (req) => service.loyalty(requireBranch(req).accId, req.query),
    );
    app.get(
      '/dashboard/templates',
      { ...period, schema: { ...period.schema, response: { 200: dashboardTemplates } } },
      async (req) => service.templates(requireBranch(req).accId, req.query),
    );
    app.get(
      '/dashboard/sendout_data',
      { ...period, schema: { ...period.schema, response: { 200: dashboardSendouts } } },
      async (req) => service.sendouts(requireBranch(req).accId, req.query),
    );
    app.post(
      '/dashboard/bot_earned',
      { config, schema: { body: dashboardBotEarnedBody, response: { 200: dashboardBotEarned } } },
      async (req) => service.botEarned(requireBranch(req).accId, req.body),
    );
    app.get(
      '/dashboard/activity',
      { ...period, schema: { ...period.schema, response: { 200: dashboardActivity } } },
      async (req) => service.activity(requireBranch(req).accId, req.query),
    );
  };
}
