import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  sandboxMessagesQuery,
  sandboxMessagesResponse,
  sandboxNetworkBody,
  sandboxPairingBody,
  sandboxReplyBody,
  sandboxResultResponse,
  sandboxScanBody,
  sandboxStateResponse,
} from '@salon/contract/dev-sandbox';
import type { SandboxNetwork } from '../../channels/drivers/sandbox/network.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const open = { config: { public: true } };

// The other side of the sandbox phone network, for the dev page and the CLI. Mounted only when
// the sandbox drivers run; it exposes the simulated network only, never real channels.
export function devSandboxRoutes(network: SandboxNetwork): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/dev/sandbox/state', { ...open, schema: { response: { 200: sandboxStateResponse } } }, async () => ({
      ok: true as const,
      accounts: (await network.accounts()).map((a) => ({
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
    }));
    app.get(
      '/dev/sandbox/messages',
      { ...open, schema: { querystring: sandboxMessagesQuery, response: { 200: sandboxMessagesResponse } } },
      async (req) => ({
        ok: true as const,
        messages: (await network.messages(req.query.limit, req.query.phone)).map((m) => ({
          id: m.id,
          instance_id: m.instanceId,
          kind: m.kind,
          direction: m.direction as 'to_client' | 'from_client',
          phone: m.phone,
          name: m.name,
          body: m.body,
          status: m.status,
          created_at: m.createdAt.toISOString(),
          delivered_at: iso(m.deliveredAt),
          read_at: iso(m.readAt),
        })),
      }),
    );
    const result = { schema: { response: { 200: sandboxResultResponse } } };
    app.post(
      '/dev/sandbox/scan',
      { ...open, ...result, schema: { ...result.schema, body: sandboxScanBody } },
      async (req) => ({
        ok: true as const,
        result: await network.scan(req.body.qr, req.body.phone),
      }),
    );
    app.post(
      '/dev/sandbox/pairing',
      { ...open, schema: { ...result.schema, body: sandboxPairingBody } },
      async (req) => ({
        ok: true as const,
        result: await network.enterPairingCode(req.body.code),
      }),
    );
    app.post('/dev/sandbox/reply', { ...open, schema: { ...result.schema, body: sandboxReplyBody } }, async (req) => ({
      ok: true as const,
      result: (await network.clientReply(req.body.phone, req.body.text, req.body.name ?? null))
        ? 'sent'
        : 'no_conversation',
    }));
    app.post(
      '/dev/sandbox/network',
      { ...open, schema: { ...result.schema, body: sandboxNetworkBody } },
      async (req) => {
        const { instance_id: id, event } = req.body;
        const state =
          event === 'ban' ? 'banned' : event === 'drop' ? 'dropped' : event === 'logout' ? 'logged_out' : 'linked';
        await network.setState(id, state);
        return { ok: true as const, result: state };
      },
    );
  };
}
