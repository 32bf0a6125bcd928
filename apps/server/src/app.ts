import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { STATUS } from '@salon/contract/status';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Authenticator } from './platform/http/auth-context.js';
import { registerAuth } from './platform/http/auth-hook.js';
import { registerErrorHandler } from './platform/http/error-handler.js';
import type { Logger } from './platform/logger.js';

export type Routes = FastifyPluginAsyncZod;

export interface HttpDeps {
  logger: Logger;
  trustProxy: boolean;
  webDistDir: string | undefined;
  authenticator: Authenticator;
  // The route plugins of each host, composed by the runtime.
  hosts: Record<keyof typeof HOST_PREFIXES, Routes[]>;
  healthy: () => Promise<boolean>;
}

// The spec's three hosts, mounted in one process: main API, mailing and statistics, AI assistant.
export const HOST_PREFIXES = { main: '/api', mailing: '/api/mailing', ai: '/api/ai' } as const;

export async function buildHttpApp(deps: HttpDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger,
    trustProxy: deps.trustProxy,
    // One line per request at debug level (below) instead of Fastify's two at info.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 25 * 1024 * 1024,
    // The static plugin lists the built cabinet's files at start; on a loaded machine that can take
    // longer than Fastify's 10 s default.
    pluginTimeout: 60_000,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  app.addHook('onResponse', async (request, reply) => {
    const level = reply.statusCode >= 500 ? 'warn' : 'debug';
    request.log[level](
      { method: request.method, url: request.url, status: reply.statusCode, ms: reply.elapsedTime },
      'request',
    );
  });

  app.get('/healthz', async (_request, reply) => {
    const ok = await deps.healthy().catch(() => false);
    return reply.code(ok ? 200 : 503).send({ ok });
  });

  for (const [name, prefix] of Object.entries(HOST_PREFIXES) as [keyof typeof HOST_PREFIXES, string][]) {
    await app.register(
      async (host) => {
        registerAuth(host, deps.authenticator);
        for (const routes of deps.hosts[name]) await host.register(routes);
      },
      { prefix },
    );
  }

  if (deps.webDistDir && existsSync(path.join(deps.webDistDir, 'index.html'))) {
    await serveCabinet(app, deps.webDistDir);
  } else {
    app.setNotFoundHandler((_request, reply) => reply.code(404).send({ ok: false, status: STATUS.notFound }));
  }
  return app;
}

// The built cabinet: hashed assets cached for a year, every other path answers index.html (SPA routes).
async function serveCabinet(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET') {
      return reply.code(404).send({ ok: false, status: STATUS.notFound });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
