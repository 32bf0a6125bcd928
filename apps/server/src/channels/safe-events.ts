import type { Logger } from '../platform/logger.js';
import type { ChannelEvents } from './channel.js';

// The core's handlers run inside a provider library's event callbacks (Baileys, GramJS). One that
// throws must not break the library's event processing (and with it the connection), so failures
// are logged and swallowed here. Events whose result the driver awaits keep their promise.
export function safeEvents(events: ChannelEvents, logger: Logger): ChannelEvents {
  const run = (event: keyof ChannelEvents, handler: () => void): void => {
    try {
      handler();
    } catch (err) {
      logger.error({ err, event }, 'channel event handler failed');
    }
  };
  return {
    status: (status, detail) => run('status', () => events.status(status, detail)),
    qr: (value, expiresAt) => run('qr', () => events.qr(value, expiresAt)),
    credentials: (serialized) => run('credentials', () => events.credentials(serialized)),
    ack: (id, ack) => run('ack', () => events.ack(id, ack)),
    inbound: (message) => run('inbound', () => events.inbound(message)),
    subscriber: (event) =>
      Promise.resolve()
        .then(() => events.subscriber(event))
        .catch((err: unknown) => {
          logger.error({ err, event: 'subscriber' }, 'channel event handler failed');
          return null;
        }),
  };
}
