import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountQuery,
  chatStatePost,
  chatStatus,
  messageAction,
  testChatMessages,
  testChatPost,
} from '@salon/contract/ai-chat';
import { branchOf } from '../conversations-routes.js';
import { AGENT_WRITE_GUARD } from '../service.js';
import type { TestChatService } from './service.js';

// SPEC 7 AI host `/api/v1/test_chat/` (SPEC 4 test chat states). Every member may read and use their
// own test chat; trying unsaved settings and acting as the salon need the agent's write rights.
export function testChatRoutes(service: TestChatService): FastifyPluginAsyncZod {
  return async (app) => {
    const read = { guard: 'member' } as const;
    const write = { guard: AGENT_WRITE_GUARD } as const;
    const caller = (req: Parameters<typeof branchOf>[0], accountId: number | undefined) => {
      const { accId, userId } = branchOf(req, accountId);
      return { accId, userId };
    };

    app.get(
      '/api/v1/test_chat/state',
      { config: read, schema: { querystring: accountQuery, response: { 200: chatStatus } } },
      async (req) => service.state(caller(req, req.query.account_id)),
    );

    app.post(
      '/api/v1/test_chat/state',
      { config: write, schema: { querystring: accountQuery, body: chatStatePost, response: { 200: chatStatus } } },
      async (req) =>
        service.setState(caller(req, req.query.account_id), {
          state: req.body.state,
          reason: req.body.reason,
          lastsTill: req.body.lasts_till,
        }),
    );

    app.get(
      '/api/v1/test_chat/messages',
      { config: read, schema: { querystring: accountQuery, response: { 200: testChatMessages } } },
      async (req) => service.messages(caller(req, req.query.account_id)),
    );

    app.post(
      '/api/v1/test_chat/message',
      {
        config: write,
        schema: { querystring: accountQuery, body: testChatPost, response: { 200: testChatMessages } },
      },
      async (req) =>
        service.post(caller(req, req.body.account_id ?? req.query.account_id), {
          direction: req.body.direction,
          body: req.body.body,
          phone: req.body.phone,
          settings: req.body.settings,
          businessTime: req.body.business_time,
        }),
    );

    app.patch(
      '/api/v1/test_chat/message',
      {
        config: write,
        schema: { querystring: accountQuery, body: messageAction, response: { 200: testChatMessages } },
      },
      async (req) =>
        service.act(caller(req, req.query.account_id), req.body.message_id, req.body.action_type, req.body.text),
    );

    app.delete(
      '/api/v1/test_chat/',
      { config: write, schema: { querystring: accountQuery, response: { 200: testChatMessages } } },
      async (req) => service.clear(caller(req, req.query.account_id)),
    );
  };
}
