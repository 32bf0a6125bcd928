import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from '../clock.js';

/**
 * Exports "to Telegram" (statistics, invoices): a document sent to a cabinet user by the admin bot.
 * Drivers: the grammY bot (modules/auth/drivers/telegram-bot.ts) and, without a bot token, the
 * local folder below.
 */
export interface AdminBotFiles {
  sendDocument(telegramId: number, fileName: string, bytes: Buffer, caption: string): Promise<void>;
}

/**
 * Text messages from the admin bot to a chat: alerts (a negative review rating) to the salon's
 * Telegram ids, negative for group chats. Drivers: the grammY bot and the local folder below.
 */
export interface AdminBotMessages {
  sendText(chatId: number | string, text: string): Promise<void>;
}

// Without a bot the text is written to `${dataDir}/bot-outbox/<stamp>-<chatId>-alert.txt` and one
// plain line says where: `admin bot message for <id>: <path>`.
export function localAdminBotMessages(
  dataDir: string,
  clock: Clock,
  write: (line: string) => void = (l) => process.stdout.write(l),
): AdminBotMessages {
  const dir = path.join(dataDir, 'bot-outbox');
  return {
    async sendText(chatId, text) {
      await mkdir(dir, { recursive: true });
      const stamp = clock.now().toISOString().replace(/[:.]/g, '-');
      const id = String(chatId).replace(/[^\d-]/g, '') || 'unknown';
      const target = path.join(dir, `${stamp}-${id}-${randomBytes(3).toString('hex')}-alert.txt`);
      const tmp = `${target}.part`;
      await writeFile(tmp, text);
      await rename(tmp, target);
      write(`admin bot message for ${id}: ${target}\n`);
    },
  };
}

// Without a bot the document is written to `${dataDir}/bot-outbox/` and one plain line says where,
// the way PINs go to the server log: `admin bot document for <id>: <path>`.
export function localAdminBotFiles(
  dataDir: string,
  clock: Clock,
  write: (line: string) => void = (l) => process.stdout.write(l),
): AdminBotFiles {
  const dir = path.join(dataDir, 'bot-outbox');
  return {
    async sendDocument(telegramId, fileName, bytes, caption) {
      await mkdir(dir, { recursive: true });
      const stamp = clock.now().toISOString().replace(/[:.]/g, '-');
      const safeName = fileName.replace(/[^\w.-]+/g, '_').slice(0, 120) || 'document';
      const target = path.join(dir, `${stamp}-${telegramId}-${safeName}`);
      // Whole or not at all: a reader never sees half a document.
      const tmp = `${target}.${randomBytes(4).toString('hex')}.part`;
      await writeFile(tmp, bytes);
      await rename(tmp, target);
      await writeFile(`${target}.caption.txt`, caption);
      write(`admin bot document for ${telegramId}: ${target}\n`);
    },
  };
}
