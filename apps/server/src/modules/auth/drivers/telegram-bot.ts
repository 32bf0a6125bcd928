import { Bot, InputFile } from 'grammy';
import type { Logger } from '../../../platform/logger.js';
import {
  buttonHandlerFor,
  checkButtons,
  registerButtonHandler,
  type AdminBotButtonAnswer,
  type AdminBotButtonHandler,
  type AdminBotButtons,
  type AdminBotFiles,
  type AdminBotMessages,
} from '../../../platform/files/admin-bot-files.js';
import type { PinDelivery } from '../pin-delivery.js';

const TEXT = {
  ru: {
    pin: (pin: string) => `Ваш PIN для входа в кабинет: ${pin}\nОн действует 5 минут. Никому его не сообщайте.`,
    start: (id: number) =>
      `Здравствуйте! Ваш Telegram id: ${id}\nВведите его на странице входа, и я пришлю PIN. Или отправьте /pin — пришлю PIN сразу.`,
    noAccess: (id: number) => `У Telegram id ${id} нет доступа к кабинету.`,
  },
  en: {
    pin: (pin: string) => `Your cabinet login PIN: ${pin}\nIt is valid for 5 minutes. Do not share it.`,
    start: (id: number) =>
      `Hello! Your Telegram id is ${id}\nEnter it on the login page and I will send you a PIN. Or send /pin to get one right away.`,
    noAccess: (id: number) => `Telegram id ${id} has no access to the cabinet.`,
  },
} as const;

function textFor(lang: string | undefined) {
  return lang?.startsWith('en') ? TEXT.en : TEXT.ru;
}

// Telegram shows at most 200 characters of a callback answer.
const CALLBACK_ANSWER_MAX = 200;

export interface TelegramAdminBot extends PinDelivery, AdminBotFiles, AdminBotMessages, AdminBotButtons {
  username(): Promise<string>;
  // Long polling for /start; only one process should poll (the worker role).
  startPolling(): void;
  stop(): Promise<void>;
}

type IssuePin = Parameters<NonNullable<PinDelivery['listenForPinRequests']>>[0];

// The admin bot (grammY). A bot may write to a person only after they pressed Start, so /start
// answers with the person's id: the login page tells new users to do exactly that. /pin sends a
// fresh PIN into the private chat it was asked from: Telegram vouches that the chat's id is the
// writer's, so this works even while the login page holds PIN requests for that id back.
export function telegramAdminBot(token: string, logger: Logger, apiRoot?: string): TelegramAdminBot {
  const bot = new Bot(token, apiRoot ? { client: { apiRoot } } : {});
  let issuePin: IssuePin | undefined;
  bot.command('start', async (ctx) => {
    if (!ctx.from) return;
    await ctx.reply(textFor(ctx.from.language_code).start(ctx.from.id));
  });
  bot.command('pin', async (ctx) => {
    // Only a private chat's id is its writer's id (a group's is the group's).
    if (!ctx.from || !issuePin || ctx.chat.type !== 'private' || ctx.chat.id !== ctx.from.id) return;
    const issued = await issuePin(ctx.from.id);
    const text = textFor(issued?.lang ?? ctx.from.language_code);
    await ctx.reply(issued ? text.pin(issued.pin) : text.noAccess(ctx.from.id));
  });
  const buttonHandlers = new Map<string, AdminBotButtonHandler>();
  // A press is always answered (Telegram keeps the button spinning otherwise), and a failing
  // handler is logged here rather than reaching bot.catch.
  bot.on('callback_query:data', async (ctx) => {
    const data = ctx.callbackQuery.data;
    const handler = buttonHandlerFor(buttonHandlers, data);
    let answer: AdminBotButtonAnswer = undefined;
    if (handler) {
      try {
        // A button under an inline message has no chat: the presser's private chat stands in.
        answer = await handler({ chatId: ctx.chat?.id ?? ctx.from.id, fromId: ctx.from.id, data });
      } catch (err) {
        logger.error({ err, data }, 'admin bot button handler failed');
      }
    }
    try {
      await ctx.answerCallbackQuery(answer ? { text: answer.slice(0, CALLBACK_ANSWER_MAX) } : undefined);
    } catch (err) {
      logger.warn({ err }, 'admin bot could not answer a button press');
    }
  });
  bot.catch((err) => logger.error({ err: err.error }, 'admin bot update failed'));
  let polling = false;
  return {
    kind: 'telegram-bot',
    async deliver(telegramId, pin, lang) {
      // For a private chat the chat id is the user id.
      await bot.api.sendMessage(telegramId, textFor(lang).pin(pin));
    },
    listenForPinRequests(issue) {
      issuePin = issue;
    },
    async sendDocument(telegramId, fileName, bytes, caption) {
      await bot.api.sendDocument(telegramId, new InputFile(bytes, fileName), { caption });
    },
    async sendText(chatId, text, options) {
      const rows = options?.buttons;
      checkButtons(rows);
      await bot.api.sendMessage(
        chatId,
        text,
        rows && rows.length > 0
          ? {
              reply_markup: {
                inline_keyboard: rows.map((row) => row.map((b) => ({ text: b.text, callback_data: b.data }))),
              },
            }
          : {},
      );
    },
    onButton(prefix, handler) {
      registerButtonHandler(buttonHandlers, prefix, handler);
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
