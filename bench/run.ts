import { benchAccountsAndLogin } from './accounts-and-login.js';
import { benchAi } from './ai.js';
import { benchDispatch } from './dispatch.js';
import { benchEngine } from './engine.js';
import { benchMailing } from './mailing.js';
import { benchMailingStats } from './mailing-stats.js';
import { benchWeb } from './web.js';

// `npm run bench`: each entry prints its figures beside a baseline measured in the same run.
const entries: Record<string, () => Promise<void>> = {
  accounts: benchAccountsAndLogin,
  dispatch: benchDispatch,
  engine: benchEngine,
  // The client-list parser, then the send-out statistics page on Postgres.
  mailing: async () => {
    await benchMailing();
    await benchMailingStats();
  },
  // Pages in Chromium: bytes, requests and time to the heading, against a bare static server.
  web: benchWeb,
  // The AI administrator without an outside model: retrieval over 10 MB, answers through the test chat.
  ai: benchAi,
};

const only = process.argv.slice(2);
for (const [name, run] of Object.entries(entries)) {
  if (only.length > 0 && !only.includes(name)) continue;
  process.stdout.write(`\n== ${name} ==\n`);
  await run();
}
