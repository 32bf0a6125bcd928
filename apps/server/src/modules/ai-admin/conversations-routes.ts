import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  conversationMessages,
  conversationQuery,
  conversationsQuery,
  conversationsResponse,
  conversationWire,
  accountQuery,
  messageAction,
  takeoverBody,
} from '@salon/contract/ai-chat';
import { requireBranch } from '../../platform/http/auth-hook.js';
import { errors } from '../../platform/http/errors.js';
import type { ConversationsService } from './conversation/service.js';
import { AGENT_WRITE_GUARD } from './service.js';

// SPEC 7 names the branch `account_id` on the AI host; the session's branch is acc_id (checked by the
// auth hook), and an account_id that says another branch is refused.
export function branchOf(req: Parameters<typeof requireBranch>[0], accountId: number | undefined) {
  const caller = requireBranch(req);
  if (accountId !== undefined && accountId !== caller.accId) throw errors.accessDenied('account_id');
  return caller;
}

// Live conversations of the AI administrator (contract ai-chat.ts), on the AI host. Reading needs
// membership of the branch; taking over and answering suggestions owner/support.
export function conversationsRoutes(service: ConversationsService): FastifyPluginAsyncZod {
  return async (app) => {
    const read = { guard: 'member' } as const;
    const write = { guard: AGENT_WRITE_GUARD } as const;

    app.get(
      '/api/v1/conversations/',
      { config: read, schema: { querystring: conversationsQuery, response: { 200: conversationsResponse } } },
      async (req) => {
        const { accId } = branchOf(req, req.query.account_id);
        return service.list(accId, {
          limit: req.query.limit,
          skip: req.query.skip,
          waiting: req.query.waiting === 'true',
        });
      },
    );

    app.get(
      '/api/v1/conversations/messages',
      { config: read, schema: { querystring: conversationQuery, response: { 200: conversationMessages } } },
      async (req) => service.messages(branchOf(req, req.query.account_id).accId, req.query.phone),
    );

    app.post(
      '/api/v1/conversations/takeover',
      {
        config: write,
        schema: { querystring: accountQuery, body: takeoverBody, response: { 200: conversationWire } },
      },
      async (req) =>
        service.takeover(branchOf(req, req.query.account_id).accId, req.body.phone, req.body.state, req.body.minutes),
    );

    app.patch(
      '/api/v1/conversations/recommendation',
      {
        config: write,
        schema: { querystring: accountQuery, body: messageAction, response: { 200: conversationWire } },
      },
      async (req) =>
        service.act(
          branchOf(req, req.query.account_id).accId,
          req.body.message_id,
          req.body.action_type,
          req.body.text,
        ),
    );
  };
}
