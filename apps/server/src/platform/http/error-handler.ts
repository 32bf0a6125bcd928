import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { STATUS, type Fail } from '@salon/contract/status';
import { DomainError } from '../errors.js';
import { HTTP_STATUS_OF } from './errors.js';
import { isBrokenMultipart } from './multipart-errors.js';

// The single place that turns failures into the spec's `{ok:false, status}` answers.
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    if (error instanceof DomainError) {
      const body: Fail = { ok: false, status: error.status };
      if (error.detail !== undefined) body.detail = error.detail;
      if (error.issues !== undefined) body.issues = error.issues;
      return reply.code(HTTP_STATUS_OF[error.kind]).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // `validationContext` says which part failed (body, querystring, ...); the path is inside it.
      const part = error.validationContext ?? 'request';
      const issues = error.validation.map((v) => ({
        path: [part, ...v.instancePath.split('/').filter(Boolean)].join('.'),
        code: v.message ?? v.keyword,
      }));
      const body: Fail = { ok: false, status: STATUS.badRequest, issues };
      return reply.code(400).send(body);
    }
    if (isBrokenMultipart(error, /^multipart\//i.test(request.headers['content-type'] ?? ''))) {
      return reply.code(400).send({ ok: false, status: STATUS.badRequest, detail: 'broken_multipart' } satisfies Fail);
    }
    const statusCode = (error as FastifyError).statusCode;
    if (statusCode && statusCode >= 400 && statusCode < 500) {
      const status =
        statusCode === 429 ? STATUS.tooManyRequests : statusCode === 404 ? STATUS.notFound : STATUS.badRequest;
      return reply.code(statusCode).send({ ok: false, status } satisfies Fail);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ ok: false, status: STATUS.internal } satisfies Fail);
  });
}
