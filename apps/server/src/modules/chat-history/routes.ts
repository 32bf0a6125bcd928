import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CHAT_REPLY_MAX_FILE_BYTES,
  CHAT_REPLY_STATUS,
  chatConversationsQuery,
  chatConversationsResponse,
  chatHistoryQuery,
  chatHistoryResponse,
  chatReadBody,
  chatReadResponse,
  chatReplyFields,
  chatReplyResponse,
} from '@salon/contract/chat-history';
import { STATUS } from '@salon/contract/status';
import { FileRejected, type FileStore } from '../../platform/files/file-store.js';
import { sniffContentType } from '../../platform/files/sniff.js';
import { requireBranch } from '../../platform/http/auth-hook.js';
import { AppError, errors } from '../../platform/http/errors.js';
import { assertSafeFormField } from '../../platform/http/text-guard.js';
import type { ChatHistoryService, ReplyFile } from './service.js';

function fileRefusal(reason: 'too_big' | 'unsupported_type' | 'empty'): AppError {
  return reason === 'too_big'
    ? new AppError(413, CHAT_REPLY_STATUS.fileTooBig, 'file')
    : new AppError(415, CHAT_REPLY_STATUS.unsupportedFile, 'file');
}

// Reads the reply form: its text fields, and the one `file` part into memory (bounded by the
// multipart limit), judged by its bytes and then staged in the file store.
async function readReplyForm(
  request: FastifyRequest,
  files: FileStore,
): Promise<{ fields: Record<string, string>; file: ReplyFile | null }> {
  if (!request.isMultipart()) throw errors.badRequest('multipart_required');
  const fields: Record<string, string> = {};
  let file: ReplyFile | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw errors.badRequest(`${part.fieldname}_too_long`);
        const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
        assertSafeFormField(part.fieldname, value);
        fields[part.fieldname] = value;
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.fieldname !== 'file' || file) continue;
      if (part.file.truncated) throw fileRefusal('too_big');
      assertSafeFormField('file', part.filename || 'file');
      const staged = await files.stage(part.filename || 'file', bytes);
      try {
        // The type is the bytes' (the one sniffer every upload uses), never the browser's word.
        file = { staged, contentType: await sniffContentType(staged) };
      } catch (err) {
        await files.discard(staged);
        throw err;
      }
    }
  } catch (err) {
    if (file) await files.discard(file.staged);
    if (err instanceof FileRejected) throw fileRefusal(err.reason);
    const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileRefusal('too_big');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw errors.badRequest('too_many_parts');
    }
    throw err;
  }
  return { fields, file };
}

// SPEC 7 /chat_history and the inbox's calls around it. Reading is for every member of the branch;
// answering needs owner/support or translation_switch ("Manage Correspondence Broadcasting").
export function chatHistoryRoutes(service: ChatHistoryService, files: FileStore): FastifyPluginAsyncZod {
  return async (app) => {
    const member = { guard: 'member' } as const;

    app.get(
      '/chat_history',
      { config: member, schema: { querystring: chatHistoryQuery, response: { 200: chatHistoryResponse } } },
      async (req) => service.history(requireBranch(req), req.query),
    );

    app.get(
      '/chat_conversations',
      { config: member, schema: { querystring: chatConversationsQuery, response: { 200: chatConversationsResponse } } },
      async (req) => service.conversations(requireBranch(req), req.query.limit, req.query.offset),
    );

    app.post(
      '/chat_read',
      { config: member, schema: { body: chatReadBody, response: { 200: chatReadResponse } } },
      async (req) => {
        await service.markRead(requireBranch(req), req.body.conversationId);
        return { ok: true as const, unread: 0 as const };
      },
    );

    await app.register(async (form) => {
      await form.register(fastifyMultipart, {
        limits: { fileSize: CHAT_REPLY_MAX_FILE_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 },
      });
      form.post(
        '/chat_reply',
        { config: { guard: 'settings' }, schema: { response: { 200: chatReplyResponse } } },
        async (req) => {
          const caller = requireBranch(req);
          const { fields, file } = await readReplyForm(req, files);
          const parsed = chatReplyFields.safeParse(fields);
          if (!parsed.success) {
            if (file) await files.discard(file.staged);
            const issues = parsed.error.issues.map((i) => ({ path: `body.${i.path.join('.')}`, code: i.message }));
            throw errors.invalid(STATUS.badRequest, issues);
          }
          try {
            return { ok: true as const, message: await service.reply(caller, parsed.data, file) };
          } finally {
            // Committed files moved away already; discarding is then a no-op.
            if (file) await files.discard(file.staged);
          }
        },
      );
    });
  };
}
