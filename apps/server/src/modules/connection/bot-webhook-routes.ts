import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { isBotKind } from '../../channels/channel.js';
import { BOT_WEBHOOK_HEADERS, isBotWebhookSecret } from '../../channels/reach/bot-webhook.js';
import type { ChannelGateway } from '../../channels/gateway.js';
import type { ChannelRepository } from '../../channels/repository.js';
import type { Routes } from '../../platform/http/hosts.js';
import { errors } from '../../platform/http/errors.js';

// An update is a message with a few attachments' descriptions; a megabyte is not one.
const BODY_LIMIT = 1024 * 1024;
const params = z.object({ instanceId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
const update = z.record(z.string(), z.unknown());

// POST /channels/bot_webhook/:instanceId (main host: /api/channels/bot_webhook/<id>): the updates
// Telegram and MAX post to a salon's bot in webhook mode (BOT_UPDATES_MODE=webhook). Public: the
// per-bot secret in the messenger's header decides, before anything is stored. The session handles
// the update here when this process holds it; otherwise it is kept as a command for the process
// that does (it survives a crash there; the messenger would not repeat an update it got 200 for).
export function botWebhookRoutes(deps: {
  repo: ChannelRepository;
  gateway: ChannelGateway;
  key: Buffer;
}): Routes {
  return async (app) => {
    app.post(
      '/channels/bot_webhook/:instanceId',
      { config: { public: true }, bodyLimit: BODY_LIMIT, schema: { params, body: update } },
      async (req: FastifyRequest<{ Params: z.infer<typeof params>; Body: z.infer<typeof update> }>) => {
        const instance = await deps.repo.instance(req.params.instanceId);
        if (!instance || !isBotKind(instance.kind)) throw errors.notFound();
        const header = req.headers[BOT_WEBHOOK_HEADERS[instance.kind]];
        if (!isBotWebhookSecret(deps.key, instance.id, typeof header === 'string' ? header : undefined)) {
          throw errors.unauthorized('bad_webhook_secret');
        }
        await deps.gateway.deliver(instance.id, { type: 'update', update: req.body });
        return { ok: true as const };
      },
    );
  };
}
