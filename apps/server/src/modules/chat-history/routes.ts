import { and, asc, eq, like } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CHAT_NOT_FOUND, chatHistoryQuery, chatHistoryResponse, type ChatRowWire } from '@salon/contract/chat-history';
import { isOwner } from '@salon/contract/rights';
import type { Db } from '../../platform/db/client.js';
import { requireBranch } from '../../platform/http/auth-hook.js';
import { chatMessages } from '../../channels/schema.js';

// Admins with 'hide client phones' see numbers with the middle masked.
function mask(phone: string): string {
  return phone.length > 6 ? `${phone.slice(0, 4)}${'*'.repeat(phone.length - 6)}${phone.slice(-2)}` : phone;
}

// SPEC 7 /chat_history: a client's conversation by phone ('*' stands for any digit).
export function chatHistoryRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/chat_history',
      {
        config: { guard: 'member' },
        schema: { querystring: chatHistoryQuery, response: { 200: chatHistoryResponse } },
      },
      async (req) => {
        const { accId, rights } = requireBranch(req);
        const pattern = req.query.phone.replaceAll('*', '_');
        const rows = await db
          .select()
          .from(chatMessages)
          .where(and(eq(chatMessages.accId, accId), like(chatMessages.phone, `%${pattern}`)))
          .orderBy(asc(chatMessages.at), asc(chatMessages.id))
          .limit(req.query.limit);
        const hide = rights.includes('hide_translation_phones') && !isOwner(rights);
        const messages: ChatRowWire[] = rows.map((r) => ({
          type: r.type as ChatRowWire['type'],
          name: r.name,
          date: r.at.toISOString(),
          body: r.body,
          phoneNumber: hide ? mask(r.phone) : r.phone,
          direction: r.direction as ChatRowWire['direction'],
          channel: r.channelKind as ChatRowWire['channel'],
          fileData: (r.file as ChatRowWire['fileData']) ?? null,
          caption: r.caption,
        }));
        return { ok: true as const, messages, status: messages.length === 0 ? CHAT_NOT_FOUND : null };
      },
    );
  };
}
