import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  sandboxBotBody,
  sandboxBotStartBody,
  sandboxMessagesQuery,
  sandboxMessagesResponse,
  sandboxNetworkBody,
  sandboxPairingBody,
  sandboxReplyBody,
  sandboxResultResponse,
  sandboxSalonMessageBody,
  sandboxScanBody,
  sandboxStateResponse,
} from '@salon/contract/dev-sandbox';
import { isAskingContact } from '../../channels/drivers/sandbox/bot-actions.js';
import type { SandboxNetwork } from '../../channels/drivers/sandbox/network.js';
import { requireBranch } from '../../platform/http/auth-hook.js';
import { errors } from '../../platform/http/errors.js';
import type { SandboxBotService } from './bot-service.js';
import type { SandboxScopeRepository } from './repository.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
// The salon's phone (QR payloads, pairing and login codes, bans) links or breaks the branch's
// accounts: the connection screen's right. The clients' side (what they received, their replies)
// is what any member of the branch sees in chat history.
const phoneSide = { config: { guard: 'connection' } } as const;
const clientSide = { config: { guard: 'member' } } as const;

// The other side of the sandbox phone network, for the dev page and the CLI. Mounted only when
// the sandbox drivers run; it exposes the simulated network only, never real channels. Every call
// names a branch (acc_id) and sees or changes only that branch's accounts and their messages.
// The sandbox keeps a sent file's description as the driver gave it: {fileName, contentType, size}.
function mediaOf(media: unknown): { file_name: string; content_type: string; size: number } | null {
  if (!media || typeof media !== 'object') return null;
  const m = media as { fileName?: unknown; contentType?: unknown; size?: unknown };
  if (typeof m.fileName !== 'string' || typeof m.contentType !== 'string') return null;
  return { file_name: m.fileName, content_type: m.contentType, size: typeof m.size === 'number' ? m.size : 0 };
}

export function devSandboxRoutes(
  network: SandboxNetwork,
  scope: SandboxScopeRepository,
  bots: SandboxBotService,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dev/sandbox/state',
      { ...phoneSide, schema: { response: { 200: sandboxStateResponse } } },
      async (req) => {
        const own = new Set(await scope.instanceIds(requireBranch(req).accId));
        return {
          ok: true as const,
          accounts: (await network.accounts())
            .filter((a) => own.has(a.instanceId))
            .map((a) => ({
              instance_id: a.instanceId,
              kind: a.kind,
              state: a.state,
              phone: a.phone,
              qr: a.qr,
              qr_expires_at: iso(a.qrExpiresAt),
              pairing_code: a.pairingCode,
              login_code: a.loginCode,
              two_factor: a.password !== null,
            })),
        };
      },
    );
    app.get(
      '/dev/sandbox/messages',
      { ...clientSide, schema: { querystring: sandboxMessagesQuery, response: { 200: sandboxMessagesResponse } } },
      async (req) => {
        const own = await scope.instanceIds(requireBranch(req).accId);
        return {
          ok: true as const,
          messages: (await scope.messages(own, req.query.limit, req.query.phone)).map((m) => ({
            id: m.id,
            instance_id: m.instanceId,
            kind: m.kind,
            direction: m.direction as 'to_client' | 'from_client' | 'from_salon',
            phone: m.phone,
            name: m.name,
            body: m.body,
            media: mediaOf(m.media),
            ask_contact: isAskingContact(m.meta),
            status: m.status,
            created_at: m.createdAt.toISOString(),
            delivered_at: iso(m.deliveredAt),
            read_at: iso(m.readAt),
          })),
        };
      },
    );
    const result = { response: { 200: sandboxResultResponse } };
    // Another branch's QR or code reads as unknown: the caller learns nothing about it.
    app.post('/dev/sandbox/scan', { ...phoneSide, schema: { ...result, body: sandboxScanBody } }, async (req) => {
      const own = await scope.instanceIds(requireBranch(req).accId);
      const owner = await scope.qrOwner(req.body.qr);
      const outcome = owner && own.includes(owner) ? await network.scan(req.body.qr, req.body.phone) : 'unknown';
      return { ok: true as const, result: outcome };
    });
    app.post('/dev/sandbox/pairing', { ...phoneSide, schema: { ...result, body: sandboxPairingBody } }, async (req) => {
      const own = await scope.instanceIds(requireBranch(req).accId);
      const owner = await scope.pairingOwner(req.body.code);
      const outcome = owner && own.includes(owner) ? await network.enterPairingCode(req.body.code) : 'unknown';
      return { ok: true as const, result: outcome };
    });
    app.post('/dev/sandbox/reply', { ...clientSide, schema: { ...result, body: sandboxReplyBody } }, async (req) => {
      const own = await scope.instanceIds(requireBranch(req).accId);
      const target = await scope.lastWriter(own, req.body.phone);
      const sent =
        target !== undefined &&
        (await network.clientReply(req.body.phone, req.body.text, req.body.name ?? null, target));
      return { ok: true as const, result: sent ? 'sent' : 'no_conversation' };
    });
    // The salon's own phone writes to a client (the phone side: the connection right).
    app.post(
      '/dev/sandbox/salon_message',
      { ...phoneSide, schema: { ...result, body: sandboxSalonMessageBody } },
      async (req) => {
        const { instance_id: id, phone, text } = req.body;
        if (!(await scope.instanceIds(requireBranch(req).accId)).includes(id)) throw errors.notFound();
        const sent = await network.salonWrites(id, phone, text);
        return { ok: true as const, result: sent ? 'sent' : 'not_linked' };
      },
    );
    // The branch's clients on its bots (the client side, as replies are).
    app.post(
      '/dev/sandbox/bot/start',
      { ...clientSide, schema: { ...result, body: sandboxBotStartBody } },
      async (req) => {
        const { phone, link, name } = req.body;
        return { ok: true as const, result: await bots.start(requireBranch(req).accId, phone, link, name ?? null) };
      },
    );
    app.post(
      '/dev/sandbox/bot/share_contact',
      { ...clientSide, schema: { ...result, body: sandboxBotBody } },
      async (req) => {
        const { phone, kind, name } = req.body;
        const outcome = await bots.shareContact(requireBranch(req).accId, kind, phone, name ?? null);
        return { ok: true as const, result: outcome };
      },
    );
    app.post('/dev/sandbox/bot/stop', { ...clientSide, schema: { ...result, body: sandboxBotBody } }, async (req) => {
      const { phone, kind } = req.body;
      return { ok: true as const, result: await bots.stop(requireBranch(req).accId, kind, phone) };
    });
    app.post('/dev/sandbox/network', { ...phoneSide, schema: { ...result, body: sandboxNetworkBody } }, async (req) => {
      const { instance_id: id, event } = req.body;
      if (!(await scope.instanceIds(requireBranch(req).accId)).includes(id)) throw errors.notFound();
      const state =
        event === 'ban' ? 'banned' : event === 'drop' ? 'dropped' : event === 'logout' ? 'logged_out' : 'linked';
      await network.setState(id, state);
      return { ok: true as const, result: state };
    });
  };
}
