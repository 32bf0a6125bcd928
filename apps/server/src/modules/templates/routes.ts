import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_ATTACHMENT_BYTES } from '@salon/contract/attachments';
import { okSchema } from '@salon/contract/status';
import {
  allTemplatesStatsResponse,
  categoryListQuery,
  categoryListResponse,
  clientStatsResponse,
  copyTemplateBody,
  copyTemplateResponse,
  copyToBranchesBody,
  copyToBranchesResponse,
  MAX_CONTENT_ITEMS,
  oneTemplateStatsQuery,
  saveTemplateQuery,
  saveTemplateResponse,
  sendStatsToTelegramResponse,
  statsRangeQuery,
  swapTemplatesBody,
  swapTemplatesQuery,
  switchTemplateBody,
  templateDetailQuery,
  templateIdBody,
  templateListQuery,
  templateListResponse,
  templateQuery,
  templateResponse,
  TEMPLATE_STATUS,
  timeStatsResponse,
  versionStatsResponse,
} from '@salon/contract/templates';
import type { FileStore } from '../../platform/files/file-store.js';
import { requireBranch } from '../../platform/http/auth-hook.js';
import type { TemplatesService } from './service.js';
import type { TemplateStatsService } from './stats-service.js';
import { readTemplateUpload } from './upload.js';

export interface TemplatesRoutesDeps {
  templates: TemplatesService;
  stats: TemplateStatsService;
  files: FileStore;
}

