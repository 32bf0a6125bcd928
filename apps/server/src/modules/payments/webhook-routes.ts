import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { Routes } from '../../platform/http/hosts.js';
import { errors } from '../../platform/http/errors.js';
import type { Logger } from '../../platform/logger.js';
import { isLoopbackAddress, isYookassaAddress } from '../../payments/ip-ranges.js';
import type { PaymentProvider } from '../../payments/provider.js';

export const WEBHOOK_PATH = '/payments/webhook';
// A payment object is a few kilobytes; a notification many times that is not one.
const BODY_LIMIT = 64 * 1024;
// The provider waits for our answer only so long; a re-read that takes longer finishes afterwards
// (and the pending-payments sweep catches whatever is lost).
const ANSWER_WITHIN_MS = 5_000;

// Who may notify for each provider. YooKassa signs nothing: its published ranges, then the payment
// is re-read from the API. The sandbox checkout is this server itself. `req.ip` is the socket's
// peer, or the client a proxy named in TRUST_PROXY forwarded: a client's own X-Forwarded-For never
// counts.
const TRUSTED_SENDER: Record<PaymentProvider['name'], (ip: string) => boolean> = {
  yookassa: isYookassaAddress,
  sandbox: isLoopbackAddress,
};

export interface PaymentWebhookDeps {
  provider: PaymentProvider;
  // The payments module's confirmation: re-reads the payment from the provider and applies it once.
  confirm(providerPaymentId: string): Promise<unknown>;
  logger: Logger;
  answerWithinMs?: number;
}

const webhookAnswer = z.object({ status: z.literal('ok') });

// POST /payments/webhook/:provider (main host: /api/payments/webhook/<provider>): the active
// provider's notifications. Public (no session): the sender's address decides, before the body is
// read. A trusted sender always gets 200, for an unknown payment too (it would only send again);
// the notification changes nothing by itself, the re-read payment does.
export function paymentWebhookRoutes(deps: PaymentWebhookDeps): Routes {
  const { provider, logger } = deps;
  const trusted = TRUSTED_SENDER[provider.name];
  const answerWithin = deps.answerWithinMs ?? ANSWER_WITHIN_MS;

  const checkSender = async (req: FastifyRequest<{ Params: { provider: string } }>) => {
    if (req.params.provider !== provider.name) throw errors.notFound();
    if (!trusted(req.ip)) {
      logger.warn({ ip: req.ip, provider: provider.name }, 'payment notification from an untrusted sender');
      throw errors.accessDenied('untrusted_sender');
    }
  };

  return async (app) => {
    app.post<{ Params: { provider: string } }>(
      `${WEBHOOK_PATH}/:provider`,
      {
        config: { public: true },
        bodyLimit: BODY_LIMIT,
        onRequest: checkSender,
        schema: { response: { 200: webhookAnswer } },
      },
      async (req) => {
        const notification = provider.parseNotification(req.body);
        if (!notification) {
          logger.warn({ provider: provider.name }, 'payment notification with a body that is not one: ignored');
          return { status: 'ok' as const };
        }
        const confirming = deps.confirm(notification.paymentId).catch((err: unknown) => {
          logger.warn(
            { err, providerPaymentId: notification.paymentId, event: notification.event },
            'payment notification not confirmed now; the pending-payments sweep re-reads it',
          );
        });
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, answerWithin);
        });
        await Promise.race([confirming, late]);
        clearTimeout(timer);
        return { status: 'ok' as const };
      },
    );
  };
}
