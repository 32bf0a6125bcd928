import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { serverLogPath } from './server-log.js';

// Without a bot token the server writes each admin-bot message to a file and logs
// `admin bot message for <telegram id>: <path>`: the texts an owner would read in Telegram.
export async function botMessagesAfter(since: number, telegramId: number, count: number): Promise<string[]> {
  const pattern = new RegExp(`admin bot message for ${telegramId}: (\\S+)`, 'g');
  let texts: string[] = [];
  await expect
    .poll(
      () => {
        const log = readFileSync(serverLogPath(), 'utf8').slice(since);
        texts = [...log.matchAll(pattern)].map((m) => readFileSync(m[1]!, 'utf8'));
        return texts.length;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return texts;
}
