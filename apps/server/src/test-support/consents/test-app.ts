import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildHttpApp } from '../../app.js';
import { localAdminBotFiles, type AdminBotFiles } from '../../platform/files/admin-bot-files.js';
import { createLogger } from '../../platform/logger.js';
import type { DbKind } from '../databases.js';
import { startTestApp, type TestApp } from '../harness.js';
import { createConsentsModule } from '../../modules/consents/module.js';
import { routesOf } from '../../platform/module.js';

export interface ConsentsTestApp {
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

// The real server on a real database (startTestApp: migrations, demo seed, login, the engine and the
// reply chain), with the consents module built by its factory and mounted on the mailing host as the runtime mounts it and
// the local admin-bot driver writing into the test's data folder.
export async function startConsentsTestApp(kind: DbKind): Promise<ConsentsTestApp> {
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
  const consents = createConsentsModule({ db: base.runtime.database.db, bot, clock: base.clock, logger });
  const http = await buildHttpApp({
    logger,
    trustProxy: false,
    webDistDir: undefined,
    authenticator: base.runtime.services.auth,
    hosts: { main: [], mailing: routesOf([consents], 'mailing'), ai: [] },
    healthy: async () => true,
  });
  await http.ready();
  return {
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
