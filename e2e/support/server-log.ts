import { readFileSync } from 'node:fs';
import path from 'node:path';

const LOG = path.join(
  process.env.E2E_TMP_DIR ? path.resolve(process.env.E2E_TMP_DIR) : path.resolve(import.meta.dirname, '..', '.tmp'),
  'server.log',
);

export function serverLogPath(): string {
  return LOG;
}

export function logLength(): number {
  try {
    return readFileSync(LOG, 'utf8').length;
  } catch {
    return 0;
  }
}

// With no bot token the server writes `login PIN for <id>: <pin>`; read the first one after `since`.
export async function pinFor(telegramId: number, since: number): Promise<string> {
  const pattern = new RegExp(`login PIN for ${telegramId}: (\\d{4})`);
  for (let i = 0; i < 100; i++) {
    const match = pattern.exec(readFileSync(LOG, 'utf8').slice(since));
    if (match?.[1]) return match[1];
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no PIN for ${telegramId} in the server log`);
}
