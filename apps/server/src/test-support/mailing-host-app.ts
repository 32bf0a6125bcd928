import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildHttpApp, type Routes } from '../app.js';
import { localAdminBotFiles, type AdminBotFiles } from '../platform/files/admin-bot-files.js';
import { createLogger, type Logger } from '../platform/logger.js';
import type { DbKind } from './databases.js';
import { startTestApp, type TestApp } from './harness.js';

export interface MailingHostApp {
  base: TestApp;
  http: FastifyInstance;
  // Lines the local admin-bot driver wrote (`admin bot document for <id>: <path>`).
  botLines: string[];
  // While set, the admin bot fails the way it does for a user who never pressed Start.
  botDown: { value: boolean };
  request(options: {
    method: 'GET' | 'POST' | 'PATCH';
    url: string;
    token: string;
    body?: unknown;
  }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface MailingHostParts {
  base: TestApp;
  bot: AdminBotFiles;
  logger: Logger;
}

// The real server on a real database (startTestApp: migrations, demo seed, login), with the routes
// `mount` builds through a module's own factory served on the mailing host as the runtime mounts
// them, and the local admin-bot driver writing into the test's data folder (its lines kept, and
// failing on demand).
export async function startMailingHostApp<T extends object>(
  kind: DbKind,
  mount: (parts: MailingHostParts) => { routes: Routes[] } & T,
): Promise<MailingHostApp & T> {
  const base = await startTestApp(kind);
  const logger = createLogger('silent');
  const botLines: string[] = [];
  const botDown = { value: false };
  const local = localAdminBotFiles(base.runtime.config.dataDir, base.clock, (line) => botLines.push(line));
  const bot: AdminBotFiles = {
    sendDocument: (...args) =>
      botDown.value
        ? Promise.reject(new Error('Forbidden: bot can’t initiate conversation'))
        : local.sendDocument(...args),
  };
  const { routes, ...extra } = mount({ base, bot, logger });
  const http = await buildHttpApp({
    logger,
    trustProxy: false,
    webDistDir: undefined,
    authenticator: base.runtime.services.auth,
    hosts: { main: [], mailing: routes, ai: [] },
    healthy: async () => true,
  });
  await http.ready();
  return {
    ...(extra as T),
    base,
    http,
    botLines,
    botDown,
    request({ method, url, token, body }) {
      return http.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(body === undefined ? {} : { payload: body as object }),
      });
    },
    async close() {
      await http.close();
      await base.close();
    },
  };
}
