import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devClockBody, devClockResponse } from '@salon/contract/dev-clock';
import type { AdjustableClock } from '../../platform/clock.js';

const open = { config: { public: true } };

// GET/POST /dev/clock. After a move the due work runs at once (messages now due, birthdays),
// instead of waiting for the next sweep.
export function devClockRoutes(clock: AdjustableClock, afterAdvance: () => Promise<void>): FastifyPluginAsyncZod {
  return async (app) => {
    const state = () => ({ ok: true as const, now: clock.now().toISOString(), offset_ms: clock.offsetMs });
    app.get('/dev/clock', { ...open, schema: { response: { 200: devClockResponse } } }, async () => state());
    app.post('/dev/clock', { ...open, schema: { body: devClockBody, response: { 200: devClockResponse } } }, async (req) => {
      clock.advance(req.body.advance_ms);
      await afterAdvance();
      return state();
    });
  };
}
