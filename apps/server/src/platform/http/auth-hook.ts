import type { FastifyInstance, FastifyRequest } from 'fastify';
import { allows } from '@salon/contract/rights';
import type { AuthContext, Authenticator } from './auth-context.js';
import { errors } from './errors.js';

const ACC_ID = /^[1-9]\d{0,9}$/;

function readAccId(source: unknown): number | undefined {
  if (!source || typeof source !== 'object' || !('acc_id' in source)) return undefined;
  const raw = (source as { acc_id: unknown }).acc_id;
  if (raw === undefined || raw === null || raw === '') return undefined;
  const text = String(raw);
  // Branch ids are Postgres integers: a longer one is malformed, not a server error.
  if (!ACC_ID.test(text) || Number(text) > 2_147_483_647) throw errors.badRequest('acc_id');
  return Number(text);
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

// Every host registers this: a request carrying acc_id (query or body) is authorized against the
// caller's rights for that branch, on the server, whatever the web client checked.
export function registerAuth(app: FastifyInstance, authenticator: Authenticator): void {
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.public) return;
    const token = bearer(request);
    if (!token) throw errors.unauthorized();
    request.auth = await authenticator.authenticate(token, readAccId(request.query));
    const userId = (request.query as Record<string, unknown> | undefined)?.user_id;
    if (userId !== undefined && userId !== '' && String(userId) !== String(request.auth.userId)) {
      throw errors.accessDenied('user_id');
    }
  });

  // Before validation: a body schema may strip acc_id, but it must still be authorized.
  app.addHook('preValidation', async (request) => {
    const { config } = request.routeOptions;
    if (config.public || !request.auth) return;
    const bodyAccId = readAccId(request.body);
    if (bodyAccId !== undefined && bodyAccId !== request.auth.branch?.accId) {
      if (request.auth.branch) throw errors.accessDenied('acc_id');
      request.auth = await authenticator.authenticate(bearer(request) ?? '', bodyAccId);
    }
    if (config.guard) {
      const branch = request.auth.branch;
      if (!branch) throw errors.badRequest('acc_id');
      if (!allows(branch.rights, config.guard)) throw errors.failRights();
    }
  });
}

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw errors.unauthorized();
  return request.auth;
}

export function requireBranch(request: FastifyRequest): { accId: number; rights: string[]; userId: number } {
  const auth = requireAuth(request);
  if (!auth.branch) throw errors.badRequest('acc_id');
  return { ...auth.branch, userId: auth.userId };
}
