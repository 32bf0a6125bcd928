import { z } from 'zod';
import type { Routes } from '../../../platform/http/hosts.js';
import { LINK_CODE, LINK_PATH, type ReviewLinks } from './links-service.js';

const params = z.object({ code: z.string().regex(LINK_CODE) });

// GET /l/:code (main host: /api/l/:code): a client's click on {review_link} or {tips_link}. Public
// (clients have no session); a malformed code is refused by the schema (400).
export function reviewLinkRoutes(links: ReviewLinks): Routes {
  return async (app) => {
    app.get(`${LINK_PATH}/:code`, { config: { public: true }, schema: { params } }, async (request, reply) => {
      const answer = await links.open(request.params.code, request.headers['accept-language']);
      void reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      if (answer.kind === 'redirect') return reply.redirect(answer.location, 302);
      return reply.code(answer.status).type('text/html; charset=utf-8').send(answer.html);
    });
  };
}
