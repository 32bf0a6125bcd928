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
 * A button under an admin bot message. `data` comes back in the press, prefixed by its handler's
 * prefix (`ai:send:12`); Telegram refuses callback data over 64 bytes.
 */
export interface AdminBotButton {
  text: string;
  data: string;
}

export const CALLBACK_DATA_MAX_BYTES = 64;

// Rows of buttons, checked before anything is sent: a refused keyboard would lose the whole alert.
export function checkButtons(rows: AdminBotButton[][] | undefined): void {
  for (const row of rows ?? []) {
    for (const button of row) {
      const bytes = Buffer.byteLength(button.data, 'utf8');
      if (bytes === 0 || bytes > CALLBACK_DATA_MAX_BYTES) {
        throw new Error(
          `admin bot button data must be 1–${CALLBACK_DATA_MAX_BYTES} bytes, got ${bytes}: ${button.data}`,
        );
      }
      if (button.text.trim() === '') throw new Error('admin bot button text is empty');
    }
  }
}

export interface AdminBotSendOptions {
  // Inline keyboard rows under the text; a press reaches the AdminBotButtons handler of its prefix.
  buttons?: AdminBotButton[][];
}

/**
 * Text messages from the admin bot to a chat: alerts (a negative review rating) to the salon's
 * Telegram ids, negative for group chats. Drivers: the grammY bot and the local folder below.
 */
export interface AdminBotMessages {
  sendText(chatId: number | string, text: string, options?: AdminBotSendOptions): Promise<void>;
}

export interface AdminBotButtonPress {
  chatId: number;
  // Who pressed: in a group chat not the chat's id; the handler checks their rights.
  fromId: number;
  data: string;
}

// Answers a press: the returned text is shown to the presser (a toast in Telegram). `void` so that a
// handler with nothing to say may simply end.
// eslint-disable-next-line @typescript-eslint/no-invalid-void-type
export type AdminBotButtonAnswer = string | void;
export type AdminBotButtonHandler = (press: AdminBotButtonPress) => Promise<AdminBotButtonAnswer>;

/**
 * Presses of the buttons sent with AdminBotMessages, dispatched by the prefix of their data (the
 * longest registered prefix wins). Drivers: the grammY bot and the in-process one below.
 */
export interface AdminBotButtons {
  onButton(prefix: string, handler: AdminBotButtonHandler): void;
}

// Finds the handler of the longest registered prefix of `data`.
export function buttonHandlerFor(
  handlers: ReadonlyMap<string, AdminBotButtonHandler>,
  data: string,
): AdminBotButtonHandler | undefined {
  let best: string | undefined;
  for (const prefix of handlers.keys()) {
    if (data.startsWith(prefix) && (best === undefined || prefix.length > best.length)) best = prefix;
  }
  return best === undefined ? undefined : handlers.get(best);
}

export function registerButtonHandler(
  handlers: Map<string, AdminBotButtonHandler>,
  prefix: string,
  handler: AdminBotButtonHandler,
): void {
  if (prefix === '') throw new Error('admin bot button prefix is empty');
  // Two modules on one prefix would steal each other's presses.
  if (handlers.has(prefix)) throw new Error(`admin bot button prefix ${prefix} is already handled`);
  handlers.set(prefix, handler);
}

export interface LocalAdminBotButtons extends AdminBotButtons {
  // What pressing a button in Telegram does, for tests and development without a bot: the
  // handler's answer, or undefined when no handler matches. A handler's error is thrown here.
  press(data: string, fromId: number, chatId: number): Promise<AdminBotButtonAnswer>;
}

// Without a bot nobody can press a button, so the handlers wait for `press` from a test or a dev tool.
export function localAdminBotButtons(): LocalAdminBotButtons {
  const handlers = new Map<string, AdminBotButtonHandler>();
  return {
    onButton(prefix, handler) {
      registerButtonHandler(handlers, prefix, handler);
    },
    async press(data, fromId, chatId) {
      const handler = buttonHandlerFor(handlers, data);
      return handler ? handler({ chatId, fromId, data }) : undefined;
    },
  };
}

export function isLocalAdminBotButtons(buttons: AdminBotButtons): buttons is LocalAdminBotButtons {
  return typeof (buttons as Partial<LocalAdminBotButtons>).press === 'function';
}

// Without a bot the text is written to `${dataDir}/bot-outbox/<stamp>-<chatId>-alert.txt` and one
// plain line says where: `admin bot message for <id>: <path>`. Buttons follow the text, one row a
// line: `[Отправить] ai:send:12  [Удалить] ai:delete:12`.
export function localAdminBotMessages(
  dataDir: string,
  clock: Clock,
  write: (line: string) => void = (l) => process.stdout.write(l),
): AdminBotMessages {
  const dir = path.join(dataDir, 'bot-outbox');
  return {
    async sendText(chatId, text, options) {
      checkButtons(options?.buttons);
      await mkdir(dir, { recursive: true });
      const stamp = clock.now().toISOString().replace(/[:.]/g, '-');
      const id = String(chatId).replace(/[^\d-]/g, '') || 'unknown';
      const target = path.join(dir, `${stamp}-${id}-${randomBytes(3).toString('hex')}-alert.txt`);
      const tmp = `${target}.part`;
      const rows = (options?.buttons ?? []).map((row) => row.map((b) => `[${b.text}] ${b.data}`).join('  '));
      await writeFile(tmp, rows.length > 0 ? `${text}\n\n${rows.join('\n')}\n` : text);
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
