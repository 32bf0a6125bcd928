import { z } from 'zod';
import type { Logger } from '../../../platform/logger.js';
import type { ChannelDriver, ChannelEvents, ChannelInstanceRef, ChannelSession } from '../../channel.js';
import { createGramjsClient, type TelegramClientLike } from './telegram-client.js';
import { TelegramGramjsSession } from './telegram-gramjs-session.js';

export interface TelegramGramjsDriverOptions {
  // The application's api_id and api_hash from my.telegram.org.
  apiId: number;
  apiHash: string;
  logger: Logger;
  // Builds the client over a serialized StringSession ('' for none). Defaults to a real GramJS client.
  createClient?: (session: string) => TelegramClientLike;
  now?: () => Date;
}

const appCredentials = z.object({
  apiId: z.number().int().positive(),
  apiHash: z.string().regex(/^[0-9a-f]{32}$/i, 'api_hash is 32 hex characters'),
});

// Telegram user accounts through GramJS (MTProto): phone + code (+ 2FA password) or QR login,
// sending to phone numbers, inbound private messages and read receipts.
export function telegramGramjsDriver(options: TelegramGramjsDriverOptions): ChannelDriver {
  const { apiId, apiHash } = appCredentials.parse({ apiId: options.apiId, apiHash: options.apiHash });
  const now = options.now ?? (() => new Date());
  const createClient =
    options.createClient ??
    ((session: string) => createGramjsClient(session, { apiId, apiHash, logger: options.logger }));

  return {
    kind: 'telegram',
    provider: 'gramjs',
    open(instance: ChannelInstanceRef, credentials: string | null, events: ChannelEvents): Promise<ChannelSession> {
      const logger = options.logger.child({ channel: 'telegram', instance: instance.id });
      let stored = credentials ?? '';
      let client: TelegramClientLike;
      try {
        client = createClient(stored);
      } catch (error) {
        // StringSession rejects a string it cannot parse. Such a session can never log in again,
        // so it is dropped and the channel starts logged out rather than failing to open.
        logger.warn({ err: error }, 'stored Telegram session is unreadable; starting logged out');
        events.credentials('');
        stored = '';
        client = createClient(stored);
      }
      const session = new TelegramGramjsSession({
        client,
        events,
        hasStoredSession: stored !== '',
        apiId,
        apiHash,
        logger,
        now,
      });
      session.start();
      return Promise.resolve(session);
    },
  };
}
