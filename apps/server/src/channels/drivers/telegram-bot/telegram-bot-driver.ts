import { z } from 'zod';
import type { Logger } from '../../../platform/logger.js';
import type { BotWebhook, ChannelDriver, ChannelEvents, ChannelInstanceRef, ChannelSession } from '../../channel.js';
import { TelegramBotSession, type BotAccount } from './telegram-bot-session.js';

export interface TelegramBotDriverOptions {
  // https://api.telegram.org, or a local Bot API server / test fake (no trailing slash).
  apiRoot: string;
  logger: Logger;
  // Where Telegram posts updates; null: the session long-polls getUpdates.
  webhook: BotWebhook | null;
  // getUpdates long-poll timeout (Telegram's `timeout`, seconds).
  pollTimeoutS?: number;
  // First wait after a failed connect or poll; it doubles on repeated failures.
  retryMs?: number;
  // 429 waits up to this long are retried inside the call; longer ones reach the core.
  maxRetryDelayS?: number;
}

// What the session stores as its credentials (our own shape; the core seals it).
const storedAccount = z.object({ token: z.string().min(1), username: z.string() });

// The salon's own Telegram bot (issue 19) through grammY's Bot API client.
export function telegramBotDriver(options: TelegramBotDriverOptions): ChannelDriver {
  return {
    kind: 'tg_bot',
    provider: 'grammy',
    open(instance: ChannelInstanceRef, credentials: string | null, events: ChannelEvents): Promise<ChannelSession> {
      const logger = options.logger.child({ channel: 'tg_bot', instance: instance.id });
      const session = new TelegramBotSession({
        instanceId: instance.id,
        apiRoot: options.apiRoot,
        logger,
        events,
        webhook: options.webhook,
        pollTimeoutS: options.pollTimeoutS ?? 25,
        retryMs: options.retryMs ?? 5_000,
        maxRetryDelayS: options.maxRetryDelayS ?? 5,
      });
      session.start(readAccount(credentials, logger));
      return Promise.resolve(session);
    },
  };
}

function readAccount(credentials: string | null, logger: Logger): BotAccount | null {
  if (!credentials) return null;
  try {
    return storedAccount.parse(JSON.parse(credentials));
  } catch (error) {
    // Never a token we stored: the salon enters it again.
    logger.warn({ err: error }, 'stored Telegram bot credentials are unreadable; starting logged out');
    return null;
  }
}
