import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { STATUS } from '@salon/contract/status';
import type { Authenticator } from './platform/http/auth-context.js';
import { registerAuth } from './platform/http/auth-hook.js';
import { registerCabinetAssets } from './platform/http/cabinet-assets.js';
import { registerErrorHandler } from './platform/http/error-handler.js';
import { registerTextGuard } from './platform/http/text-guard.js';
import { registerSecurityHeaders } from './platform/http/security-headers.js';
import { HOST_PREFIXES, type HostName, type Routes } from './platform/http/hosts.js';
import type { Logger } from './platform/logger.js';

export { HOST_PREFIXES, type Routes };

export interface HttpDeps {
  logger: Logger;
  // Fastify's trustProxy: false, a hop count, or proxy addresses/CIDRs (never `true`: that would
  // believe whatever X-Forwarded-For a client sends).
  trustProxy: false | number | string[];
  // How long a client may take to send a whole request (a trickling body is cut off after it).
  requestTimeoutMs?: number;
  webDistDir: string | undefined;
  authenticator: Authenticator;
  // The route plugins of each host, composed by the runtime.
  hosts: Record<HostName, Routes[]>;
  healthy: () => Promise<boolean>;
}

export async function buildHttpApp(deps: HttpDeps): Promise<FastifyInstance> {
  const requestTimeout = deps.requestTimeoutMs ?? 120_000;
  const app = Fastify({
    loggerInstance: deps.logger,
    // A hop count as a function: Fastify takes a number too, but its types do not say so.
    trustProxy:
      typeof deps.trustProxy === 'number' ? (_address, hop) => hop < (deps.trustProxy as number) : deps.trustProxy,
    // One line per request at debug level (below) instead of Fastify's two at info.
    logController: new LogController({ disableRequestLogging: true }),
    // JSON bodies; the form routes set their own file limits in @fastify/multipart.
    bodyLimit: 1024 * 1024,
    requestTimeout,
    // Node enforces the request time-out only when the headers' one is no longer, and looks for
    // overdue requests every connectionsCheckingInterval (30 s by default: too coarse for short ones).
    http: {
      headersTimeout: Math.min(60_000, requestTimeout),
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, requestTimeout / 4)),
    },
    // The static plugin lists the built cabinet's files at start; on a loaded machine that can take
    // longer than Fastify's 10 s default.
    pluginTimeout: 60_000,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerTextGuard(app);
  await registerSecurityHeaders(app);

  app.addHook('onResponse', async (request, reply) => {
    const level = reply.statusCode >= 500 ? 'warn' : 'debug';
    request.log[level](
      // The path only: query strings carry tokens (upd_token) and PINs.
      { method: request.method, url: request.url.split('?', 1)[0], status: reply.statusCode, ms: reply.elapsedTime },
      'request',
    );
  });

  app.get('/healthz', async (_request, reply) => {
    const ok = await deps.healthy().catch(() => false);
    return reply.code(ok ? 200 : 503).send({ ok });
  });

  for (const [name, prefix] of Object.entries(HOST_PREFIXES) as [HostName, string][]) {
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

// The built cabinet: hashed assets (assets/) from memory and cached for a year, the few other files
// from the disk and revalidated, every other path answers index.html (SPA routes). The build writes
// `.br` and `.gz` beside each text file (apps/web/vite.config.ts); the one the browser accepts is sent.
async function serveCabinet(app: FastifyInstance, root: string): Promise<void> {
  await registerCabinetAssets(app, path.join(root, 'assets'));
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    globIgnore: ['assets/**'],
    index: false,
    preCompressed: true,
    setHeaders(res) {
      res.header('cache-control', 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET') {
      return reply.code(404).send({ ok: false, status: STATUS.notFound });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
