import type { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import type { Db } from '../../platform/db/client.js';
import {
  localAdminBotButtons,
  localAdminBotFiles,
  localAdminBotMessages,
  type AdminBotButtons,
  type AdminBotFiles,
  type AdminBotMessages,
} from '../../platform/files/admin-bot-files.js';
import type { Logger } from '../../platform/logger.js';
import type { ServerModule } from '../../platform/module.js';
import { RateLimiter } from '../../platform/rate-limit/rate-limiter.js';
import { serverLogPinDelivery } from './drivers/server-log.js';
import { telegramAdminBot, type TelegramAdminBot } from './drivers/telegram-bot.js';
import { authJobs } from './jobs.js';
import type { PinDelivery } from './pin-delivery.js';
import { AuthRepository } from './repository.js';
import { authRoutes } from './routes.js';
import { AuthService } from './service.js';
import { AccessTokens } from './tokens.js';

export interface AdminBot {
  // The Telegram admin bot, when TELEGRAM_BOT_TOKEN is set.
  bot: TelegramAdminBot | undefined;
  // Where login PINs go: the bot, the server log, or what a test handed in.
  delivery: PinDelivery;
  // Where exports go: the bot, or DATA_DIR/bot-outbox (the log says where).
  files: AdminBotFiles;
  // Where alerts go (text messages to Telegram ids): the bot, or DATA_DIR/bot-outbox.
  messages: AdminBotMessages;
  // Presses of the buttons under those messages: the bot's, or in-process handlers a test or a dev
  // tool presses (isLocalAdminBotButtons → press). Presses arrive only where the bot polls.
  buttons: AdminBotButtons;
}

// The admin bot port: its driver is chosen from config; tests hand in their own PIN delivery.
export function selectAdminBot(config: Config, clock: Clock, logger: Logger, given?: PinDelivery): AdminBot {
  const bot = !given && config.TELEGRAM_BOT_TOKEN ? telegramAdminBot(config.TELEGRAM_BOT_TOKEN, logger) : undefined;
  let delivery = given ?? bot;
  if (!delivery) {
    delivery = serverLogPinDelivery();
    logger.warn('TELEGRAM_BOT_TOKEN is not set: login PINs are written to this log');
  }
  return {
    bot,
    delivery,
    files: bot ?? localAdminBotFiles(config.dataDir, clock),
    messages: bot ?? localAdminBotMessages(config.dataDir, clock),
    buttons: bot ?? localAdminBotButtons(),
  };
}

export interface AuthModuleDeps {
  db: Db;
  config: Config;
  clock: Clock;
  logger: Logger;
  tokenSecret: Buffer;
  adminBot: AdminBot;
}

export interface AuthModule extends ServerModule {
  service: AuthService;
  // Signs an access token for a user's session (the AI host's token exchange answers one).
  issueAccessToken(userId: number, sessionId: string): string;
}

export function createAuthModule(deps: AuthModuleDeps): AuthModule {
  const { config, clock, adminBot } = deps;
  const tokens = new AccessTokens(deps.tokenSecret, config.ACCESS_TOKEN_TTL_SECONDS);
  const service = new AuthService({
    repo: new AuthRepository(deps.db),
    limiter: new RateLimiter(deps.db, clock),
    clock,
    tokens,
    delivery: adminBot.delivery,
    secret: deps.tokenSecret,
    sessionTtlDays: config.SESSION_TTL_DAYS,
    pinRequestsPerIdHour: config.AUTH_PIN_REQUESTS_PER_ID_HOUR,
    pinCooldownSeconds: config.AUTH_PIN_COOLDOWN_SECONDS,
    logger: deps.logger,
  });
  return {
    service,
    issueAccessToken: (userId, sessionId) => tokens.sign(userId, sessionId, clock.now()),
    routes: { main: [authRoutes(service)] },
    jobs: authJobs(service),
    // The bot answers users (PINs, exports) only from worker processes.
    start: async () => adminBot.bot?.startPolling(),
    stop: async () => adminBot.bot?.stop(),
  };
}
