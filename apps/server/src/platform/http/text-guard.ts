import type { FastifyInstance } from 'fastify';
import { findUnsafeText, isSafeText, UNSAFE_TEXT } from '@salon/contract/text-rules';
import { STATUS } from '@salon/contract/status';
import { AppError } from './errors.js';

function unsafeText(path: string): AppError {
  return new AppError(400, STATUS.badRequest, UNSAFE_TEXT, [{ path, code: UNSAFE_TEXT }]);
}

// The contract's text rule (no NUL, no lone surrogate) on every request, once, before any schema:
// the parsed query, params and JSON body of every route are walked, so a field whose schema forgot
// the rule cannot carry such text to the database. Multipart forms are read by their routes, which
// check each field with `assertSafeFormField`.
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const parts = { querystring: request.query, params: request.params, body: request.body } as const;
    for (const [part, value] of Object.entries(parts)) {
      const found = findUnsafeText(value);
      if (found) throw unsafeText([part, ...found].join('.'));
    }
  });
}

// A multipart field (or a file's name) under the same rule. A JSON field is checked after
// parsing too: its escapes (`\u0000`) are plain ASCII until then.
export function assertSafeFormField(name: string, value: string): void {
  if (!isSafeText(value)) throw unsafeText(`body.${name}`);
  if (!/^\s*[[{]/.test(value)) return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return;
  }
  const found = findUnsafeText(parsed);
  if (found) throw unsafeText(['body', name, ...found].join('.'));
}
