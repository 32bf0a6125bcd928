import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountQuery,
  AI_FILE_MAX_BYTES,
  fileQuery,
  fileResponse,
  filesQuery,
  filesResponse,
  summaryPatchBody,
  totalSizeResponse,
} from '@salon/contract/ai-files';
import type { FileStore } from '../../../platform/files/file-store.js';
import { requireBranch } from '../../../platform/http/auth-hook.js';
import { errors } from '../../../platform/http/errors.js';
import { AGENT_WRITE_GUARD } from '../service.js';
import type { KnowledgeService } from './service.js';
import { readKnowledgeUpload } from './upload.js';

// SPEC 7 names the branch as account_id too: when given it must be the session's branch (acc_id).
function branchOf(req: Parameters<typeof requireBranch>[0], accountId: number | undefined): { accId: number } {
  const { accId } = requireBranch(req);
  if (accountId !== undefined && accountId !== accId) throw errors.accessDenied('account_id');
  return { accId };
}

// SPEC 7 AI host `/api/v1/files/` (mounted at /api/ai): reading needs membership of the branch,
// writing what the agent's settings need (owner/support).
export function knowledgeRoutes(service: KnowledgeService, files: FileStore): FastifyPluginAsyncZod {
  return async (app) => {
    const read = { guard: 'member' } as const;
    const write = { guard: AGENT_WRITE_GUARD } as const;

    app.get(
      '/api/v1/files/',
      { config: read, schema: { querystring: filesQuery, response: { 200: filesResponse } } },
      async (req) => service.list(branchOf(req, req.query.account_id), req.query.limit, req.query.skip),
    );

    app.get(
      '/api/v1/files/state',
      { config: read, schema: { querystring: fileQuery, response: { 200: fileResponse } } },
      async (req) => ({ data: await service.state(branchOf(req, req.query.account_id), req.query.file_id) }),
    );

    app.get(
      '/api/v1/files/total_size',
      { config: read, schema: { querystring: accountQuery, response: { 200: totalSizeResponse } } },
      async (req) => service.totalSize(branchOf(req, req.query.account_id)),
    );

    app.delete(
      '/api/v1/files/',
      { config: write, schema: { querystring: fileQuery, response: { 200: fileResponse } } },
      async (req) => ({ data: await service.delete(branchOf(req, req.query.account_id), req.query.file_id) }),
    );

    app.patch(
      '/api/v1/files/summary',
      { config: write, schema: { querystring: fileQuery, body: summaryPatchBody, response: { 200: fileResponse } } },
      async (req) => ({
        data: await service.setSummary(branchOf(req, req.query.account_id), req.query.file_id, req.body.summary),
      }),
    );

    // The multipart parser exists only in this inner scope: no other route accepts form data.
    await app.register(async (form) => {
      await form.register(fastifyMultipart, {
        limits: { fileSize: AI_FILE_MAX_BYTES, files: 1, fields: 8, fieldSize: 4 * 1024, parts: 10 },
      });
      // A refusal (rights, a file too big) can come before the client has sent the whole form: the
      // connection closes after the answer instead of waiting for the rest.
      form.addHook('onSend', async (req, reply) => {
        if (!req.raw.readableEnded) void reply.header('connection', 'close');
      });
      form
        .withTypeProvider<ZodTypeProvider>()
        .post(
          '/api/v1/files/',
          { config: write, schema: { querystring: accountQuery, response: { 200: fileResponse } } },
          async (req) => {
            const caller = branchOf(req, req.query.account_id);
            if (!req.isMultipart()) throw errors.badRequest('multipart_required');
            // Refused branches (unpaid, send-out only) are told so before the file is read.
            await service.assertBranch(caller, true);
            const upload = await readKnowledgeUpload(req, files);
            try {
              return { data: await service.upload(caller, upload) };
            } finally {
              // Gone already when the store kept it (moved into place).
              await files.discard(upload.staged);
            }
          },
        );
    });
  };
}
