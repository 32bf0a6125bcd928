import { Bot, InputFile } from 'grammy';
import type { Logger } from '../../../platform/logger.js';
import type { AdminBotFiles } from '../../../platform/files/admin-bot-files.js';
import type { PinDelivery } from '../pin-delivery.js';

const TEXT = {
  ru: {
    pin: (pin: string) => `Ваш PIN для входа в кабинет: ${pin}\nОн действует 5 минут. Никому его не сообщайте.`,
    start: (id: number) => `Здравствуйте! Ваш Telegram id: ${id}\nВведите его на странице входа, и я пришлю PIN.`,
  },
  en: {
    pin: (pin: string) => `Your cabinet login PIN: ${pin}\nIt is valid for 5 minutes. Do not share it.`,
    start: (id: number) => `Hello! Your Telegram id is ${id}\nEnter it on the login page and I will send you a PIN.`,
  },
} as const;

function textFor(lang: string | undefined) {
  return lang?.startsWith('en') ? TEXT.en : TEXT.ru;
}

export interface TelegramAdminBot extends PinDelivery, AdminBotFiles {
  username(): Promise<string>;
  // Long polling for /start; only one process should poll (the worker role).
  startPolling(): void;
  stop(): Promise<void>;
}

// The admin bot (grammY). A bot may write to a person only after they pressed Start, so /start
// answers with the person's id: the login page tells new users to do exactly that.
export function telegramAdminBot(token: string, logger: Logger, apiRoot?: string): TelegramAdminBot {
  const bot = new Bot(token, apiRoot ? { client: { apiRoot } } : {});
  bot.command('start', async (ctx) => {
    if (!ctx.from) return;
    await ctx.reply(textFor(ctx.from.language_code).start(ctx.from.id));
  });
  bot.catch((err) => logger.error({ err: err.error }, 'admin bot update failed'));
  let polling = false;
  return {
    kind: 'telegram-bot',
    async deliver(telegramId, pin, lang) {
      // For a private chat the chat id is the user id.
      await bot.api.sendMessage(telegramId, textFor(lang).pin(pin));
    },
    async sendDocument(telegramId, fileName, bytes, caption) {
      await bot.api.sendDocument(telegramId, new InputFile(bytes, fileName), { caption });
    },
    async username() {
      await bot.init();
      return bot.botInfo.username;
    },
    startPolling() {
      if (polling) return;
      polling = true;
      void bot.start({ drop_pending_updates: true }).catch((err: unknown) => {
        polling = false;
        logger.error({ err }, 'admin bot polling stopped');
      });
    },
    async stop() {
      if (polling) await bot.stop();
    },
  };
}
