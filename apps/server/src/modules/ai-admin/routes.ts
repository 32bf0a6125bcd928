import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  agentOptionsResponse,
  agentPatchBody,
  agentResponse,
  aiTokenBody,
  aiTokenResponse,
} from '@salon/contract/ai-agents';
import { requireAuth, requireBranch } from '../../platform/http/auth-hook.js';
import { AGENT_WRITE_GUARD, type AiAgentsService } from './service.js';

// Issues an access token for the caller's own session (the auth module's signer, runtime.ts).
export type AiTokenIssuer = (userId: number, sessionId: string) => string;

// `origin` and `backend` say which cabinet asks (SPEC 7); the settings do not depend on them.
const agentQuery = z.object({
  acc_id: z.coerce.number().int(),
  origin: z.string().max(200).optional(),
  backend: z.string().max(200).optional(),
});

// SPEC 7 AI host (mounted at /api/ai): the agent's settings. Reading needs membership of the
// branch, writing owner/support (service.ts AGENT_WRITE_GUARD); the service refuses send-out-only
// branches, and writes on branches without the paid AI module.
export function aiAdminRoutes(agents: AiAgentsService, issueToken: AiTokenIssuer): FastifyPluginAsyncZod {
  return async (app) => {
    const read = { guard: 'member' } as const;
    const write = { guard: AGENT_WRITE_GUARD } as const;

    // The caller already holds a valid bearer token: the AI host's exchange answers a fresh one
    // for the same session.
    app.post(
      '/api/v1/auth/token',
      { schema: { body: aiTokenBody.optional(), response: { 200: aiTokenResponse } } },
      async (req) => {
        const auth = requireAuth(req);
        return { access_token: issueToken(auth.userId, auth.sessionId), token_type: 'bearer' as const };
      },
    );

    app.get(
      '/api/v1/agents/',
      { config: read, schema: { querystring: agentQuery, response: { 200: agentResponse } } },
      async (req) => ({ data: await agents.get(requireBranch(req)) }),
    );

    app.patch(
      '/api/v1/agents/',
      { config: write, schema: { querystring: agentQuery, body: agentPatchBody, response: { 200: agentResponse } } },
      async (req) => ({ data: await agents.patch(requireBranch(req), req.body.settings, req.body.copy_to) }),
    );

    app.get(
      '/api/v1/agents/options',
      { config: read, schema: { querystring: agentQuery, response: { 200: agentOptionsResponse } } },
      async (req) => agents.options(requireBranch(req)),
    );
  };
}
