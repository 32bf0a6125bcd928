import type { Logger } from '../../../platform/logger.js';
import type { BotWebhook, ChannelDriver, ChannelEvents, ChannelInstanceRef, ChannelSession } from '../../channel.js';
import { safeEvents } from '../../safe-events.js';
import { MaxBotSession } from './max-bot-session.js';

export interface MaxBotDriverOptions {
  // The MAX Bot API, https://platform-api2.max.ru in production.
  baseUrl: string;
  logger: Logger;
  // Where MAX posts updates; null: the session long-polls GET /updates.
  webhook: BotWebhook | null;
  fetch?: typeof fetch;
  // Seconds one GET /updates waits for updates (MAX allows up to 90).
  pollTimeoutS?: number;
  // First wait before retrying after a network or provider failure (doubling up to a minute).
  retryMs?: number;
}

// The salon's own bot in the MAX messenger, on the official client (@maxhub/max-bot-api): a token
// from MAX's MasterBot, users linked through Start deep links and the contact button, text sends.
export function maxBotDriver(options: MaxBotDriverOptions): ChannelDriver {
  return {
    kind: 'max',
    provider: 'maxbot',
    open(instance: ChannelInstanceRef, credentials: string | null, events: ChannelEvents): Promise<ChannelSession> {
      const logger = options.logger.child({ channel: 'max', instance: instance.id });
      const session = new MaxBotSession({
        instance,
        events: safeEvents(events, logger),
        logger,
        api: { baseUrl: options.baseUrl, ...(options.fetch ? { fetch: options.fetch } : {}) },
        webhook: options.webhook,
        pollTimeoutS: options.pollTimeoutS ?? 30,
        retryMs: options.retryMs ?? 5000,
      });
      session.start(credentials);
      return Promise.resolve(session);
    },
  };
}
