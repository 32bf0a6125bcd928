import type { FastifyReply } from 'fastify';
import { SANDBOX_CHECKOUT_PATH, type SandboxCheckout } from '../../payments/drivers/sandbox/driver.js';
import type { Routes } from '../../platform/http/hosts.js';
import { pageLang } from '../../platform/http/public-page.js';
import { checkoutPage, notFoundPage, outcomePage } from './sandbox-page.js';

// The form is a card number and a button: anything larger is not a form of ours.
const BODY_LIMIT = 4096;

function field(body: unknown, key: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : undefined;
}

// Where the form may go and the payer may be sent after it: this server and the return address
// (browsers hold a form's redirect to form-action too).
function html(reply: FastifyReply, status: number, body: string, returnUrl?: string | null) {
  let returnOrigin = '';
  try {
    if (returnUrl) returnOrigin = ` ${new URL(returnUrl).origin}`;
  } catch {
    returnOrigin = '';
  }
  void reply
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'${returnOrigin}; base-uri 'none'; frame-ancestors 'none'`,
    );
  return reply.code(status).type('text/html; charset=utf-8').send(body);
}

// GET/POST /payments/sandbox/checkout/:id (main host: /api/payments/sandbox/checkout/<id>): the
// sandbox provider's checkout page. Public (the payer may not be the one logged in; the payment id is
// the credential, as on a real provider's page). With another provider selected, `checkout` is null
// and the page does not exist.
export function sandboxCheckoutRoutes(checkout: SandboxCheckout | null): Routes {
  return async (app) => {
    // Scoped to this plugin: the rest of the API stays JSON-only.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    app.get<{ Params: { id: string } }>(
      `${SANDBOX_CHECKOUT_PATH}/:id`,
      { config: { public: true } },
      async (req, reply) => {
        const lang = pageLang(req.headers['accept-language']);
        const payment = await checkout?.view(req.params.id);
        if (!payment || payment.returnUrl === null) return html(reply, 404, notFoundPage(lang));
        if (payment.status !== 'pending') return html(reply, 200, outcomePage(lang, payment), payment.returnUrl);
        return html(
          reply,
          200,
          checkoutPage(lang, payment, `/api${SANDBOX_CHECKOUT_PATH}/${payment.id}`),
          payment.returnUrl,
        );
      },
    );

    app.post<{ Params: { id: string } }>(
      `${SANDBOX_CHECKOUT_PATH}/:id`,
      { config: { public: true }, bodyLimit: BODY_LIMIT },
      async (req, reply) => {
        const lang = pageLang(req.headers['accept-language']);
        const decision = field(req.body, 'decision');
        if (decision !== 'pay' && decision !== 'decline') {
          const open = await checkout?.view(req.params.id);
          if (!open || open.returnUrl === null) return html(reply, 404, notFoundPage(lang));
          return html(reply, 400, checkoutPage(lang, open, `/api${SANDBOX_CHECKOUT_PATH}/${open.id}`), open.returnUrl);
        }
        const payment = await checkout?.decide(req.params.id, decision, field(req.body, 'card'));
        if (!payment) return html(reply, 404, notFoundPage(lang));
        // Back to the shop at once; the notification follows a moment later, as from a real provider.
        if (payment.returnUrl) return reply.header('cache-control', 'no-store').redirect(payment.returnUrl, 303);
        return html(reply, 200, outcomePage(lang, payment));
      },
    );
  };
}
