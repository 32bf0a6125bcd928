import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildHttpApp } from './app.js';
import type { Config } from './platform/config.js';
import type { Db } from './platform/db/client.js';
import type { Authenticator } from './platform/http/auth-context.js';
import type { Logger } from './platform/logger.js';
import { routesOf, type ServerModule } from './platform/module.js';

export interface HttpServerDeps {
  config: Config;
  logger: Logger;
  db: Db;
  authenticator: Authenticator;
  // Their routes are mounted host by host in this order.
  modules: readonly ServerModule[];
  // False: tests inject requests instead of listening on a port.
  listen?: boolean;
}

// The HTTP side of an API process: every module's routes on the main, mailing and AI hosts.
export async function startHttpServer(deps: HttpServerDeps): Promise<FastifyInstance> {
  const { config, modules } = deps;
  const http = await buildHttpApp({
    logger: deps.logger,
    trustProxy: config.TRUST_PROXY,
    requestTimeoutMs: config.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
    webDistDir: config.webDistDir,
    authenticator: deps.authenticator,
    hosts: { main: routesOf(modules, 'main'), mailing: routesOf(modules, 'mailing'), ai: routesOf(modules, 'ai') },
    healthy: async () => {
      await deps.db.execute(sql`select 1`);
      return true;
    },
  });
  if (deps.listen !== false) {
    await http.listen({ port: config.PORT, host: config.HOST });
  } else {
    await http.ready();
  }
  return http;
}
