import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildHttpApp } from '../../app.js';
import type { AdminBotFiles } from '../../platform/files/admin-bot-files.js';
import { createLogger } from '../../platform/logger.js';
import { createReviewsModule, type ReviewsModule } from '../../modules/reviews/module.js';
import type { DbKind } from '../databases.js';
import { startTestApp, type TestApp } from '../harness.js';

// The admin bot's side of "send to Telegram": what it was asked to send; `refuse` makes it fail the
// way a user who never pressed Start makes it fail.
export class BotFilesInbox implements AdminBotFiles {
  readonly sent: { telegramId: number; fileName: string; bytes: Buffer; caption: string }[] = [];
  refuse = false;
  async sendDocument(telegramId: number, fileName: string, bytes: Buffer, caption: string): Promise<void> {
    if (this.refuse) throw new Error('Forbidden: bot was blocked by the user');
    this.sent.push({ telegramId, fileName, bytes, caption });
  }
}

export interface ReviewsTestApp {
  base: TestApp;
  http: FastifyInstance;
  module: ReviewsModule;
  bot: BotFilesInbox;
  // Chains the runner would have been told to stop.
  switchedOff: { accId: number; chainId: number }[];
  request(options: {
    method: 'GET' | 'POST' | 'PUT' | 'DELETE';
    url: string;
    token: string;
    body?: unknown;
  }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

// The real server on a real database (startTestApp: migrations, demo seed, login), with the reviews
// module built by its own factory and mounted on the main host, an admin bot that records, and a
// switched-off listener standing in for the runner.
export async function startReviewsTestApp(kind: DbKind): Promise<ReviewsTestApp> {
  const base = await startTestApp(kind);
  const logger = createLogger('silent');
  const bot = new BotFilesInbox();
  const module = createReviewsModule({ db: base.runtime.database.db, botFiles: bot, clock: base.clock, logger });
  const switchedOff: { accId: number; chainId: number }[] = [];
  module.chains.onChainSwitchedOff(async (accId, chainId) => {
    switchedOff.push({ accId, chainId });
  });
  const http = await buildHttpApp({
    logger,
    trustProxy: false,
    webDistDir: undefined,
    authenticator: base.runtime.services.auth,
    hosts: { main: module.routes?.main ?? [], mailing: [], ai: [] },
    healthy: async () => true,
  });
  await http.ready();
  return {
    base,
    http,
    module,
    bot,
    switchedOff,
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
