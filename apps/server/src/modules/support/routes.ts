import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_ATTACHMENT_BYTES } from '@salon/contract/attachments';
import { feedbackBody, feedbackSent, integratorRequestBody, integratorRequestSent } from '@salon/contract/support';
import type { FileStore } from '../../platform/files/file-store.js';
import { requireAuth, requireBranch } from '../../platform/http/auth-hook.js';
import { errors } from '../../platform/http/errors.js';
import type { FeedbackService } from './feedback.js';
import type { IntegratorRequests } from './integrators.js';
import { readFeedbackForm } from './upload.js';

// SPEC 7 Other: the integrator form (any member of the selected branch) and the feedback modal (a
// session; the branch, when named in the query, is checked by the auth hook).
export function supportRoutes(deps: {
  integrators: IntegratorRequests;
  feedback: FeedbackService;
  files: FileStore;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/integrators_request',
      {
        config: { guard: 'member' },
        schema: { body: integratorRequestBody, response: { 200: integratorRequestSent } },
      },
      async (req) => {
        const { accId, userId } = requireBranch(req);
        return { ok: true as const, id: await deps.integrators.submit(userId, accId, req.body) };
      },
    );

    // JSON or a multipart form (the optional file): the parser exists only in this inner scope.
    await app.register(async (form) => {
      await form.register(fastifyMultipart, {
        limits: { fileSize: MAX_ATTACHMENT_BYTES, files: 1, fields: 8, fieldSize: 64 * 1024, parts: 10 },
      });
      form.addHook('onSend', async (req, reply) => {
        if (!req.raw.readableEnded) void reply.header('connection', 'close');
      });
      form.post('/send_feedback_to_asana', { schema: { response: { 200: feedbackSent } } }, async (req) => {
        const auth = requireAuth(req);
        const accId = auth.branch?.accId ?? null;
        if (req.isMultipart()) {
          const upload = await readFeedbackForm(req, deps.files);
          try {
            const parsed = feedbackBody.safeParse(upload.fields);
            if (!parsed.success) throw errors.badRequest('invalid_form');
            return { ok: true as const, id: await deps.feedback.submit(auth.userId, accId, parsed.data, upload.file) };
          } finally {
            await upload.discard();
          }
        }
        const parsed = feedbackBody.safeParse(req.body ?? {});
        if (!parsed.success) throw errors.badRequest('invalid_body');
        return { ok: true as const, id: await deps.feedback.submit(auth.userId, accId, parsed.data, null) };
      });
    });
  };
}
