import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devClockBody, devClockResponse } from '@salon/contract/dev-clock';
import type { AdjustableClock } from '../../platform/clock.js';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { errors } from '../../platform/http/errors.js';

// GET/POST /dev/clock. After a move the due work runs at once (messages now due, birthdays),
// instead of waiting for the next sweep. Both need a session (the routes are not public even on a
// dev install). The clock is global — moving it makes every branch's reminders due — so a move is
// allowed only to a user who owns (or supports) at least one branch; reading it to anyone signed in.
export function devClockRoutes(
  clock: AdjustableClock,
  afterAdvance: () => Promise<void>,
  ownsABranch: (userId: number) => Promise<boolean>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const state = () => ({ ok: true as const, now: clock.now().toISOString(), offset_ms: clock.offsetMs });
    app.get('/dev/clock', { schema: { response: { 200: devClockResponse } } }, async () => state());
    app.post('/dev/clock', { schema: { body: devClockBody, response: { 200: devClockResponse } } }, async (req) => {
      if (!(await ownsABranch(requireAuth(req).userId))) throw errors.failRights('dev_clock');
      clock.advance(req.body.advance_ms);
      await afterAdvance();
      return state();
    });
  };
}
