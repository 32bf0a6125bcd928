import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkPayedResponse } from '@salon/contract/mailing';
import {
  allowedToRunQuery,
  allowedToRunResponse,
  calendarDetailQuery,
  calendarDetailResponse,
  calendarQuery,
  calendarResponse,
} from '@salon/contract/mailing-plan';
import { actionSendoutsResponse, sendoutDraftQuery, sendoutDraftResponse } from '@salon/contract/mailing-sendouts';
import { requireBranch } from '../../platform/http/auth-hook.js';
import type { CalendarService } from './calendar/service.js';
import type { SendoutDrafts } from './sendouts/drafts.js';
import { sendoutFormRoutes, type SendoutFormRoutesDeps } from './sendouts/routes.js';
import type { MailingService } from './service.js';

export interface MailingRoutesDeps extends SendoutFormRoutesDeps {
  mailing: MailingService;
  calendar: CalendarService;
  drafts: Pick<SendoutDrafts, 'draft'>;
}

// Mailing host (/api/mailing), SPEC 7. SPEC 6: the mailing pages need owner/support or sendouts.
export function mailingRoutes(deps: MailingRoutesDeps): FastifyPluginAsyncZod {
  const { mailing, calendar, drafts } = deps;
  return async (app) => {
    const config = { guard: 'mailing' } as const;

    app.get('/check_payed', { config, schema: { response: { 200: checkPayedResponse } } }, async (request) => ({
      ok: await mailing.isPaid(requireBranch(request).accId),
    }));

    app.get('/action_sendouts', { config, schema: { response: { 200: actionSendoutsResponse } } }, async (req) =>
      mailing.actionSendouts(requireBranch(req).accId),
    );

    // Ours: a reloaded /mailing/new checks that the draft it kept is still there.
    app.get(
      '/sendout_draft',
      { config, schema: { querystring: sendoutDraftQuery, response: { 200: sendoutDraftResponse } } },
      async (req) => drafts.draft(requireBranch(req).accId, req.query.sendout_id),
    );

    app.get(
      '/calendar',
      { config, schema: { querystring: calendarQuery, response: { 200: calendarResponse } } },
      async (req) => calendar.calendar(requireBranch(req).accId, req.query),
    );

    app.get(
      '/calendar_detail',
      { config, schema: { querystring: calendarDetailQuery, response: { 200: calendarDetailResponse } } },
      async (req) => calendar.detail(requireBranch(req).accId, req.query),
    );

    app.get(
      '/allowed_to_run',
      { config, schema: { querystring: allowedToRunQuery, response: { 200: allowedToRunResponse } } },
      async (req) => calendar.allowedToRun(requireBranch(req).accId, req.query),
    );

    await app.register(sendoutFormRoutes(deps));
  };
}
