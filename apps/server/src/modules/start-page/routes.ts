import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  startPageAnswer,
  startPageInfo,
  startPageLink,
  startPageLinkQuery,
  startPageSubmitQuery,
} from '@salon/contract/start-page';
import { requireBranch } from '../../platform/http/auth-hook.js';
import type { StartPageService } from './service.js';

// SPEC 7 booking start page. The page's two calls are public (clients have no session; the link's
// hash is the credential, and the service limits them per address and phone); the link itself is
// shown to those who edit the branch's settings.
export function startPageRoutes(service: StartPageService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/start_page',
      { config: { public: true }, schema: { querystring: startPageLinkQuery, response: { 200: startPageInfo } } },
      async (req) => service.info(req.query, req.ip),
    );
    app.post(
      '/start_page',
      { config: { public: true }, schema: { querystring: startPageSubmitQuery, response: { 200: startPageAnswer } } },
      // A bare string is JSON on the wire ("ok"), as the page's API client reads every answer.
      async (req, reply) =>
        reply
          .type('application/json')
          .send(JSON.stringify(startPageAnswer.parse(await service.submit(req.query, req.ip)))),
    );
    app.get(
      '/start_page/link',
      { config: { guard: 'settings' }, schema: { response: { 200: startPageLink } } },
      async (req) => service.link(requireBranch(req).accId),
    );
  };
}
