import type { FastifyReply } from 'fastify';
import { inviteSignupInput } from '@salon/contract/loyalty';
import { normalizeStrictPhone } from '@salon/contract/phone';
import type { Routes } from '../../../platform/http/hosts.js';
import { INVITE_CODE, INVITE_PATH, type InviteService } from './invites.js';
import {
  invalidPage,
  invitePage,
  notValidPage,
  refusedPage,
  thanksPage,
  tooManyPage,
  type InvitePageFacts,
} from './invite-page.js';
import { type PageLang, pageLang } from '../../../platform/http/public-page.js';

// The friend's form is two short fields: anything larger is not a form of ours.
const BODY_LIMIT = 4096;

function html(reply: FastifyReply, status: number, body: string) {
  void reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
  return reply.code(status).type('text/html; charset=utf-8').send(body);
}

function field(body: unknown, key: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : undefined;
}

// GET/POST /invite/:code (main host: /api/invite/:code): a friend's click on {partner_link} and
// their request. Public (friends have no session; the code is the credential). The form posts
// application/x-www-form-urlencoded; JSON is taken too.
export function inviteRoutes(invites: InviteService): Routes {
  return async (app) => {
    // Scoped to this plugin: the rest of the API stays JSON-only.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    const opened = async (code: string) => (INVITE_CODE.test(code) ? invites.open(code) : null);
    const facts = (code: string, salon: string, points: number): InvitePageFacts => ({
      salon,
      points,
      action: `/api${INVITE_PATH}/${code}`,
    });

    app.get<{ Params: { code: string } }>(
      `${INVITE_PATH}/:code`,
      { config: { public: true } },
      async (request, reply) => {
        const lang = pageLang(request.headers['accept-language']);
        const open = await opened(request.params.code);
        if (!open) return html(reply, 404, notValidPage(lang));
        return html(reply, 200, invitePage(lang, facts(open.invite.code, open.salon, open.action.newCustomerPoints)));
      },
    );

    app.post<{ Params: { code: string } }>(
      `${INVITE_PATH}/:code`,
      { config: { public: true }, bodyLimit: BODY_LIMIT },
      async (request, reply) => {
        const lang: PageLang = pageLang(request.headers['accept-language']);
        const open = await opened(request.params.code);
        if (!open) return html(reply, 404, notValidPage(lang));
        const page = facts(open.invite.code, open.salon, open.action.newCustomerPoints);
        const parsed = inviteSignupInput.safeParse({
          name: field(request.body, 'name') ?? '',
          phone: field(request.body, 'phone') ?? '',
        });
        const phone = parsed.success ? normalizeStrictPhone(parsed.data.phone) : null;
        if (!parsed.success || !phone) {
          const values = {
            name: field(request.body, 'name')?.slice(0, 100),
            phone: field(request.body, 'phone')?.slice(0, 32),
          };
          return html(reply, 400, invalidPage(lang, page, values));
        }
        if (!(await invites.allowSignup(open.invite.code, request.ip))) return html(reply, 429, tooManyPage(lang));
        const outcome = await invites.signup(open, { name: parsed.data.name, phone });
        if (outcome.kind === 'rejected') return html(reply, 200, refusedPage(lang, open.salon, outcome.reason));
        return html(reply, 200, thanksPage(lang, open.salon, outcome.kind === 'known'));
      },
    );
  };
}
