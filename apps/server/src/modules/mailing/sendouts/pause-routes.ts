import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chooseConsentBody,
  chooseConsentResponse,
  resumeSendoutResponse,
  sendoutIdQuery,
  stopSendoutResponse,
} from '@salon/contract/mailing-sendouts';
import { requireBranch } from '../../../platform/http/auth-hook.js';
import type { SendoutLaunches } from './launch.js';
import type { SendoutPause } from './pause.js';

// Mailing host (/api/mailing), SPEC 7: POST /choose_consent, DELETE /stop_sendout and (ours) POST
// /resume_sendout. SPEC 6: the mailing pages need owner/support or sendouts.
export function sendoutPauseRoutes(pause: SendoutPause, launches: SendoutLaunches): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { guard: 'mailing' } as const;
    app.post(
      '/choose_consent',
      { config, schema: { body: chooseConsentBody, response: { 200: chooseConsentResponse } } },
      async (req) => launches.chooseConsent(requireBranch(req).accId, req.body),
    );
    app.delete(
      '/stop_sendout',
      { config, schema: { querystring: sendoutIdQuery, response: { 200: stopSendoutResponse } } },
      async (req) => pause.stop(requireBranch(req).accId, req.query.sendout_id),
    );
    app.post(
      '/resume_sendout',
      { config, schema: { querystring: sendoutIdQuery, response: { 200: resumeSendoutResponse } } },
      async (req) => pause.resume(requireBranch(req).accId, req.query.sendout_id),
    );
  };
}
