import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { STATUS, type Fail } from '@salon/contract/status';
import { AppError } from './errors.js';

// The single place that turns failures into the spec's `{ok:false, status}` answers.
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const body: Fail = { ok: false, status: error.status };
      if (error.detail !== undefined) body.detail = error.detail;
      return reply.code(error.httpStatus).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => {
        const issue = v.params.issue as { path?: PropertyKey[]; message?: string; code?: string };
        const where = [v.instancePath.replace(/^\//, ''), issue.path?.map(String).join('.') ?? ''];
        return { path: where.filter(Boolean).join('.'), code: issue.message ?? issue.code ?? 'invalid' };
      });
      const body: Fail = { ok: false, status: STATUS.badRequest, issues };
      return reply.code(400).send(body);
    }
    const statusCode = (error as FastifyError).statusCode;
    if (statusCode && statusCode >= 400 && statusCode < 500) {
      const status = statusCode === 429 ? STATUS.tooManyRequests : statusCode === 404 ? STATUS.notFound : STATUS.badRequest;
      return reply.code(statusCode).send({ ok: false, status } satisfies Fail);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ ok: false, status: STATUS.internal } satisfies Fail);
  });
}