// Only GET /template_file reads it; the file URL in a template is built by the server.
const templateFileQuery = z.object({ file_id: z.string().regex(/^[\w-]{1,64}$/) });

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// RFC 6266: an ASCII fallback and the UTF-8 name (Cyrillic file names survive).
function attachment(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

// SPEC 7 Templates on the main host. Reading needs membership of the branch, every write the
// edit-templates right (SPEC 6); the service refuses send-out-only branches.
export function templatesRoutes(deps: TemplatesRoutesDeps): FastifyPluginAsyncZod {
  const { templates, stats, files } = deps;
  return async (app) => {
    const read = { guard: 'member' } as const;
    const edit = { guard: 'editTemplates' } as const;

    app.get(
      '/template_list',
      { config: read, schema: { querystring: templateListQuery, response: { 200: templateListResponse } } },
      async (req) => ({ ok: true as const, data: await templates.list(requireBranch(req), req.query) }),
    );

    app.get(
      '/template',
      { config: read, schema: { querystring: templateQuery, response: { 200: templateResponse } } },
      async (req) => ({ ok: true as const, data: await templates.get(requireBranch(req), req.query.template_id) }),
    );

    app.post(
      '/swap_templates',
      {
        config: edit,
        schema: { querystring: swapTemplatesQuery, body: swapTemplatesBody, response: { 200: okSchema } },
      },
      async (req) => {
        await templates.reorder(requireBranch(req), req.query.templates_type, req.body.templates);
        return { ok: true as const };
      },
    );

    app.post(
      '/switch_template',
      { config: edit, schema: { body: switchTemplateBody, response: { 200: okSchema } } },
      async (req) => {
        await templates.switch(requireBranch(req), req.body.template_id, req.body.state);
        return { ok: true as const };
      },
    );

    app.post(
      '/delete_template',
      { config: edit, schema: { body: templateIdBody, response: { 200: okSchema } } },
      async (req) => {
        await templates.delete(requireBranch(req), req.body.template_id);
        return { ok: true as const };
      },
    );

    app.post(
      '/copy_template',
      { config: edit, schema: { body: copyTemplateBody, response: { 200: copyTemplateResponse } } },
      async (req) => ({
        ok: true as const,
        id: await templates.copy(requireBranch(req), req.body.template_id, req.body.lang),
      }),
    );

    app.post(
      '/copy_template_to_branches',
      { config: edit, schema: { body: copyToBranchesBody, response: { 200: copyToBranchesResponse } } },
      async (req) => ({
        ok: true as const,
        count: await templates.copyToBranches(requireBranch(req), req.body.template_id, req.body.acc_ids),
      }),
    );

    // The multipart parser exists only in this inner scope: no other route accepts form data.
    await app.register(async (scope) => {
      const form = scope.withTypeProvider<ZodTypeProvider>();
      await form.register(fastifyMultipart, {
        limits: {
          fileSize: MAX_ATTACHMENT_BYTES,
          files: MAX_CONTENT_ITEMS,
          fields: 10,
          fieldSize: 2 * 1024 * 1024,
          parts: MAX_CONTENT_ITEMS + 10,
        },
      });
      // A refusal (rights, a file too big) can come before the client has sent the whole form: the
      // connection closes after the answer instead of waiting for (or reading) the rest.
      form.addHook('onSend', async (req, reply) => {
        if (!req.raw.readableEnded) void reply.header('connection', 'close');
      });
      form.post(
        '/template',
        { config: edit, schema: { querystring: saveTemplateQuery, response: { 200: saveTemplateResponse } } },
        async (req) => {
          const caller = requireBranch(req);
          const upload = await readTemplateUpload(req, files);
          try {
            const saved = await templates.save(caller, req.query, upload);
            return {
              ok: true as const,
              status: saved.created ? TEMPLATE_STATUS.created : TEMPLATE_STATUS.saved,
              id: saved.id,
              version: saved.version,
            };
          } finally {
            // Files the template kept were moved away already; the rest go.
            await upload.discard();
          }
        },
      );
    });

    app.get(
      '/template_categories',
      { config: read, schema: { querystring: categoryListQuery, response: { 200: categoryListResponse } } },
      async (req) => {
        const data = await templates.categories(requireBranch(req), req.query.category);
        return { ok: true as const, data, count: data.length };
      },
    );

    app.get('/template_file', { config: read, schema: { querystring: templateFileQuery } }, async (req, reply) => {
      const file = await templates.file(requireBranch(req), req.query.file_id);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('content-disposition', attachment(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .send(files.stream(file));
    });

    // --- Statistics ---

    app.get(
      '/all_templates_stats',
      { config: read, schema: { querystring: statsRangeQuery, response: { 200: allTemplatesStatsResponse } } },
      async (req) => ({ ok: true as const, data: await stats.all(requireBranch(req), req.query) }),
    );

    app.get(
      '/one_template_stats/version',
      { config: read, schema: { querystring: oneTemplateStatsQuery, response: { 200: versionStatsResponse } } },
      async (req) => ({ ok: true as const, data: await stats.byVersion(requireBranch(req), req.query) }),
    );

    app.get(
      '/one_template_stats/time',
      { config: read, schema: { querystring: oneTemplateStatsQuery, response: { 200: timeStatsResponse } } },
      async (req) => ({ ok: true as const, data: await stats.byTime(requireBranch(req), req.query) }),
    );

    app.get(
      '/template_detail_stats',
      { config: read, schema: { querystring: templateDetailQuery, response: { 200: clientStatsResponse } } },
      async (req) => ({ ok: true as const, data: await stats.detail(requireBranch(req), req.query.templ_id) }),
    );

    app.get(
      '/template_detail_stats_excel',
      { config: read, schema: { querystring: templateDetailQuery } },
      async (req, reply) => {
        const { fileName, bytes } = await stats.excel(requireBranch(req), req.query.templ_id);
        return reply.header('content-type', XLSX).header('content-disposition', attachment(fileName)).send(bytes);
      },
    );

    app.post(
      '/template_detail_stats_tg',
      { config: read, schema: { querystring: templateDetailQuery, response: { 200: sendStatsToTelegramResponse } } },
      async (req) => {
        await stats.sendToTelegram(requireBranch(req), req.query.templ_id);
        return { ok: true as const, status: TEMPLATE_STATUS.sentToTelegram };
      },
    );
  };
}
