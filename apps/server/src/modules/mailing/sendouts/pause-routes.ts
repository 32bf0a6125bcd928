import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resumeSendoutResponse, sendoutIdQuery, stopSendoutResponse } from '@salon/contract/mailing-sendouts';
import { requireBranch } from '../../../platform/http/auth-hook.js';
import type { SendoutPause } from './pause.js';

// Mailing host (/api/mailing), SPEC 7: DELETE /stop_sendout and (ours) POST /resume_sendout. SPEC 6:
// the mailing pages need owner/support or sendouts.
export function sendoutPauseRoutes(pause: SendoutPause): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { guard: 'mailing' } as const;
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
